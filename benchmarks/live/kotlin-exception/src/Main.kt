package calc

fun main() {
    val scores = listOf<Int>()
    println("average: " + average(scores))
}

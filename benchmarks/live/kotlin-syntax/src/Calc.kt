package calc

fun add(a: Int, b: Int): Int = a + b

fun main() {
    println(add(1, 2)
}

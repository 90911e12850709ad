package calc

fun add(a: Int, b: Int): Int {
    val unused = a * 2
    return a + b
}

fun main() {
    check(add(2, 3) == 5) { "add is wrong" }
    println("ok")
}

package calc

fun add(a: Int, b: Int): Int = a + b

fun describe(n: Int): String {
    val total: String = add(n, 1)
    return "total: " + totl
}

package calc

import kotlin.test.assertEquals

fun main() {
    assertEquals(5, add(2, 3), "add(2, 3)")
    println("all tests passed")
}

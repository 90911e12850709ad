package calc

object Calc {
  def add(a: Int, b: Int): Int = a + b

  def describe(n: Int): String = {
    val total: String = add(n, 1)
    "total: " + totl
  }
}

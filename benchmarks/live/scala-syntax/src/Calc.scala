package calc

object Calc {
  def add(a: Int, b: Int): Int = a + b

  def twice(n: Int): Int = {
    val x = add(n, n
    x
  }
}

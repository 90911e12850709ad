package calc

object Calc {
  def add(a: Int, b: Int): Int = a - b
}

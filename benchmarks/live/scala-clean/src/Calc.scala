package calc

object Calc {
  @deprecated("use add", "1.0") def plus(a: Int, b: Int): Int = a + b
  def add(a: Int, b: Int): Int = a + b

  def main(args: Array[String]): Unit = {
    require(plus(2, 3) == 5, "plus is wrong")
    println("ok")
  }
}

package calc

object CalcTest {
  def main(args: Array[String]): Unit = {
    val got = Calc.add(2, 3)
    assert(got == 5, s"add(2, 3) was $got, expected 5")
    println("all tests passed")
  }
}

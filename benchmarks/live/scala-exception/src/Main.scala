package calc

object Main {
  def main(args: Array[String]): Unit = {
    val scores = Seq.empty[Int]
    println("average: " + Calc.average(scores))
  }
}

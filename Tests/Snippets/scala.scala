package example

import scala.collection.mutable

// A shape hierarchy
sealed trait Shape
case class Circle(r: Double) extends Shape
case class Square(s: Double) extends Shape

object Main {
  def area(shape: Shape): Double = shape match {
    case Circle(r) => math.Pi * r * r
    case Square(s) => s * s
  }

  def main(args: Array[String]): Unit = {
    val shapes = List(Circle(1.0), Square(2.0))
    println(s"total: ${shapes.map(area).sum}")
  }
}

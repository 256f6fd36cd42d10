import 'dart:math';

/// A point in the plane.
class Point {
  final double x, y;
  const Point(this.x, this.y);

  double distanceTo(Point other) {
    final dx = x - other.x;
    final dy = y - other.y;
    return sqrt(dx * dx + dy * dy);
  }
}

Future<void> main() async {
  var points = [Point(0, 0), Point(3, 4)];
  print('distance: ${points[0].distanceTo(points[1])}');
  await Future.delayed(Duration(seconds: 1));
}

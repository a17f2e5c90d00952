/// A point in pixel space: x to the right, y down.
struct Point: Sendable {
  var x: Double
  var y: Double

  init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
  static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
  static func * (a: Point, k: Double) -> Point { Point(a.x * k, a.y * k) }

  /// The point a fraction `t` of the way to `other`.
  func lerp(_ other: Point, _ t: Double) -> Point {
    Point(x + (other.x - x) * t, y + (other.y - y) * t)
  }
}

/// An affine map of the plane, `x' = a x + c y + tx`, `y' = b x + d y + ty`.
struct Transform: Sendable {
  var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

  static let identity = Transform()

  static func translation(_ x: Double, _ y: Double) -> Transform { Transform(tx: x, ty: y) }

  static func scale(_ sx: Double, _ sy: Double) -> Transform { Transform(a: sx, d: sy) }

  /// A rotation by `angle` radians, clockwise on screen (y points down).
  static func rotation(_ angle: Double) -> Transform {
    let cosine = Trig.cos(angle)
    let sine = Trig.sin(angle)
    return Transform(a: cosine, b: sine, c: -sine, d: cosine)
  }

  func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

  /// `self` applied after `first`.
  func after(_ first: Transform) -> Transform {
    Transform(
      a: a * first.a + c * first.b, b: b * first.a + d * first.b,
      c: a * first.c + c * first.d, d: b * first.c + d * first.d,
      tx: a * first.tx + c * first.ty + tx, ty: b * first.tx + d * first.ty + ty)
  }
}

/// Sine and cosine from plain arithmetic, so geometry does not depend on the platform's libm.
enum Trig {
  static let pi = 3.141_592_653_589_793

  /// Degrees to radians.
  static func radians(_ degrees: Double) -> Double { degrees * pi / 180 }

  static func sin(_ angle: Double) -> Double {
    // Reduce to [-pi, pi], then to [-pi/2, pi/2] where the Taylor series converges fast.
    var x = angle - (angle / (2 * pi)).rounded() * 2 * pi
    if x > pi / 2 {
      x = pi - x
    } else if x < -pi / 2 {
      x = -pi - x
    }
    let x2 = x * x
    var term = x
    var sum = x
    for n in stride(from: 2, through: 22, by: 2) {
      term *= -x2 / Double(n * (n + 1))
      sum += term
    }
    return sum
  }

  static func cos(_ angle: Double) -> Double { sin(angle + pi / 2) }
}

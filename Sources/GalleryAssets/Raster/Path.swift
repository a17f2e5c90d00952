/// Closed polygons filled with the non-zero winding rule; curves are flattened on creation.
///
/// Overlapping contours of the same direction merge; a contour reversed with
/// `reversed()` cuts a hole.
struct Path: Sendable {
  var contours: [[Point]] = []

  /// A polygon through the points, closed back to the first.
  ///
  /// Every shape is turned to the same (clockwise on screen) direction, so shapes added
  /// together merge instead of cancelling where they overlap.
  static func polygon(_ points: [Point]) -> Path {
    var twiceArea = 0.0
    for (a, b) in zip(points, points.dropFirst() + points.prefix(1)) {
      twiceArea += a.x * b.y - b.x * a.y
    }
    return Path(contours: [twiceArea < 0 ? points.reversed() : points])
  }

  static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Path {
    polygon([Point(x, y), Point(x + width, y), Point(x + width, y + height), Point(x, y + height)])
  }

  /// A rectangle with circular corners of `radius` (clamped to half the shorter side).
  static func roundedRect(
    _ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double
  ) -> Path {
    let r = max(0, min(radius, width / 2, height / 2))
    if r <= 0 { return rect(x, y, width, height) }
    var points: [Point] = []
    let corners = [
      (Point(x + width - r, y + r), -90.0), (Point(x + width - r, y + height - r), 0.0),
      (Point(x + r, y + height - r), 90.0), (Point(x + r, y + r), 180.0),
    ]
    let steps = segments(for: r) / 4 + 2
    for (center, start) in corners {
      for i in 0...steps {
        let angle = Trig.radians(start + 90 * Double(i) / Double(steps))
        points.append(Point(center.x + r * Trig.cos(angle), center.y + r * Trig.sin(angle)))
      }
    }
    return polygon(points)
  }

  /// An ellipse around `center`, turned by `rotation` radians.
  static func ellipse(_ center: Point, _ rx: Double, _ ry: Double, rotation: Double = 0) -> Path {
    arc(center, rx, ry, from: 0, to: 2 * Trig.pi, rotation: rotation)
  }

  static func circle(_ center: Point, _ radius: Double) -> Path { ellipse(center, radius, radius) }

  /// A pie slice (or the whole ellipse) between two angles in radians, through the centre
  /// unless the sweep is a full turn.
  static func arc(
    _ center: Point, _ rx: Double, _ ry: Double, from start: Double, to end: Double,
    rotation: Double = 0
  ) -> Path {
    let sweep = end - start
    let full = abs(sweep) >= 2 * Trig.pi - 1e-9
    let count = max(8, Int(Double(segments(for: max(rx, ry))) * abs(sweep) / (2 * Trig.pi)))
    let turn = Transform.rotation(rotation)
    var points: [Point] = full ? [] : [center]
    for i in 0..<(full ? count : count + 1) {
      let angle = start + sweep * Double(i) / Double(count)
      let local = turn.apply(Point(rx * Trig.cos(angle), ry * Trig.sin(angle)))
      points.append(center + local)
    }
    return polygon(points)
  }

  /// A stroke between two points, `width` thick, with round ends when `round` is set.
  static func line(_ from: Point, _ to: Point, width: Double, round: Bool = true) -> Path {
    let dx = to.x - from.x
    let dy = to.y - from.y
    let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
    let nx = -dy / length * width / 2
    let ny = dx / length * width / 2
    var path = polygon([
      Point(from.x + nx, from.y + ny), Point(to.x + nx, to.y + ny),
      Point(to.x - nx, to.y - ny), Point(from.x - nx, from.y - ny),
    ])
    if round {
      path.add(circle(from, width / 2))
      path.add(circle(to, width / 2))
    }
    return path
  }

  /// A stroke through several points, joined with round joints.
  static func polyline(_ points: [Point], width: Double) -> Path {
    var path = Path()
    for (a, b) in zip(points, points.dropFirst()) {
      path.add(line(a, b, width: width))
    }
    return path
  }

  /// A regular star (or polygon when `inner == outer`) with `points` tips, the first up.
  static func star(_ center: Point, points: Int, outer: Double, inner: Double, rotation: Double = 0)
    -> Path
  {
    var vertices: [Point] = []
    for i in 0..<(points * 2) {
      let radius = i % 2 == 0 ? outer : inner
      let angle = rotation - Trig.pi / 2 + Trig.pi * Double(i) / Double(points)
      vertices.append(
        Point(center.x + radius * Trig.cos(angle), center.y + radius * Trig.sin(angle)))
    }
    return polygon(vertices)
  }

  mutating func add(_ other: Path) { contours += other.contours }

  /// This path plus another.
  func adding(_ other: Path) -> Path { Path(contours: contours + other.contours) }

  /// The same outline traversed the other way, to cut holes.
  func reversed() -> Path { Path(contours: contours.map { $0.reversed() }) }

  func applying(_ transform: Transform) -> Path {
    Path(contours: contours.map { $0.map(transform.apply) })
  }

  /// Every vertex moved through `map` (for perspective: straight edges stay straight).
  func mapped(_ map: (Point) -> Point) -> Path { Path(contours: contours.map { $0.map(map) }) }

  /// Enough straight segments that a curve of this radius looks round.
  private static func segments(for radius: Double) -> Int {
    min(256, max(16, Int(radius.squareRoot() * 6)))
  }
}

/// How a filled shape is coloured.
enum Paint: Sendable {
  case solid(RGBA)
  /// A colour ramp along the line from `from` to `to`, padded beyond its ends.
  case linear(from: Point, to: Point, stops: [GradientStop])

  /// A two-colour gradient.
  static func gradient(_ from: Point, _ to: Point, _ start: RGBA, _ end: RGBA) -> Paint {
    .linear(from: from, to: to, stops: [GradientStop(0, start), GradientStop(1, end)])
  }
}

/// One colour of a gradient at `offset` (0 ... 1) along it.
struct GradientStop: Sendable {
  var offset: Double
  var color: RGBA

  init(_ offset: Double, _ color: RGBA) {
    self.offset = offset
    self.color = color
  }
}

/// A paint resolved for one fill: the solid case costs nothing per pixel.
struct PaintSampler {
  private let solid: RGBA?
  private let origin: Point
  private let axis: Point
  private let stops: [GradientStop]

  init(_ paint: Paint) {
    switch paint {
    case .solid(let color):
      solid = color
      origin = Point(0, 0)
      axis = Point(0, 0)
      stops = []
    case .linear(let from, let to, let gradientStops):
      solid = nil
      origin = from
      let dx = to.x - from.x
      let dy = to.y - from.y
      let lengthSquared = max(dx * dx + dy * dy, 1e-12)
      axis = Point(dx / lengthSquared, dy / lengthSquared)
      stops = gradientStops
    }
  }

  /// The colour at the centre of pixel (x, y).
  func color(x: Int, y: Int) -> RGBA {
    if let solid { return solid }
    let t = (Double(x) + 0.5 - origin.x) * axis.x + (Double(y) + 0.5 - origin.y) * axis.y
    guard let first = stops.first, let last = stops.last else { return RGBA(0, 0, 0, 0) }
    if t <= first.offset { return first.color }
    if t >= last.offset { return last.color }
    for (a, b) in zip(stops, stops.dropFirst()) where t <= b.offset {
      let span = max(b.offset - a.offset, 1e-12)
      return a.color.mix(b.color, (t - a.offset) / span)
    }
    return last.color
  }
}

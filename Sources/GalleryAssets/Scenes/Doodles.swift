/// Flat icons on a transparent background, for the flow layout: bold shapes, strong colours.
///
/// Each icon is drawn in its own design box (1 unit tall, its width given in `icons`) and
/// scaled, centred, to fill most of the picture.
enum Doodles {
  private typealias Icon = (
    width: Double, height: Double, draw: @Sendable (inout Layer, inout SplitMix64) -> Void
  )

  /// Paths in design units, filled through the fitting transform.
  struct Layer {
    var canvas: Canvas
    let transform: Transform

    mutating func fill(_ path: Path, _ color: RGBA) { canvas.fill(path.applying(transform), color) }

    mutating func fill(_ path: Path, from: Point, to: Point, _ start: RGBA, _ end: RGBA) {
      canvas.fill(
        path.applying(transform), .gradient(transform.apply(from), transform.apply(to), start, end))
    }
  }

  static func draw(_ canvas: inout Canvas, _ random: inout SplitMix64, variant: Int) {
    let icon = icons[variant % icons.count]
    let scale = min(Double(canvas.width) / icon.width, Double(canvas.height) / icon.height) * 0.88
    let transform = Transform.translation(
      (Double(canvas.width) - icon.width * scale) / 2,
      (Double(canvas.height) - icon.height * scale) / 2
    ).after(.scale(scale, scale))
    var layer = Layer(canvas: canvas, transform: transform)
    icon.draw(&layer, &random)
    canvas = layer.canvas
  }

  private static let icons: [Icon] = [
    (1, 1, star), (1, 1, heart), (1.5, 1, cloud), (0.8, 1, tree), (1, 1, sun), (1, 1, house),
    (1.33, 1, fish), (1, 1, moon), (0.75, 1, balloon), (1, 1, flower), (1, 1, lightning),
    (1.25, 1, umbrella), (1, 1, leaf), (0.66, 1, rocket), (1, 1, mushroom), (1.33, 1, sailboat),
    (1, 1, apple), (1, 1, musicNote), (0.75, 1, raindrop), (1.33, 1, cat),
  ]

  private static func star(_ layer: inout Layer, _ random: inout SplitMix64) {
    layer.fill(.star(Point(0.5, 0.54), points: 5, outer: 0.52, inner: 0.22), RGBA(hex: 0xF4A300))
    layer.fill(.star(Point(0.5, 0.54), points: 5, outer: 0.4, inner: 0.17), RGBA(hex: 0xFFCE3A))
  }

  private static func heart(_ layer: inout Layer, _ random: inout SplitMix64) {
    var shape = Path.circle(Point(0.29, 0.33), 0.24)
    shape.add(.circle(Point(0.71, 0.33), 0.24))
    shape.add(.polygon([Point(0.06, 0.4), Point(0.94, 0.4), Point(0.5, 0.95)]))
    layer.fill(shape, from: Point(0, 0), to: Point(1, 1), RGBA(hex: 0xFF4D6D), RGBA(hex: 0xC9184A))
    layer.fill(.ellipse(Point(0.26, 0.28), 0.09, 0.05, rotation: -0.7), RGBA(1, 1, 1, 0.7))
  }

  private static func cloud(_ layer: inout Layer, _ random: inout SplitMix64) {
    layer.fill(.circle(Point(1.05, 0.32), 0.24), RGBA(hex: 0xFFB703))
    var shape = Path.circle(Point(0.45, 0.58), 0.24)
    shape.add(.circle(Point(0.78, 0.44), 0.32))
    shape.add(.circle(Point(1.1, 0.6), 0.22))
    shape.add(.roundedRect(0.2, 0.55, 1.12, 0.32, radius: 0.16))
    layer.fill(
      shape, from: Point(0, 0.2), to: Point(0, 0.9), RGBA(hex: 0xFFFFFF), RGBA(hex: 0xB9D7F2))
  }

  private static func tree(_ layer: inout Layer, _ random: inout SplitMix64) {
    layer.fill(.roundedRect(0.34, 0.6, 0.12, 0.4, radius: 0.03), RGBA(hex: 0x8B5A2B))
    var crown = Path.circle(Point(0.4, 0.28), 0.26)
    crown.add(.circle(Point(0.2, 0.5), 0.2))
    crown.add(.circle(Point(0.6, 0.5), 0.2))
    crown.add(.circle(Point(0.4, 0.58), 0.18))
    layer.fill(crown, RGBA(hex: 0x2D9D4B))
    layer.fill(.circle(Point(0.33, 0.22), 0.1), RGBA(hex: 0x5CC66B))
    for apple in [Point(0.22, 0.48), Point(0.55, 0.4), Point(0.47, 0.6)] {
      layer.fill(.circle(apple, 0.04), RGBA(hex: 0xE63946))
    }
  }

  private static func sun(_ layer: inout Layer, _ random: inout SplitMix64) {
    let center = Point(0.5, 0.5)
    for ray in 0..<12 {
      let angle = Double(ray) * Trig.pi / 6
      let inner = Point(0.5 + 0.33 * Trig.cos(angle), 0.5 + 0.33 * Trig.sin(angle))
      let outer = Point(0.5 + 0.48 * Trig.cos(angle), 0.5 + 0.48 * Trig.sin(angle))
      layer.fill(.line(inner, outer, width: 0.07), RGBA(hex: 0xFF9F1C))
    }
    layer.fill(
      .circle(center, 0.27), from: Point(0.3, 0.3), to: Point(0.7, 0.7), RGBA(hex: 0xFFE066),
      RGBA(hex: 0xFFB000))
  }

  private static func house(_ layer: inout Layer, _ random: inout SplitMix64) {
    layer.fill(.rect(0.66, 0.12, 0.1, 0.25), RGBA(hex: 0x7F4F24))
    layer.fill(.rect(0.16, 0.45, 0.68, 0.5), RGBA(hex: 0xFFF1D6))
    layer.fill(
      .polygon([Point(0.04, 0.5), Point(0.5, 0.06), Point(0.96, 0.5)]), RGBA(hex: 0xD62828))
    layer.fill(.roundedRect(0.24, 0.62, 0.18, 0.33, radius: 0.04), RGBA(hex: 0x3A86FF))
    layer.fill(.rect(0.54, 0.58, 0.2, 0.18), RGBA(hex: 0x8ECAE6))
    layer.fill(.rect(0.635, 0.58, 0.03, 0.18), RGBA(hex: 0xFFF1D6))
    layer.fill(.rect(0.54, 0.655, 0.2, 0.03), RGBA(hex: 0xFFF1D6))
  }

  private static func fish(_ layer: inout Layer, _ random: inout SplitMix64) {
    layer.fill(
      .polygon([Point(0.3, 0.5), Point(0.04, 0.22), Point(0.04, 0.78)]), RGBA(hex: 0xF77F00))
    layer.fill(
      .polygon([Point(0.55, 0.25), Point(0.78, 0.08), Point(0.8, 0.3)]), RGBA(hex: 0xF77F00))
    layer.fill(
      .ellipse(Point(0.68, 0.5), 0.42, 0.29), from: Point(0.3, 0.3), to: Point(1, 0.7),
      RGBA(hex: 0xFFB703), RGBA(hex: 0xFB8500))
    for x in [0.55, 0.68] {
      layer.fill(
        .arc(Point(x, 0.5), 0.05, 0.2, from: -Trig.pi / 2, to: Trig.pi / 2), RGBA(hex: 0xF77F00))
    }
    layer.fill(.circle(Point(0.9, 0.44), 0.06), .white)
    layer.fill(.circle(Point(0.91, 0.44), 0.03), RGBA(hex: 0x1D3557))
    for bubble in [(Point(1.22, 0.3), 0.05), (Point(1.26, 0.14), 0.035)] {
      layer.fill(
        Path.circle(bubble.0, bubble.1).adding(Path.circle(bubble.0, bubble.1 * 0.6).reversed()),
        RGBA(hex: 0x48CAE4))
    }
  }

  private static func moon(_ layer: inout Layer, _ random: inout SplitMix64) {
    var crescent: [Point] = []
    for i in 0...40 {
      let angle = Trig.radians(50 + 260 * Double(i) / 40)
      crescent.append(Point(0.5 + 0.42 * Trig.cos(angle), 0.5 + 0.42 * Trig.sin(angle)))
    }
    for i in 0...30 {
      let angle = Trig.radians(270 - 180 * Double(i) / 30)
      crescent.append(Point(0.77 + 0.32 * Trig.cos(angle), 0.5 + 0.32 * Trig.sin(angle)))
    }
    layer.fill(
      .polygon(crescent), from: Point(0.1, 0.1), to: Point(0.8, 0.9), RGBA(hex: 0xFFE66D),
      RGBA(hex: 0xF4C430))
    for (center, size) in [
      (Point(0.82, 0.2), 0.09), (Point(0.9, 0.62), 0.06), (Point(0.66, 0.44), 0.05),
    ] {
      layer.fill(.star(center, points: 4, outer: size, inner: size * 0.35), RGBA(hex: 0x9BB1FF))
    }
  }

  private static func balloon(_ layer: inout Layer, _ random: inout SplitMix64) {
    let wave = (0...10).map { i in
      Point(0.375 + 0.04 * Trig.sin(Double(i) * 1.2), 0.72 + 0.027 * Double(i))
    }
    layer.fill(.polyline(wave, width: 0.015), RGBA(hex: 0x6C757D))
    layer.fill(
      .polygon([Point(0.375, 0.68), Point(0.33, 0.74), Point(0.42, 0.74)]), RGBA(hex: 0xC1121F))
    layer.fill(
      .ellipse(Point(0.375, 0.38), 0.33, 0.36), from: Point(0.1, 0.1), to: Point(0.7, 0.7),
      RGBA(hex: 0xFF595E), RGBA(hex: 0xC1121F))
    layer.fill(.ellipse(Point(0.26, 0.24), 0.06, 0.1, rotation: 0.5), RGBA(1, 1, 1, 0.6))
  }

  private static func flower(_ layer: inout Layer, _ random: inout SplitMix64) {
    layer.fill(.line(Point(0.5, 0.45), Point(0.5, 0.98), width: 0.05), RGBA(hex: 0x2D9D4B))
    layer.fill(.ellipse(Point(0.64, 0.78), 0.13, 0.05, rotation: -0.6), RGBA(hex: 0x2D9D4B))
    let center = Point(0.5, 0.36)
    for petal in 0..<6 {
      let angle = Double(petal) * Trig.pi / 3
      layer.fill(
        .ellipse(
          Point(0.5 + 0.2 * Trig.cos(angle), 0.36 + 0.2 * Trig.sin(angle)), 0.17, 0.12,
          rotation: angle),
        petal % 2 == 0 ? RGBA(hex: 0xF15BB5) : RGBA(hex: 0xFF85C8))
    }
    layer.fill(.circle(center, 0.12), RGBA(hex: 0xFEE440))
  }

  private static func lightning(_ layer: inout Layer, _ random: inout SplitMix64) {
    let bolt = Path.polygon([
      Point(0.6, 0.02), Point(0.2, 0.56), Point(0.46, 0.56), Point(0.36, 0.98), Point(0.82, 0.4),
      Point(0.55, 0.4), Point(0.7, 0.02),
    ])
    layer.fill(bolt.applying(.translation(0.03, 0.02)), RGBA(hex: 0xE85D04))
    layer.fill(
      bolt, from: Point(0.4, 0), to: Point(0.6, 1), RGBA(hex: 0xFFEA00), RGBA(hex: 0xFFB700))
  }

  private static func umbrella(_ layer: inout Layer, _ random: inout SplitMix64) {
    let hook = (0...12).map { i -> Point in
      let angle = Trig.pi * Double(i) / 12
      return Point(0.555 + 0.07 * Trig.cos(angle), 0.86 + 0.07 * Trig.sin(angle))
    }
    layer.fill(.polyline([Point(0.625, 0.45)] + hook, width: 0.04), RGBA(hex: 0x3D405B))
    let colors = [RGBA(hex: 0x3A86FF), RGBA(hex: 0xFFBE0B)]
    for slice in 0..<6 {
      let start = Trig.pi + Trig.pi * Double(slice) / 6
      layer.fill(
        .arc(Point(0.625, 0.5), 0.6, 0.46, from: start, to: start + Trig.pi / 6), colors[slice % 2])
    }
    layer.fill(.circle(Point(0.625, 0.04), 0.03), RGBA(hex: 0x3D405B))
  }

  private static func leaf(_ layer: inout Layer, _ random: inout SplitMix64) {
    let turn = -Trig.pi / 4
    layer.fill(.line(Point(0.18, 0.82), Point(0.06, 0.94), width: 0.04), RGBA(hex: 0x386641))
    layer.fill(
      .ellipse(Point(0.52, 0.48), 0.5, 0.24, rotation: turn), from: Point(0.2, 0.8),
      to: Point(0.8, 0.2), RGBA(hex: 0x6A994E), RGBA(hex: 0xA7C957))
    layer.fill(.line(Point(0.18, 0.82), Point(0.84, 0.16), width: 0.025), RGBA(hex: 0x386641))
    for k in 1...3 {
      let t = Double(k) * 0.22
      let base = Point(0.18, 0.82).lerp(Point(0.84, 0.16), t)
      layer.fill(
        .line(base, Point(base.x + 0.14, base.y + 0.02), width: 0.018), RGBA(hex: 0x386641))
      layer.fill(
        .line(base, Point(base.x - 0.02, base.y - 0.14), width: 0.018), RGBA(hex: 0x386641))
    }
  }

  private static func rocket(_ layer: inout Layer, _ random: inout SplitMix64) {
    layer.fill(.ellipse(Point(0.33, 0.86), 0.09, 0.15), RGBA(hex: 0xFF7B00))
    layer.fill(.ellipse(Point(0.33, 0.84), 0.05, 0.09), RGBA(hex: 0xFFDD00))
    layer.fill(
      .polygon([Point(0.2, 0.55), Point(0.04, 0.8), Point(0.22, 0.76)]), RGBA(hex: 0xE63946))
    layer.fill(
      .polygon([Point(0.46, 0.55), Point(0.62, 0.8), Point(0.44, 0.76)]), RGBA(hex: 0xE63946))
    layer.fill(
      .ellipse(Point(0.33, 0.45), 0.16, 0.4), from: Point(0.17, 0), to: Point(0.49, 0),
      RGBA(hex: 0xF1FAEE), RGBA(hex: 0xA8B2C1))
    layer.fill(.circle(Point(0.33, 0.38), 0.08), RGBA(hex: 0x457B9D))
    layer.fill(.circle(Point(0.33, 0.38), 0.055), RGBA(hex: 0xA8DADC))
  }

  private static func mushroom(_ layer: inout Layer, _ random: inout SplitMix64) {
    layer.fill(.roundedRect(0.36, 0.45, 0.28, 0.5, radius: 0.1), RGBA(hex: 0xFFF1D6))
    layer.fill(
      .arc(Point(0.5, 0.52), 0.47, 0.44, from: Trig.pi, to: 2 * Trig.pi), RGBA(hex: 0xE63946))
    for (center, radius) in [
      (Point(0.32, 0.3), 0.07), (Point(0.56, 0.2), 0.06), (Point(0.72, 0.38), 0.05),
      (Point(0.47, 0.42), 0.04),
    ] {
      layer.fill(.circle(center, radius), .white)
    }
  }

  private static func sailboat(_ layer: inout Layer, _ random: inout SplitMix64) {
    layer.fill(.circle(Point(1.12, 0.18), 0.12), RGBA(hex: 0xFFB703))
    layer.fill(.line(Point(0.62, 0.06), Point(0.62, 0.72), width: 0.03), RGBA(hex: 0x5E3B1F))
    layer.fill(.polygon([Point(0.66, 0.08), Point(1.04, 0.64), Point(0.66, 0.64)]), .white)
    layer.fill(
      .polygon([Point(0.58, 0.16), Point(0.58, 0.64), Point(0.26, 0.64)]), RGBA(hex: 0xE63946))
    layer.fill(
      .polygon([Point(0.16, 0.7), Point(1.12, 0.7), Point(0.96, 0.86), Point(0.3, 0.86)]),
      RGBA(hex: 0x1D3557))
    let wave = (0...16).map { i in
      Point(0.02 + Double(i) * 0.08, 0.93 + 0.03 * Trig.sin(Double(i) * 1.6))
    }
    layer.fill(.polyline(wave, width: 0.045), RGBA(hex: 0x219EBC))
  }

  private static func apple(_ layer: inout Layer, _ random: inout SplitMix64) {
    layer.fill(.line(Point(0.5, 0.3), Point(0.56, 0.08), width: 0.045), RGBA(hex: 0x6F4518))
    layer.fill(.ellipse(Point(0.7, 0.14), 0.14, 0.06, rotation: -0.5), RGBA(hex: 0x55A630))
    var body = Path.circle(Point(0.36, 0.56), 0.3)
    body.add(.circle(Point(0.64, 0.56), 0.3))
    body.add(.ellipse(Point(0.5, 0.72), 0.24, 0.24))
    layer.fill(
      body, from: Point(0.2, 0.3), to: Point(0.8, 0.95), RGBA(hex: 0xFF4D4D), RGBA(hex: 0xB5171E))
    layer.fill(.ellipse(Point(0.3, 0.46), 0.05, 0.09, rotation: 0.4), RGBA(1, 1, 1, 0.55))
  }

  private static func musicNote(_ layer: inout Layer, _ random: inout SplitMix64) {
    let ink = RGBA(hex: 0x7209B7)
    layer.fill(.ellipse(Point(0.27, 0.8), 0.15, 0.11, rotation: -0.4), ink)
    layer.fill(.ellipse(Point(0.77, 0.7), 0.15, 0.11, rotation: -0.4), ink)
    layer.fill(.rect(0.37, 0.18, 0.05, 0.62), ink)
    layer.fill(.rect(0.87, 0.08, 0.05, 0.62), ink)
    layer.fill(
      .polygon([Point(0.37, 0.18), Point(0.92, 0.06), Point(0.92, 0.2), Point(0.37, 0.32)]), ink)
  }

  private static func raindrop(_ layer: inout Layer, _ random: inout SplitMix64) {
    var drop = Path.circle(Point(0.375, 0.68), 0.3)
    drop.add(.polygon([Point(0.375, 0.02), Point(0.639, 0.538), Point(0.111, 0.538)]))
    layer.fill(
      drop, from: Point(0.1, 0.2), to: Point(0.6, 1), RGBA(hex: 0x4CC9F0), RGBA(hex: 0x3A0CA3))
    layer.fill(.ellipse(Point(0.26, 0.66), 0.05, 0.12, rotation: 0.3), RGBA(1, 1, 1, 0.6))
  }

  private static func cat(_ layer: inout Layer, _ random: inout SplitMix64) {
    let fur = RGBA(hex: 0xF8961E)
    layer.fill(.polygon([Point(0.3, 0.36), Point(0.34, 0.04), Point(0.56, 0.24)]), fur)
    layer.fill(.polygon([Point(1.03, 0.36), Point(0.99, 0.04), Point(0.77, 0.24)]), fur)
    layer.fill(
      .polygon([Point(0.35, 0.3), Point(0.37, 0.12), Point(0.49, 0.24)]), RGBA(hex: 0xFFB5A7))
    layer.fill(
      .polygon([Point(0.98, 0.3), Point(0.96, 0.12), Point(0.84, 0.24)]), RGBA(hex: 0xFFB5A7))
    layer.fill(.ellipse(Point(0.665, 0.58), 0.42, 0.36), fur)
    for x in [0.5, 0.83] {
      layer.fill(.ellipse(Point(x, 0.52), 0.07, 0.09), RGBA(hex: 0x80B918))
      layer.fill(.ellipse(Point(x, 0.52), 0.025, 0.075), RGBA(hex: 0x1B1B1B))
    }
    layer.fill(
      .polygon([Point(0.625, 0.64), Point(0.705, 0.64), Point(0.665, 0.69)]), RGBA(hex: 0xFF5D8F))
    for side in [-1.0, 1.0] {
      for dy in [-0.03, 0.03] {
        layer.fill(
          .line(
            Point(0.665 + side * 0.12, 0.68 + dy), Point(0.665 + side * 0.4, 0.65 + dy * 2.5),
            width: 0.012), RGBA(hex: 0x4A4E69))
      }
    }
  }
}

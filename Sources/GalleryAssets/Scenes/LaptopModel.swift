/// A laptop in 3-D, projected onto the picture: a base with keyboard and trackpad, a lid
/// hinged at the back of the base and opened by `openingDegrees` (0 closed, 90 upright).
///
/// World axes: x to the right, z towards the viewer, y up. The camera looks down from
/// `elevationDegrees` above the desk (90 is straight down) with a mild perspective.
struct LaptopModel {
  var center: Point
  /// Pixels per unit of laptop width.
  var scale: Double
  var openingDegrees: Double
  var elevationDegrees: Double
  var yawDegrees: Double
  var body: RGBA
  var wallpaperHue: Double

  /// Base depth and lid height, in laptop widths.
  let depth = 0.68
  let lidHeight = 0.64

  /// The picture position of a world point.
  func project(x: Double, y: Double, z: Double) -> Point {
    let yaw = Trig.radians(yawDegrees)
    let elevation = Trig.radians(elevationDegrees)
    let cx = Trig.cos(yaw) * x + Trig.sin(yaw) * z
    let cz = -Trig.sin(yaw) * x + Trig.cos(yaw) * z
    let up = y * Trig.cos(elevation) - cz * Trig.sin(elevation)
    let toward = cz * Trig.cos(elevation) + y * Trig.sin(elevation)
    let perspective = 3.5 / (3.5 - toward)
    return Point(center.x + cx * scale * perspective, center.y - up * scale * perspective)
  }

  /// A point on the base's top face: u across (0 left ... 1 right), v front to back
  /// (0 at the hinge, 1 at the front edge).
  func base(_ u: Double, _ v: Double, lift: Double = 0) -> Point {
    project(x: u - 0.5, y: 0.04 + lift, z: v * depth - depth / 2)
  }

  /// A point on the lid's inner face: u across, v from the top edge (0) to the hinge (1).
  func lid(_ u: Double, _ v: Double) -> Point {
    let opening = Trig.radians(openingDegrees)
    let along = (1 - v) * lidHeight
    return project(
      x: u - 0.5, y: 0.05 + along * Trig.sin(opening), z: -depth / 2 + along * Trig.cos(opening))
  }

  /// Whether the screen side of the lid faces the camera (else its back is seen).
  var screenVisible: Bool { openingDegrees > elevationDegrees + 2 }

  func draw(into canvas: inout Canvas, _ random: inout SplitMix64) {
    let footprint = [
      base(0, 1, lift: -0.04), base(1, 1, lift: -0.04), base(1, 0, lift: -0.04),
      base(0, 0, lift: -0.04),
    ]
    let middle = footprint.reduce(Point(0, 0)) { $0 + $1 * 0.25 }
    canvas.shadow(
      Point(middle.x, middle.y + scale * 0.03), scale * 0.62, scale * 0.2, strength: 0.3)
    // The base: front edge, then the top face.
    canvas.fill(
      .polygon([base(0, 1), base(1, 1), base(1, 1, lift: -0.04), base(0, 1, lift: -0.04)]),
      body.darker(0.35))
    canvas.fill(
      .polygon([base(1, 0), base(1, 1), base(1, 1, lift: -0.04), base(1, 0, lift: -0.04)]),
      body.darker(0.25))
    canvas.fill(
      .polygon([base(0, 1), base(0, 0), base(0, 0, lift: -0.04), base(0, 1, lift: -0.04)]),
      body.darker(0.25))
    canvas.fill(.polygon([base(0, 0), base(1, 0), base(1, 1), base(0, 1)]), body)
    if openingDegrees > 8 {
      keyboard(into: &canvas)
    }
    if screenVisible {
      canvas.fill(.polygon([lid(0, 0), lid(1, 0), lid(1, 1), lid(0, 1)]), body.darker(0.2))
      canvas.fill(quad(lid, 0.012, 0.012, 0.988, 0.99), RGBA(hex: 0x0E0F12))
      screen(into: &canvas, &random)
    } else {
      let back = Path.polygon([lid(0, 0), lid(1, 0), lid(1, 1), lid(0, 1)])
      canvas.fill(back, body.lighter(0.06))
      canvas.fill(Path.circle(Point(0.5, 0.5), 0.07).mapped { lid($0.x, $0.y) }, body.lighter(0.35))
    }
  }

  /// The region u0...u1, v0...v1 of a surface as a quadrilateral.
  private func quad(
    _ surface: (Double, Double) -> Point, _ u0: Double, _ v0: Double, _ u1: Double, _ v1: Double
  ) -> Path {
    .polygon([surface(u0, v0), surface(u1, v0), surface(u1, v1), surface(u0, v1)])
  }

  private func keyboard(into canvas: inout Canvas) {
    let deck = body.darker(0.5)
    canvas.fill(quad({ base($0, $1) }, 0.07, 0.06, 0.93, 0.52), deck.lighter(0.1))
    let columns = 14
    let rows = 6
    for row in 0..<rows {
      for column in 0..<columns {
        let u0 = 0.08 + 0.84 * Double(column) / Double(columns)
        let v0 = 0.07 + 0.44 * Double(row) / Double(rows)
        var u1 = u0 + 0.84 / Double(columns) * 0.84
        if row == rows - 1, column == 4 { u1 += 0.84 / Double(columns) * 4 }
        if row == rows - 1, (5...8).contains(column) { continue }
        canvas.fill(
          quad({ base($0, $1) }, u0, v0, u1, v0 + 0.44 / Double(rows) * 0.8), RGBA(hex: 0x1A1B1F))
      }
    }
    canvas.fill(quad({ base($0, $1) }, 0.32, 0.6, 0.68, 0.93), body.darker(0.08))
  }

  /// A wallpaper of two hues with soft waves, a menu bar, a dock and a window.
  private func screen(into canvas: inout Canvas, _ random: inout SplitMix64) {
    let s = { (u: Double, v: Double) -> Point in self.lid(0.03 + u * 0.94, 0.04 + v * 0.9) }
    let first = RGBA.hsv(wallpaperHue, 0.8, 0.95)
    let second = RGBA.hsv(wallpaperHue + 0.12 + random.range(0, 0.2), 0.85, 0.7)
    canvas.fill(quad(s, 0, 0, 1, 1), .gradient(s(0, 0), s(1, 1), first, second))
    for k in 0..<3 {
      let crest = random.range(0.35, 0.75) + Double(k) * 0.08
      var wave: [Point] = []
      for i in 0...24 {
        let u = Double(i) / 24
        wave.append(
          Point(u, min(1, crest + 0.08 * Trig.sin(u * 5 + Double(k) * 1.7 + random.range(0, 0.3)))))
      }
      wave += [Point(1, 1), Point(0, 1)]
      canvas.fill(
        Path.polygon(wave).mapped { s($0.x, $0.y) },
        RGBA.hsv(wallpaperHue + 0.08 * Double(k + 1), 0.7, 0.9 - 0.12 * Double(k)).alpha(0.55))
    }
    canvas.fill(quad(s, 0, 0, 1, 0.035), RGBA(1, 1, 1, 0.55))
    if random.chance(0.6) {
      let wx = random.range(0.1, 0.4)
      let wy = random.range(0.12, 0.3)
      canvas.fill(quad(s, wx, wy, wx + 0.45, wy + 0.45), RGBA(hex: 0xF6F7F9))
      canvas.fill(quad(s, wx, wy, wx + 0.45, wy + 0.06), RGBA(hex: 0xD9DCE2))
      for (k, color) in [0xFF5F57, 0xFEBC2E, 0x28C840].enumerated() {
        let c = Point(wx + 0.025 + Double(k) * 0.03, wy + 0.03)
        canvas.fill(Path.circle(c, 0.01).mapped { s($0.x, $0.y) }, RGBA(hex: UInt32(color)))
      }
      for line in 0..<4 {
        canvas.fill(
          quad(
            s, wx + 0.04, wy + 0.12 + Double(line) * 0.07, wx + 0.04 + random.range(0.15, 0.35),
            wy + 0.15 + Double(line) * 0.07), RGBA(hex: 0xA3ABB8))
      }
    }
    canvas.fill(
      .polygon([s(0.25, 0.9), s(0.75, 0.9), s(0.75, 0.98), s(0.25, 0.98)]), RGBA(1, 1, 1, 0.45))
    for icon in 0..<8 {
      let u = 0.27 + Double(icon) * 0.058
      canvas.fill(
        quad(s, u, 0.915, u + 0.04, 0.965), RGBA.hsv(Double(icon) * 0.13 + wallpaperHue, 0.75, 0.95)
      )
    }
  }
}

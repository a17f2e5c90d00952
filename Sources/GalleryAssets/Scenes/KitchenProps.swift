/// The kitchen's furniture and cookware, drawn by the kitchen scenes.
extension KitchenScene {
  static let tileColors: [UInt32] = [
    0xFFFFFF, 0x7FC8C2, 0x3C6FB4, 0xF2D16B, 0xE9E4DA, 0x9BCB6F, 0xE07A5F, 0x2A9D8F,
  ]
  static let cabinetColors: [UInt32] = [
    0x2F5D62, 0xF4F1EA, 0x1F3B5C, 0xC6553B, 0x8FB996, 0xE2B44A, 0x40434A,
  ]
  static let potColors: [UInt32] = [
    0xD7373F, 0x2F6FD6, 0xF08A24, 0x2A9D64, 0xB8BEC6, 0x1F2024, 0xF2C12E,
  ]

  /// A tiled backsplash: grout behind a grid of square tiles.
  static func tiles(
    _ canvas: inout Canvas, x: Double, y: Double, width: Double, height: Double, size: Double,
    _ random: inout SplitMix64
  ) {
    let base = RGBA(hex: random.pick(tileColors))
    let accent = RGBA(hex: random.pick(tileColors))
    let checker = random.chance(0.35)
    canvas.fill(.rect(x, y, width, height), base.darker(0.3))
    let gap = max(1, size * 0.08)
    var row = 0
    var ty = y
    while ty < y + height {
      var column = 0
      var tx = x - (row % 2 == 1 && !checker ? size / 2 : 0)
      while tx < x + width {
        let color = checker && (row + column) % 2 == 1 ? accent : base
        let left = max(tx + gap / 2, x)
        let right = min(tx + size - gap / 2, x + width)
        let bottom = min(ty + size - gap / 2, y + height)
        if right > left, bottom > ty + gap / 2 {
          canvas.fill(.rect(left, ty + gap / 2, right - left, bottom - ty - gap / 2), color)
        }
        tx += size
        column += 1
      }
      ty += size
      row += 1
    }
  }

  /// A pot standing on `base` (bottom centre), `width` wide, lid on or steaming.
  static func pot(
    _ canvas: inout Canvas, base: Point, width: Double, color: RGBA, _ random: inout SplitMix64
  ) {
    let height = width * random.range(0.55, 0.8)
    let top = base.y - height
    for s in [-1.0, 1.0] {
      canvas.fill(
        .roundedRect(
          base.x + s * width * 0.5 - width * 0.09, top + height * 0.15, width * 0.18, height * 0.12,
          radius: height * 0.05), color.darker(0.35))
    }
    canvas.fill(.roundedRect(base.x - width / 2, top, width, height, radius: width * 0.08), color)
    canvas.fill(
      .rect(base.x - width * 0.42, top + height * 0.1, width * 0.12, height * 0.8),
      color.lighter(0.25))
    canvas.fill(.ellipse(Point(base.x, top), width * 0.5, width * 0.08), color.darker(0.2))
    if random.chance(0.5) {
      canvas.fill(
        .ellipse(Point(base.x, top - width * 0.02), width * 0.52, width * 0.1), RGBA(hex: 0xC9CED6))
      canvas.fill(
        .ellipse(Point(base.x, top - width * 0.08), width * 0.08, width * 0.05), RGBA(hex: 0x2A2B30)
      )
    } else {
      steam(&canvas, at: Point(base.x, top - width * 0.1), size: width * 0.6)
    }
  }

  /// A frying pan seen from the side: shallow body and a long handle.
  static func pan(_ canvas: inout Canvas, base: Point, width: Double, handleRight: Bool) {
    let side: Double = handleRight ? 1 : -1
    canvas.fill(
      .line(
        Point(base.x + side * width * 0.45, base.y - width * 0.12),
        Point(base.x + side * width * 1.05, base.y - width * 0.2), width: width * 0.08),
      RGBA(hex: 0x2A2B30))
    canvas.fill(
      .polygon([
        Point(base.x - width * 0.5, base.y - width * 0.16),
        Point(base.x + width * 0.5, base.y - width * 0.16),
        Point(base.x + width * 0.42, base.y), Point(base.x - width * 0.42, base.y),
      ]), RGBA(hex: 0x33353B))
    canvas.fill(
      .ellipse(Point(base.x, base.y - width * 0.16), width * 0.5, width * 0.06), RGBA(hex: 0x1B1C20)
    )
  }

  static func steam(_ canvas: inout Canvas, at point: Point, size: Double) {
    for k in -1...1 {
      let x = point.x + Double(k) * size * 0.3
      let wave = (0...6).map { i in
        Point(
          x + Trig.sin(Double(i) * 1.1 + Double(k)) * size * 0.08, point.y - Double(i) * size * 0.12
        )
      }
      canvas.fill(.polyline(wave, width: size * 0.07), RGBA(1, 1, 1, 0.55))
    }
  }

  /// A kettle standing on `base`.
  static func kettle(_ canvas: inout Canvas, base: Point, size: Double, color: RGBA) {
    canvas.fill(
      .polygon([
        Point(base.x + size * 0.3, base.y - size * 0.25),
        Point(base.x + size * 0.75, base.y - size * 0.62),
        Point(base.x + size * 0.8, base.y - size * 0.55),
        Point(base.x + size * 0.4, base.y - size * 0.1),
      ]), color.darker(0.15))
    canvas.fill(
      .arc(
        Point(base.x, base.y - size * 0.6), size * 0.3, size * 0.3, from: Trig.pi, to: 2 * Trig.pi),
      RGBA(hex: 0x2A2B30))
    canvas.fill(
      .arc(
        Point(base.x, base.y - size * 0.6), size * 0.22, size * 0.22, from: Trig.pi, to: 2 * Trig.pi
      ), color.lighter(0.9))
    canvas.fill(
      .polygon([
        Point(base.x - size * 0.3, base.y - size * 0.55),
        Point(base.x + size * 0.3, base.y - size * 0.55),
        Point(base.x + size * 0.46, base.y), Point(base.x - size * 0.46, base.y),
      ]), color)
    canvas.fill(
      .ellipse(Point(base.x, base.y - size * 0.56), size * 0.3, size * 0.06), color.darker(0.2))
    canvas.fill(.circle(Point(base.x, base.y - size * 0.62), size * 0.05), RGBA(hex: 0x2A2B30))
  }

  static func jar(
    _ canvas: inout Canvas, base: Point, size: Double, _ random: inout SplitMix64
  ) {
    let glass = RGBA(0.85, 0.92, 0.95, 0.55)
    let fill = RGBA(hex: random.pick([0xE9C46A, 0x8D5524, 0xF4A261, 0x6A994E, 0xE76F51]))
    let width = size * 0.6
    canvas.fill(
      .roundedRect(
        base.x - width / 2, base.y - size * 0.55, width, size * 0.55, radius: width * 0.15), fill)
    canvas.fill(
      .roundedRect(
        base.x - width / 2, base.y - size * 0.85, width, size * 0.85, radius: width * 0.15), glass)
    canvas.fill(
      .roundedRect(
        base.x - width * 0.4, base.y - size * 0.98, width * 0.8, size * 0.16, radius: width * 0.05),
      RGBA(hex: 0xB8BEC6))
  }
}

extension Canvas {
  mutating func fridge(
    x: Double, top: Double, width: Double, floorY: Double, color: RGBA
  ) {
    let height = floorY - top
    fill(.roundedRect(x, top, width, height, radius: width * 0.06), color)
    fill(.rect(x, top + height * 0.36, width, height * 0.012), color.darker(0.3))
    fill(
      .rect(x + width * 0.03, top + height * 0.03, width * 0.08, height * 0.94), color.lighter(0.25)
    )
    fill(
      .roundedRect(
        x + width * 0.82, top + height * 0.2, width * 0.05, height * 0.13, radius: width * 0.02),
      RGBA(hex: 0x8E949C))
    fill(
      .roundedRect(
        x + width * 0.82, top + height * 0.4, width * 0.05, height * 0.2, radius: width * 0.02),
      RGBA(hex: 0x8E949C))
  }
}

/// The office's furniture, drawn by the office scenes.
extension OfficeScene {
  /// A bright screen: a wallpaper gradient with a window or two on it.
  static func screen(
    _ canvas: inout Canvas, x: Double, y: Double, width: Double, height: Double,
    _ random: inout SplitMix64
  ) {
    let hue = random.unit()
    canvas.fill(
      .rect(x, y, width, height),
      .gradient(
        Point(x, y), Point(x + width, y + height), .hsv(hue, 0.75, 0.95),
        .hsv(hue + 0.18, 0.8, 0.75)))
    let windows = random.int(1...2)
    for _ in 0..<windows {
      let ww = width * random.range(0.35, 0.6)
      let wh = height * random.range(0.35, 0.6)
      let wx = x + random.range(0.05, 0.95) * (width - ww)
      let wy = y + random.range(0.1, 0.9) * (height - wh)
      canvas.fill(.rect(wx, wy, ww, wh), RGBA(hex: 0xF7F7F9))
      canvas.fill(.rect(wx, wy, ww, wh * 0.12), RGBA(hex: 0xD5D8DE))
      for line in 0..<3 {
        canvas.fill(
          .rect(
            wx + ww * 0.08, wy + wh * (0.3 + 0.2 * Double(line)), ww * random.range(0.4, 0.8),
            wh * 0.07),
          RGBA(hex: 0x9AA3B0))
      }
    }
  }

  /// An office chair seen from the front: back, seat, gas lift, five-star base on wheels.
  static func chair(
    _ canvas: inout Canvas, centerX: Double, floorY: Double, size: Double,
    _ random: inout SplitMix64
  ) {
    let color = random.pick([
      RGBA(hex: 0xD7373F), RGBA(hex: 0x2F6FD6), RGBA(hex: 0xF08A24), RGBA(hex: 0x2A9D64),
      RGBA(hex: 0x26262B), RGBA(hex: 0xF2C12E), RGBA(hex: 0x7A4FC4),
    ])
    let seatY = floorY - size * 0.62
    canvas.shadow(Point(centerX, floorY), size * 0.42, size * 0.06, strength: 0.3)
    let metal = RGBA(hex: 0x3B3E45)
    canvas.fill(.rect(centerX - size * 0.03, seatY, size * 0.06, size * 0.52), metal)
    for k in [-1.0, -0.5, 0.5, 1.0, 0.0] {
      let foot = Point(
        centerX + k * size * 0.36,
        floorY - size * 0.06 + abs(k) * size * 0.02 - (k == 0 ? size * 0.03 : 0))
      canvas.fill(.line(Point(centerX, floorY - size * 0.1), foot, width: size * 0.04), metal)
      canvas.fill(.circle(Point(foot.x, foot.y + size * 0.03), size * 0.03), RGBA(hex: 0x16171A))
    }
    // Back rest and its stem.
    canvas.fill(.rect(centerX - size * 0.025, seatY - size * 0.22, size * 0.05, size * 0.24), metal)
    canvas.fill(
      .roundedRect(
        centerX - size * 0.25, seatY - size * 0.75, size * 0.5, size * 0.56, radius: size * 0.12),
      color)
    canvas.fill(
      .roundedRect(
        centerX - size * 0.2, seatY - size * 0.7, size * 0.4, size * 0.46, radius: size * 0.09),
      color.lighter(0.12))
    canvas.fill(
      .roundedRect(
        centerX - size * 0.3, seatY - size * 0.06, size * 0.6, size * 0.12, radius: size * 0.05),
      color.darker(0.15))
    // Arm rests.
    for s in [-1.0, 1.0] {
      canvas.fill(
        .rect(centerX + s * size * 0.3 - size * 0.02, seatY - size * 0.2, size * 0.04, size * 0.16),
        metal)
      canvas.fill(
        .roundedRect(
          centerX + s * size * 0.3 - size * 0.06, seatY - size * 0.22, size * 0.12, size * 0.04,
          radius: size * 0.02), RGBA(hex: 0x222327))
    }
  }

  /// An angled desk lamp on the desk at `base`.
  static func lamp(
    _ canvas: inout Canvas, base: Point, height: Double, _ random: inout SplitMix64
  ) {
    let color = random.pick([
      RGBA(hex: 0x1E1F24), RGBA(hex: 0xE8E8E8), RGBA(hex: 0xE94F37), RGBA(hex: 0x2BB3A3),
    ])
    let elbow = Point(base.x + height * 0.25, base.y - height * 0.55)
    let head = Point(base.x - height * 0.05, base.y - height * 0.9)
    canvas.fill(
      .ellipse(Point(base.x, base.y - height * 0.02), height * 0.16, height * 0.04), color)
    canvas.fill(.polyline([base, elbow, head], width: height * 0.04), color)
    canvas.fill(
      .polygon([
        Point(head.x - height * 0.02, head.y - height * 0.08),
        Point(head.x + height * 0.06, head.y),
        Point(head.x - height * 0.12, head.y + height * 0.2),
        Point(head.x - height * 0.3, head.y + height * 0.06),
      ]), color)
    canvas.fill(
      .polygon([
        Point(head.x - height * 0.12, head.y + height * 0.2),
        Point(head.x - height * 0.3, head.y + height * 0.06),
        Point(head.x - height * 0.5, head.y + height * 0.85),
        Point(head.x + height * 0.1, head.y + height * 0.85),
      ]), RGBA(hex: 0xFFF4C2, alpha: 0.22))
  }

  /// Shelves of colourful books.
  static func bookshelf(
    _ canvas: inout Canvas, x: Double, y: Double, width: Double, _ random: inout SplitMix64
  ) {
    let wood = RGBA(hex: 0x7A5234)
    let rowHeight = width * 0.26
    for row in 0..<2 {
      let shelfY = y - Double(row) * (rowHeight + width * 0.04)
      canvas.fill(.rect(x, shelfY, width, width * 0.035), wood)
      var bx = x + width * 0.04
      while bx < x + width * 0.92 {
        let bw = width * random.range(0.035, 0.07)
        let bh = rowHeight * random.range(0.65, 0.95)
        let book = RGBA.hsv(random.unit(), 0.7, random.range(0.55, 0.9))
        if random.chance(0.12) {
          canvas.fill(
            .polygon([
              Point(bx, shelfY), Point(bx + bh * 0.3, shelfY - bh * 0.95),
              Point(bx + bh * 0.3 + bw, shelfY - bh * 0.95), Point(bx + bw, shelfY),
            ]), book)
          bx += bh * 0.3 + bw * 1.2
        } else {
          canvas.fill(.rect(bx, shelfY - bh, bw, bh), book)
          canvas.fill(.rect(bx, shelfY - bh * 0.8, bw, bh * 0.06), book.lighter(0.4))
          bx += bw * 1.08
        }
      }
    }
  }

  static func clock(_ canvas: inout Canvas, center: Point, radius: Double) {
    canvas.fill(.circle(center, radius), RGBA(hex: 0x222428))
    canvas.fill(.circle(center, radius * 0.86), RGBA(hex: 0xFBFBF7))
    for tick in 0..<12 {
      let angle = Double(tick) * Trig.pi / 6
      let outer = Point(
        center.x + Trig.sin(angle) * radius * 0.78, center.y - Trig.cos(angle) * radius * 0.78)
      let inner = Point(
        center.x + Trig.sin(angle) * radius * 0.66, center.y - Trig.cos(angle) * radius * 0.66)
      canvas.fill(.line(inner, outer, width: radius * 0.06), RGBA(hex: 0x222428))
    }
    canvas.fill(
      .line(center, Point(center.x + radius * 0.35, center.y - radius * 0.3), width: radius * 0.09),
      RGBA(hex: 0x222428))
    canvas.fill(
      .line(center, Point(center.x - radius * 0.1, center.y - radius * 0.62), width: radius * 0.06),
      RGBA(hex: 0x222428))
    canvas.fill(
      .line(center, Point(center.x - radius * 0.5, center.y + radius * 0.3), width: radius * 0.03),
      RGBA(hex: 0xD63A3A))
  }
}

/// Small things that appear in several scenes: plants, mugs, windows, shadows.
extension Canvas {
  /// A soft shadow on the floor or a table: a few stacked translucent ellipses.
  mutating func shadow(_ center: Point, _ rx: Double, _ ry: Double, strength: Double = 0.25) {
    for i in 0..<3 {
      let k = 1 - Double(i) * 0.22
      fill(.ellipse(center, rx * k, ry * k), RGBA(0, 0, 0, Float(strength / 3)))
    }
  }

  /// A potted plant standing on `base` (bottom centre), `height` tall overall.
  mutating func plant(at base: Point, height: Double, _ random: inout SplitMix64) {
    let potHeight = height * 0.32
    let potWidth = height * 0.34
    let potColor = random.pick([
      RGBA(hex: 0xC8663B), RGBA(hex: 0xF2F2EE), RGBA(hex: 0x2E3A48), RGBA(hex: 0xE0B04A),
      RGBA(hex: 0x3F8F8A),
    ])
    let leafBase = Point(base.x, base.y - potHeight * 0.9)
    let greens = [
      RGBA(hex: 0x2F8F3A), RGBA(hex: 0x3FAE49), RGBA(hex: 0x1F6E33), RGBA(hex: 0x5CC15A),
    ]
    let leaves = random.int(6...10)
    for i in 0..<leaves {
      let spread = (Double(i) / Double(leaves - 1) - 0.5) * 2.4 + random.range(-0.15, 0.15)
      let length = height * random.range(0.32, 0.5)
      let tip = Point(
        leafBase.x + Trig.sin(spread) * length, leafBase.y - Trig.cos(spread) * length)
      let mid = leafBase.lerp(tip, 0.55)
      fill(
        .ellipse(mid, length * 0.5, length * 0.16, rotation: spread - Trig.pi / 2),
        greens[i % greens.count])
    }
    fill(
      .polygon([
        Point(base.x - potWidth / 2, base.y - potHeight),
        Point(base.x + potWidth / 2, base.y - potHeight),
        Point(base.x + potWidth * 0.36, base.y), Point(base.x - potWidth * 0.36, base.y),
      ]), potColor)
    fill(
      .rect(base.x - potWidth * 0.54, base.y - potHeight, potWidth * 1.08, potHeight * 0.16),
      potColor.darker(0.15))
  }

  /// A mug standing on `base` (bottom centre), handle to the right.
  mutating func mug(at base: Point, height: Double, color: RGBA, coffee: Bool = false) {
    let width = height * 0.85
    let handle = Point(base.x + width * 0.5, base.y - height * 0.5)
    fill(
      Path.ellipse(handle, height * 0.3, height * 0.26).adding(
        Path.ellipse(handle, height * 0.16, height * 0.13).reversed()), color.darker(0.12))
    fill(
      .roundedRect(base.x - width / 2, base.y - height, width, height, radius: height * 0.12), color
    )
    fill(.rect(base.x - width / 2, base.y - height, width * 0.18, height), color.lighter(0.18))
    fill(.ellipse(Point(base.x, base.y - height), width / 2, height * 0.1), color.darker(0.25))
    if coffee {
      fill(
        .ellipse(Point(base.x, base.y - height * 0.98), width * 0.44, height * 0.08),
        RGBA(hex: 0x5A3620))
    }
  }

  /// A window onto the sky (day, dusk or night), with an optional skyline and mullions.
  mutating func window(
    _ x: Double, _ y: Double, _ width: Double, _ height: Double, frame: RGBA,
    _ random: inout SplitMix64
  ) {
    let skies: [(RGBA, RGBA)] = [
      (RGBA(hex: 0x4DA3F0), RGBA(hex: 0xBFE3FF)), (RGBA(hex: 0xF0785A), RGBA(hex: 0xFFD27A)),
      (RGBA(hex: 0x14204A), RGBA(hex: 0x3A4C8F)), (RGBA(hex: 0x6EC6F5), RGBA(hex: 0xE8F7FF)),
    ]
    let sky = random.pick(skies)
    let border = min(width, height) * 0.06
    fill(.rect(x - border, y - border, width + border * 2, height + border * 2), frame)
    fill(.rect(x, y, width, height), .gradient(Point(x, y), Point(x, y + height), sky.0, sky.1))
    if random.chance(0.5) {
      fill(
        .circle(Point(x + width * random.range(0.2, 0.8), y + height * 0.3), height * 0.1),
        RGBA(hex: 0xFFF3B0))
    }
    if random.chance(0.7) {
      var bx = x
      let night = sky.0.b > sky.0.r * 2 && sky.0.g < 0.2
      while bx < x + width {
        let bw = width * random.range(0.08, 0.2)
        let bh = height * random.range(0.2, 0.6)
        let tone = RGBA(hex: 0x2B3550).mix(sky.0, random.range(0.1, 0.4))
        fill(.rect(bx, y + height - bh, min(bw, x + width - bx), bh), tone)
        if night {
          var wy = y + height - bh + bh * 0.1
          while wy < y + height - bh * 0.1 {
            fill(.rect(bx + bw * 0.25, wy, bw * 0.15, bh * 0.05), RGBA(hex: 0xFFE27A))
            wy += bh * 0.14
          }
        }
        bx += bw
      }
    }
    fill(.rect(x + width / 2 - border / 3, y, border * 0.66, height), frame)
    fill(.rect(x, y + height * 0.45 - border / 3, width, border * 0.66), frame)
  }
}

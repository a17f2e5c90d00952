/// MacBooks: laptops open at various angles on desks and backdrops, screens with bright
/// wallpapers, keyboards; a few closed, a few seen from straight above, two cut out.
enum MacBookScene {
  private static let bodies: [UInt32] = [
    0xC9CCD1, 0x5B5E66, 0xE8D3C0, 0x2E3440, 0xA9B9C9, 0xD4C7E8,
  ]

  static func draw(_ canvas: inout Canvas, _ random: inout SplitMix64, variant: Int, cutout: Bool) {
    let width = Double(canvas.width)
    let height = Double(canvas.height)
    let unit = min(width, height * 1.25) * (height > width ? 1.25 : 1)
    if !cutout { backdrop(&canvas, &random, variant: variant) }
    let kind = cutout ? 0 : variant % 6
    let body = RGBA(hex: random.pick(bodies))
    var laptop = LaptopModel(
      center: Point(width / 2, height * 0.56), scale: unit * 0.62,
      openingDegrees: random.range(95, 125), elevationDegrees: random.range(18, 38),
      yawDegrees: random.range(-28, 28), body: body, wallpaperHue: random.unit())
    switch kind {
    case 1:  // Seen from straight above, opened flat.
      laptop.elevationDegrees = 88
      laptop.openingDegrees = 180
      laptop.yawDegrees = random.range(-20, 20)
      laptop.scale = min(width * 0.8, height * 0.7)
      // The lid lies flat behind the base: centre the whole length, hinge to front edge.
      laptop.center.y = height * 0.5 + laptop.scale * 0.3
    case 3:  // Nearly closed or closed.
      laptop.openingDegrees = random.chance(0.5) ? 0 : random.range(12, 24)
      laptop.elevationDegrees = random.range(35, 60)
      laptop.center.y = height * 0.55
    case 4:  // Wide open, lower camera.
      laptop.openingDegrees = random.range(115, 135)
      laptop.elevationDegrees = random.range(10, 18)
      laptop.center.y = height * 0.62
    default:
      break
    }
    if kind == 5 && width > height {
      // Two laptops side by side.
      var second = laptop
      laptop.center.x = width * 0.3
      laptop.scale *= 0.62
      laptop.yawDegrees = random.range(10, 30)
      second.center.x = width * 0.7
      second.center.y = height * 0.6
      second.scale *= 0.62
      second.yawDegrees = random.range(-30, -10)
      second.body = RGBA(hex: random.pick(bodies))
      second.wallpaperHue = laptop.wallpaperHue + 0.45
      second.openingDegrees = random.range(90, 120)
      laptop.draw(into: &canvas, &random)
      second.draw(into: &canvas, &random)
    } else {
      laptop.draw(into: &canvas, &random)
    }
    if !cutout && kind != 1 && random.chance(0.7) {
      let onLeft = random.chance(0.5)
      let x = onLeft ? width * 0.1 : width * 0.9
      if random.chance(0.5) {
        canvas.mug(
          at: Point(x, height * 0.86), height: unit * 0.12, color: .hsv(random.unit(), 0.7, 0.9),
          coffee: true)
      } else {
        canvas.plant(at: Point(x, height * 0.86), height: unit * 0.36, &random)
      }
    }
  }

  /// A desk, a studio sweep or a coloured wall with a table edge.
  private static func backdrop(_ canvas: inout Canvas, _ random: inout SplitMix64, variant: Int) {
    let width = Double(canvas.width)
    let height = Double(canvas.height)
    switch variant % 3 {
    case 0:
      let wood = RGBA(hex: random.pick([0xB07A4A, 0x8A5A36, 0xD2A679, 0x6B4630]))
      canvas.fillAll(.gradient(Point(0, 0), Point(0, height), wood.darker(0.15), wood.lighter(0.1)))
      var y = 0.0
      while y < height {
        let band = height * random.range(0.05, 0.12)
        canvas.fill(.rect(0, y, width, band * 0.12), wood.darker(0.22).alpha(0.5))
        y += band
      }
    case 1:
      let hue = random.unit()
      canvas.fillAll(
        .gradient(
          Point(0, 0), Point(width * 0.3, height), .hsv(hue, 0.35, 0.98),
          .hsv(hue + 0.05, 0.55, 0.75)))
    default:
      let wall = RGBA.hsv(random.unit(), 0.5, 0.85)
      canvas.fillAll(.solid(wall))
      let tableY = height * random.range(0.5, 0.6)
      let table = RGBA(hex: random.pick([0xF1EDE6, 0x3A3D44, 0xC89B6D]))
      canvas.fill(
        .rect(0, tableY, width, height - tableY),
        .gradient(Point(0, tableY), Point(0, height), table.darker(0.1), table.lighter(0.1)))
    }
  }
}

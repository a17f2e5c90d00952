/// Kitchens: tiled walls, cabinets, stoves with pots and pans, shelves of cups, fridges.
enum KitchenScene {
  static func draw(_ canvas: inout Canvas, _ random: inout SplitMix64, variant: Int, cutout: Bool) {
    if cutout {
      cookware(&canvas, &random, variant: variant)
      return
    }
    switch variant % 4 {
    case 0: wall(&canvas, &random)
    case 1: stoveCloseUp(&canvas, &random)
    case 2: cupShelf(&canvas, &random)
    default: cooktopFromAbove(&canvas, &random)
    }
  }

  /// The whole kitchen wall: cabinets, backsplash, counter with a stove and oven, a fridge.
  private static func wall(_ canvas: inout Canvas, _ random: inout SplitMix64) {
    let width = Double(canvas.width)
    let height = Double(canvas.height)
    let wallColor = RGBA(hex: random.pick([0xF3EBDD, 0xDDE8E4, 0xF7E1C8, 0xE3E6EE]))
    let cabinet = RGBA(hex: random.pick(cabinetColors))
    canvas.fillAll(.solid(wallColor))
    let floorY = height * 0.9
    canvas.fill(
      .rect(0, floorY, width, height - floorY),
      .gradient(Point(0, floorY), Point(0, height), RGBA(hex: 0x6B4A33), RGBA(hex: 0x8C6644)))
    let counterY = height * 0.6
    let upperBottom = height * 0.34
    let fridgeWidth = min(width * 0.24, height * 0.42)
    let fridgeLeft = random.chance(0.5)
    let runLeft = fridgeLeft ? fridgeWidth + width * 0.02 : 0
    let runRight = fridgeLeft ? width : width - fridgeWidth - width * 0.02
    let tileSize = max(12, height * random.range(0.045, 0.07))
    tiles(
      &canvas, x: runLeft, y: upperBottom, width: runRight - runLeft,
      height: counterY - upperBottom, size: tileSize, &random)
    // Upper cabinets and a hood over the stove.
    let stoveWidth = min(width * 0.22, (runRight - runLeft) * 0.3)
    let stoveX = runLeft + (runRight - runLeft) * random.range(0.35, 0.6)
    let doors = max(2, Int((runRight - runLeft) / (height * 0.18)))
    let doorWidth = (runRight - runLeft) / Double(doors)
    for d in 0..<doors {
      let dx = runLeft + Double(d) * doorWidth
      if dx + doorWidth > stoveX - stoveWidth * 0.6, dx < stoveX + stoveWidth * 0.6 { continue }
      canvas.fill(.rect(dx + 2, height * 0.05, doorWidth - 4, upperBottom - height * 0.06), cabinet)
      canvas.fill(
        .rect(dx + doorWidth * 0.1, height * 0.07, doorWidth * 0.8, upperBottom - height * 0.1),
        cabinet.lighter(0.08))
      canvas.fill(
        .roundedRect(
          dx + doorWidth * 0.45, upperBottom - height * 0.07, doorWidth * 0.1, height * 0.015,
          radius: height * 0.007), RGBA(hex: 0x2B2B2B))
    }
    canvas.fill(
      .polygon([
        Point(stoveX - stoveWidth * 0.12, height * 0.05),
        Point(stoveX + stoveWidth * 0.12, height * 0.05),
        Point(stoveX + stoveWidth * 0.55, upperBottom),
        Point(stoveX - stoveWidth * 0.55, upperBottom),
      ]), RGBA(hex: 0xB8BEC6))
    canvas.fill(
      .rect(stoveX - stoveWidth * 0.58, upperBottom, stoveWidth * 1.16, height * 0.025),
      RGBA(hex: 0x8E949C))
    // Lower cabinets, counter, oven.
    for d in 0..<doors {
      let dx = runLeft + Double(d) * doorWidth
      canvas.fill(
        .rect(dx + 2, counterY + height * 0.03, doorWidth - 4, floorY - counterY - height * 0.04),
        cabinet.darker(0.08))
      canvas.fill(
        .roundedRect(
          dx + doorWidth * 0.45, counterY + height * 0.07, doorWidth * 0.1, height * 0.015,
          radius: height * 0.007), RGBA(hex: 0x2B2B2B))
    }
    canvas.fill(
      .rect(runLeft, counterY, runRight - runLeft, height * 0.035),
      RGBA(hex: random.pick([0x3A3A3E, 0xE9E6DF, 0xB58A5E])))
    let ovenTop = counterY + height * 0.035
    canvas.fill(
      .rect(stoveX - stoveWidth / 2, ovenTop, stoveWidth, floorY - ovenTop), RGBA(hex: 0xC7CCD3))
    canvas.fill(
      .rect(stoveX - stoveWidth / 2, ovenTop, stoveWidth, height * 0.05), RGBA(hex: 0x2A2B30))
    for k in 0..<4 {
      canvas.fill(
        .circle(
          Point(
            stoveX - stoveWidth * 0.36 + Double(k) * stoveWidth * 0.24, ovenTop + height * 0.025),
          height * 0.012), RGBA(hex: 0xDADDE2))
    }
    canvas.fill(
      .roundedRect(
        stoveX - stoveWidth * 0.4, ovenTop + height * 0.1, stoveWidth * 0.8,
        (floorY - ovenTop) * 0.55, radius: height * 0.02), RGBA(hex: 0x1D1E22))
    canvas.fill(
      .roundedRect(
        stoveX - stoveWidth * 0.32, ovenTop + height * 0.075, stoveWidth * 0.64, height * 0.014,
        radius: height * 0.007), RGBA(hex: 0x8E949C))
    // Things on the stove and counter.
    pot(
      &canvas, base: Point(stoveX - stoveWidth * 0.22, counterY), width: stoveWidth * 0.4,
      color: RGBA(hex: random.pick(potColors)), &random)
    pan(
      &canvas, base: Point(stoveX + stoveWidth * 0.25, counterY), width: stoveWidth * 0.36,
      handleRight: true)
    let counterThing = fridgeLeft ? runRight - width * 0.1 : runLeft + width * 0.1
    kettle(
      &canvas, base: Point(counterThing, counterY), size: height * 0.14,
      color: RGBA(hex: random.pick(potColors)))
    canvas.fridge(
      x: fridgeLeft ? width * 0.01 : width - fridgeWidth - width * 0.01, top: height * 0.08,
      width: fridgeWidth, floorY: floorY,
      color: RGBA(hex: random.pick([0xF2F2F0, 0xBFC5CC, 0x9FD3C7, 0xE94F37])))
  }

  /// Close up on the stove: tiles behind, a row of pots and pans, oven knobs in front.
  private static func stoveCloseUp(_ canvas: inout Canvas, _ random: inout SplitMix64) {
    let width = Double(canvas.width)
    let height = Double(canvas.height)
    let counterY = height * random.range(0.62, 0.72)
    tiles(
      &canvas, x: 0, y: 0, width: width, height: counterY,
      size: max(16, min(width, height) * random.range(0.08, 0.13)), &random)
    canvas.fill(.rect(0, counterY, width, height - counterY), RGBA(hex: 0xC7CCD3))
    canvas.fill(.rect(0, counterY, width, height * 0.03), RGBA(hex: 0x2A2B30))
    let knobY = counterY + (height - counterY) * 0.45
    let knobs = width > height ? 5 : 3
    for k in 0..<knobs {
      let x = width * (Double(k) + 0.5) / Double(knobs)
      canvas.fill(.circle(Point(x, knobY), min(width, height) * 0.045), RGBA(hex: 0x2A2B30))
      canvas.fill(
        .roundedRect(
          x - min(width, height) * 0.01, knobY - min(width, height) * 0.04,
          min(width, height) * 0.02, min(width, height) * 0.05, radius: 2), RGBA(hex: 0xE8EAEE))
    }
    var x = width * random.range(0.04, 0.1)
    var handleRight = random.chance(0.5)
    while x < width * 0.85 {
      let itemWidth = min(width, height) * random.range(0.32, 0.44)
      if random.chance(0.65) {
        pot(
          &canvas, base: Point(x + itemWidth / 2, counterY), width: itemWidth,
          color: RGBA(hex: random.pick(potColors)), &random)
      } else {
        pan(
          &canvas, base: Point(x + itemWidth / 2, counterY), width: itemWidth,
          handleRight: handleRight)
        handleRight.toggle()
      }
      x += itemWidth * random.range(1.15, 1.5)
    }
  }

  /// An open shelf of mugs and jars over a counter with a kettle or a teapot.
  private static func cupShelf(_ canvas: inout Canvas, _ random: inout SplitMix64) {
    let width = Double(canvas.width)
    let height = Double(canvas.height)
    let unit = min(width, height)
    tiles(
      &canvas, x: 0, y: 0, width: width, height: height,
      size: max(14, unit * random.range(0.07, 0.1)), &random)
    let wood = RGBA(hex: random.pick([0x9A6A42, 0x6E4A2E, 0xC99A64]))
    let shelves = height > width * 1.1 ? 3 : 2
    for s in 0..<shelves {
      let shelfY = height * (0.3 + 0.26 * Double(s)) - (shelves == 3 ? height * 0.08 : 0)
      canvas.fill(.rect(0, shelfY, width, unit * 0.035), wood)
      canvas.fill(.rect(0, shelfY + unit * 0.035, width, unit * 0.012), RGBA(0, 0, 0, 0.2))
      var x = width * random.range(0.05, 0.12)
      while x < width * 0.9 {
        let size = unit * random.range(0.1, 0.15)
        if random.chance(0.75) {
          canvas.mug(
            at: Point(x + size / 2, shelfY), height: size,
            color: .hsv(random.unit(), random.range(0.55, 0.85), random.range(0.7, 0.95)))
          x += size * 1.6
        } else {
          jar(&canvas, base: Point(x + size / 2, shelfY), size: size * 1.3, &random)
          x += size * 1.5
        }
      }
    }
    let counterY = height * 0.86
    canvas.fill(.rect(0, counterY, width, height - counterY), wood.darker(0.2))
    canvas.fill(.rect(0, counterY, width, unit * 0.025), wood.lighter(0.15))
    kettle(
      &canvas, base: Point(width * random.range(0.3, 0.7), counterY), size: unit * 0.22,
      color: RGBA(hex: random.pick(potColors)))
  }

  /// A cooktop seen from above: burner rings, pans with eggs or vegetables, a spoon.
  private static func cooktopFromAbove(_ canvas: inout Canvas, _ random: inout SplitMix64) {
    let width = Double(canvas.width)
    let height = Double(canvas.height)
    let unit = min(width, height)
    let glass = random.chance(0.5)
    canvas.fillAll(
      .gradient(
        Point(0, 0), Point(width, height), glass ? RGBA(hex: 0x202126) : RGBA(hex: 0xC9CED6),
        glass ? RGBA(hex: 0x35363D) : RGBA(hex: 0x9EA5AF)))
    let columns = width > height ? 2 : 1
    let rows = width > height ? 2 : 2
    for r in 0..<rows {
      for c in 0..<columns {
        let center = Point(
          width * (Double(c) + 0.5) / Double(columns), height * (Double(r) + 0.5) / Double(rows))
        let radius = unit * (columns == 1 ? 0.3 : 0.2) * random.range(0.85, 1.1)
        canvas.fill(
          Path.circle(center, radius * 1.1).adding(Path.circle(center, radius * 1.02).reversed()),
          glass ? RGBA(hex: 0x6B6E78) : RGBA(hex: 0x2A2B30))
        switch random.int(0...3) {
        case 0: fryingPanFromAbove(&canvas, center: center, radius: radius, eggs: true, &random)
        case 1: fryingPanFromAbove(&canvas, center: center, radius: radius, eggs: false, &random)
        case 2:
          canvas.fill(.circle(center, radius * 0.95), RGBA(hex: random.pick(potColors)))
          canvas.fill(.circle(center, radius * 0.8), RGBA(hex: 0xC9CED6))
          canvas.fill(.circle(center, radius * 0.12), RGBA(hex: 0x2A2B30))
        default:
          canvas.fill(
            Path.circle(center, radius * 0.7).adding(Path.circle(center, radius * 0.5).reversed()),
            RGBA(hex: 0xE2512C))
        }
      }
    }
    let spoonStart = Point(width * 0.06, height * random.range(0.7, 0.9))
    let spoonEnd = Point(width * 0.34, height * random.range(0.5, 0.7))
    canvas.fill(.line(spoonStart, spoonEnd, width: unit * 0.03), RGBA(hex: 0xC99A64))
    canvas.fill(.ellipse(spoonEnd, unit * 0.06, unit * 0.04, rotation: -0.6), RGBA(hex: 0xC99A64))
  }

  private static func fryingPanFromAbove(
    _ canvas: inout Canvas, center: Point, radius: Double, eggs: Bool, _ random: inout SplitMix64
  ) {
    let handleAngle = random.range(-0.6, 0.6)
    let handleEnd = Point(
      center.x + Trig.cos(handleAngle) * radius * 2, center.y + Trig.sin(handleAngle) * radius * 2)
    canvas.fill(.line(center, handleEnd, width: radius * 0.18), RGBA(hex: 0x1B1C20))
    canvas.fill(.circle(center, radius), RGBA(hex: 0x3A3C42))
    canvas.fill(.circle(center, radius * 0.88), RGBA(hex: 0x24252A))
    if eggs {
      for k in 0..<random.int(1...2) {
        let offset = Point(
          Double(k) * radius * 0.8 - radius * 0.35, random.range(-0.2, 0.2) * radius)
        let egg = center + offset
        canvas.fill(
          .ellipse(egg, radius * 0.38, radius * 0.32, rotation: random.range(0, 3)),
          RGBA(hex: 0xFBFBF5))
        canvas.fill(.circle(egg, radius * 0.14), RGBA(hex: 0xFFB703))
      }
    } else {
      for _ in 0..<9 {
        let angle = random.range(0, 2 * Trig.pi)
        let distance = random.range(0, 0.6) * radius
        let piece = Point(
          center.x + Trig.cos(angle) * distance, center.y + Trig.sin(angle) * distance)
        canvas.fill(
          .circle(piece, radius * 0.12),
          random.pick([RGBA(hex: 0x38B000), RGBA(hex: 0xE63946), RGBA(hex: 0xF4A261)]))
      }
    }
  }

  /// A cut-out on a transparent background: a pot, a kettle or a set of mugs.
  private static func cookware(_ canvas: inout Canvas, _ random: inout SplitMix64, variant: Int) {
    let width = Double(canvas.width)
    let height = Double(canvas.height)
    let unit = min(width, height)
    let base = Point(width / 2, height * 0.86)
    canvas.shadow(base, unit * 0.36, unit * 0.05, strength: 0.35)
    if variant % 2 == 1 {
      kettle(
        &canvas, base: Point(base.x - unit * 0.08, base.y), size: unit * 0.7,
        color: RGBA(hex: random.pick(potColors)))
    } else {
      for k in -1...1 {
        canvas.mug(
          at: Point(base.x + Double(k) * width * 0.28, base.y), height: unit * 0.3,
          color: .hsv(random.unit(), 0.7, 0.9), coffee: true)
      }
    }
  }
}

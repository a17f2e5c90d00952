/// Offices: a wall with windows and shelves, a floor, desks with monitors, chairs, plants.
enum OfficeScene {
  static func draw(_ canvas: inout Canvas, _ random: inout SplitMix64, variant: Int, cutout: Bool) {
    let width = Double(canvas.width)
    let height = Double(canvas.height)
    let portrait = height > width
    let walls = [
      0x3E7C8C, 0xE8D9B5, 0xD9695F, 0x2F4B6E, 0x9DB89A, 0xB7A6D9, 0xDADDE2, 0xF0B85A, 0x6B8F71,
    ]
    let floors = [0x8A5A36, 0x5E6670, 0x2E4A7A, 0xB98A5B, 0x44403C]
    let wall = RGBA(hex: UInt32(walls[(variant * 4 + random.int(0...2)) % walls.count]))
    let floorColor = RGBA(hex: UInt32(random.pick(floors)))
    let floorY = height * (portrait ? random.range(0.74, 0.8) : random.range(0.7, 0.78))

    canvas.fillAll(
      .gradient(Point(0, 0), Point(width * 0.3, floorY), wall.lighter(0.12), wall.darker(0.1)))
    canvas.fill(
      .rect(0, floorY, width, height - floorY),
      .gradient(Point(0, floorY), Point(0, height), floorColor.darker(0.2), floorColor.lighter(0.1))
    )
    canvas.fill(.rect(0, floorY - height * 0.012, width, height * 0.014), wall.darker(0.35))
    if !portrait && variant % 5 == 4 {
      meetingRoom(&canvas, floorY: floorY, &random)
      return
    }

    let openPlan = !portrait && variant % 3 == 2
    let deskWidth =
      portrait ? width * 0.86 : (openPlan ? width * 0.36 : width * random.range(0.5, 0.62))
    let deskTop = floorY - deskWidth * 0.5

    // Wall decoration above the desks.
    let windowCount = openPlan ? 3 : random.int(1...2)
    let windowTop = height * 0.08
    let windowHeight = max(deskTop - windowTop - height * 0.2, height * 0.18)
    let decorLeft = random.chance(0.5)
    for i in 0..<windowCount {
      let slot = width / Double(windowCount)
      let windowWidth = min(slot * 0.7, windowHeight * random.range(0.9, 1.5))
      let cx = slot * (Double(i) + 0.5) + (decorLeft ? slot * 0.1 : -slot * 0.1)
      canvas.window(
        cx - windowWidth / 2, windowTop, windowWidth, windowHeight, frame: RGBA(hex: 0xF4F4F0),
        &random)
    }
    if !openPlan {
      let shelfX = decorLeft ? width * 0.04 : width * 0.7
      if random.chance(0.6) {
        bookshelf(&canvas, x: shelfX, y: deskTop - height * 0.16, width: width * 0.26, &random)
      } else {
        clock(
          &canvas, center: Point(shelfX + width * 0.12, windowTop + windowHeight * 0.4),
          radius: height * 0.07)
      }
    }

    let desks: [Double] = openPlan ? [0.25, 0.75] : [decorLeft ? 0.58 : 0.42]
    for (i, fraction) in desks.enumerated() {
      workstation(
        &canvas, centerX: width * fraction, floorY: floorY, deskWidth: deskWidth,
        chairRight: (i + variant) % 2 == 0, &random)
    }
    if !openPlan || random.chance(0.5) {
      let plantX = decorLeft ? width * 0.1 : width * 0.9
      canvas.plant(
        at: Point(plantX, floorY + height * 0.04), height: min(height * 0.42, width * 0.3), &random)
    }
  }

  /// A desk with monitors, a keyboard, maybe a lamp and a mug, and an office chair.
  private static func workstation(
    _ canvas: inout Canvas, centerX: Double, floorY: Double, deskWidth: Double, chairRight: Bool,
    _ random: inout SplitMix64
  ) {
    let deskColors = [0xC89B6D, 0xF2F0EA, 0x2B2B2E, 0xA9733F, 0xE4E0D6]
    let desk = RGBA(hex: UInt32(random.pick(deskColors)))
    let top = floorY - deskWidth * 0.5
    let left = centerX - deskWidth / 2
    let thickness = deskWidth * 0.035
    canvas.shadow(Point(centerX, floorY + deskWidth * 0.02), deskWidth * 0.55, deskWidth * 0.05)
    let legWidth = deskWidth * 0.04
    canvas.fill(.rect(left + deskWidth * 0.04, top, legWidth, floorY - top), desk.darker(0.3))
    canvas.fill(.rect(left + deskWidth * 0.92, top, legWidth, floorY - top), desk.darker(0.3))
    if random.chance(0.6) {
      // A drawer unit under one side.
      let unitX = random.chance(0.5) ? left + deskWidth * 0.08 : left + deskWidth * 0.66
      let unitWidth = deskWidth * 0.26
      canvas.fill(
        .rect(unitX, top + thickness, unitWidth, floorY - top - thickness), desk.darker(0.12))
      for k in 0..<3 {
        let dy = top + thickness + (floorY - top - thickness) * Double(k) / 3
        canvas.fill(
          .rect(
            unitX + unitWidth * 0.04, dy + deskWidth * 0.008, unitWidth * 0.92,
            (floorY - top) / 3 - deskWidth * 0.02), desk.darker(0.05))
        canvas.fill(
          .roundedRect(
            unitX + unitWidth * 0.35, dy + deskWidth * 0.03, unitWidth * 0.3, deskWidth * 0.012,
            radius: deskWidth * 0.006), desk.darker(0.45))
      }
    }
    canvas.fill(.rect(left, top, deskWidth, thickness), desk)
    canvas.fill(.rect(left, top + thickness * 0.7, deskWidth, thickness * 0.3), desk.darker(0.2))

    // Monitors.
    let monitors = random.int(1...2)
    let monitorWidth = deskWidth * (monitors == 1 ? random.range(0.42, 0.5) : 0.36)
    let monitorHeight = monitorWidth * 0.6
    let gap = deskWidth * 0.02
    let rowWidth = Double(monitors) * monitorWidth + Double(monitors - 1) * gap
    for m in 0..<monitors {
      let mx = centerX - rowWidth / 2 + Double(m) * (monitorWidth + gap)
      let standHeight = monitorHeight * 0.35
      let my = top - standHeight - monitorHeight
      canvas.fill(
        .rect(mx + monitorWidth * 0.46, my + monitorHeight * 0.9, monitorWidth * 0.08, standHeight),
        RGBA(hex: 0x3A3D44))
      canvas.fill(
        .ellipse(
          Point(mx + monitorWidth / 2, top - deskWidth * 0.004), monitorWidth * 0.18,
          deskWidth * 0.012), RGBA(hex: 0x2C2F35))
      canvas.fill(
        .roundedRect(mx, my, monitorWidth, monitorHeight, radius: monitorWidth * 0.03),
        RGBA(hex: 0x1C1D22))
      let bezel = monitorWidth * 0.035
      screen(
        &canvas, x: mx + bezel, y: my + bezel, width: monitorWidth - bezel * 2,
        height: monitorHeight - bezel * 2, &random)
    }
    // Keyboard and mouse.
    let keyboardWidth = deskWidth * 0.3
    canvas.fill(
      .roundedRect(
        centerX - keyboardWidth / 2, top - deskWidth * 0.016, keyboardWidth, deskWidth * 0.018,
        radius: deskWidth * 0.005), RGBA(hex: 0xD8DAE0))
    canvas.fill(
      .ellipse(
        Point(centerX + keyboardWidth * 0.72, top - deskWidth * 0.008), deskWidth * 0.022,
        deskWidth * 0.011), RGBA(hex: 0xD8DAE0))
    let side: Double = random.chance(0.5) ? -1 : 1
    if random.chance(0.6) {
      canvas.mug(
        at: Point(centerX + side * deskWidth * 0.4, top), height: deskWidth * 0.07,
        color: random.pick([
          RGBA(hex: 0xE84545), RGBA(hex: 0xF6F6F6), RGBA(hex: 0x3E7BE8), RGBA(hex: 0xF5B82E),
        ]))
    } else {
      lamp(
        &canvas, base: Point(centerX - side * deskWidth * 0.4, top), height: deskWidth * 0.36,
        &random)
    }
    chair(
      &canvas, centerX: centerX + (chairRight ? 1 : -1) * deskWidth * 0.16,
      floorY: floorY + deskWidth * 0.05,
      size: deskWidth * 0.5, &random)
  }

  /// A meeting room: a wall screen with a chart, pendant lamps, a long table with chairs.
  private static func meetingRoom(
    _ canvas: inout Canvas, floorY: Double, _ random: inout SplitMix64
  ) {
    let width = Double(canvas.width)
    let height = Double(canvas.height)
    // Pendant lamps over the table.
    for k in [0.2, 0.8] {
      let x = width * k
      let shadeY = floorY - height * 0.62
      canvas.fill(.rect(x - 1, 0, 2, shadeY), RGBA(hex: 0x2A2B30))
      canvas.fill(
        .arc(
          Point(x, shadeY + height * 0.04), width * 0.045, height * 0.05, from: Trig.pi,
          to: 2 * Trig.pi),
        RGBA(hex: 0x2A2B30))
      canvas.fill(
        .ellipse(Point(x, shadeY + height * 0.045), width * 0.02, height * 0.012),
        RGBA(hex: 0xFFE9A8))
    }
    // The wall screen with a bar chart.
    let screenWidth = width * 0.42
    let screenHeight = screenWidth * 0.56
    let screenX = (width - screenWidth) / 2
    let screenY = height * 0.1
    canvas.fill(
      .roundedRect(screenX, screenY, screenWidth, screenHeight, radius: width * 0.006),
      RGBA(hex: 0x16171B))
    let inset = screenWidth * 0.025
    canvas.fill(
      .rect(screenX + inset, screenY + inset, screenWidth - inset * 2, screenHeight - inset * 2),
      RGBA(hex: 0xF5F7FA))
    let bars = random.int(4...6)
    let hue = random.unit()
    for bar in 0..<bars {
      let slot = (screenWidth - inset * 4) / Double(bars)
      let barHeight = (screenHeight - inset * 6) * random.range(0.25, 1)
      canvas.fill(
        .rect(
          screenX + inset * 2 + slot * (Double(bar) + 0.15),
          screenY + screenHeight - inset * 2 - barHeight,
          slot * 0.7, barHeight),
        .hsv(hue + Double(bar) * 0.09, 0.7, 0.9))
    }
    // Chairs behind the table: only their backs show above it.
    let tableTop = floorY - height * 0.2
    let tableLeft = width * 0.14
    let tableWidth = width * 0.72
    let chairColor = random.pick([
      RGBA(hex: 0xD7373F), RGBA(hex: 0x2F6FD6), RGBA(hex: 0xF08A24), RGBA(hex: 0x26262B),
      RGBA(hex: 0x2A9D64),
    ])
    let seats = 4
    for seat in 0..<seats {
      let cx = tableLeft + tableWidth * (Double(seat) + 0.5) / Double(seats)
      let backWidth = tableWidth / Double(seats) * 0.55
      canvas.fill(
        .roundedRect(
          cx - backWidth / 2, tableTop - height * 0.2, backWidth, height * 0.24,
          radius: backWidth * 0.2),
        chairColor)
    }
    // The table: top seen slightly from above, then its front edge and legs.
    let wood = RGBA(hex: random.pick([0xC89B6D, 0xF2F0EA, 0x3B3B40, 0xA9733F]))
    canvas.shadow(Point(width / 2, floorY + height * 0.02), tableWidth * 0.55, height * 0.03)
    canvas.fill(
      .polygon([
        Point(tableLeft + tableWidth * 0.04, tableTop - height * 0.05),
        Point(tableLeft + tableWidth * 0.96, tableTop - height * 0.05),
        Point(tableLeft + tableWidth, tableTop), Point(tableLeft, tableTop),
      ]), wood)
    canvas.fill(.rect(tableLeft, tableTop, tableWidth, height * 0.025), wood.darker(0.25))
    for x in [tableLeft + tableWidth * 0.06, tableLeft + tableWidth * 0.92] {
      canvas.fill(.rect(x, tableTop, tableWidth * 0.02, floorY - tableTop), wood.darker(0.35))
    }
    // Laptops and mugs on the table.
    for seat in 0..<seats where random.chance(0.7) {
      let cx = tableLeft + tableWidth * (Double(seat) + 0.5) / Double(seats)
      if random.chance(0.5) {
        canvas.mug(
          at: Point(cx, tableTop - height * 0.015), height: height * 0.05,
          color: .hsv(random.unit(), 0.7, 0.9))
      } else {
        let lidWidth = tableWidth / Double(seats) * 0.4
        canvas.fill(
          .rect(
            cx - lidWidth / 2, tableTop - height * 0.02 - lidWidth * 0.6, lidWidth, lidWidth * 0.6),
          RGBA(hex: 0xC9CCD1))
        canvas.fill(
          .circle(Point(cx, tableTop - height * 0.02 - lidWidth * 0.3), lidWidth * 0.06), .white)
      }
    }
    canvas.plant(at: Point(width * 0.93, floorY + height * 0.03), height: height * 0.4, &random)
  }
}

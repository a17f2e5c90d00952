/// How many colours the terminal can show.
public enum ColorMode: String, Hashable, Sendable, CaseIterable {
  /// 24-bit colour (`SGR 38;2;r;g;b`).
  case truecolor
  /// The xterm 256-colour palette (`SGR 38;5;n`).
  case indexed256
  /// The 16 ANSI colours (`SGR 30–37`, `90–97`).
  case ansi16
  /// No colour: attributes only.
  case monochrome
}

extension Color {
  /// The closest colour this mode can show. Truecolor keeps every colour;
  /// 256 maps rgb to the nearest cube or grey entry; 16 maps to the nearest ANSI
  /// colour by squared RGB distance; monochrome gives `.default`.
  public func converted(to mode: ColorMode) -> Color {
    switch (self, mode) {
    case (.default, _): return .default
    case (_, .monochrome): return .default
    case (_, .truecolor): return self
    case (.indexed, .indexed256): return self
    case (.rgb(let r, let g, let b), .indexed256):
      return .indexed(Color.nearest256(r, g, b))
    case (.indexed(let index), .ansi16) where index < 16: return self
    case (_, .ansi16):
      let (r, g, b) = rgbComponents ?? (0, 0, 0)
      return .indexed(Color.nearest16(r, g, b))
    }
  }

  /// The xterm RGB value of this colour; nil for `.default`.
  public var rgbComponents: (UInt8, UInt8, UInt8)? {
    switch self {
    case .default: return nil
    case .rgb(let r, let g, let b): return (r, g, b)
    case .indexed(let index): return Color.paletteRGB(index)
    }
  }

  /// Levels of the 6×6×6 cube, as xterm sets them.
  static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The standard xterm values of the 16 ANSI colours.
  static let ansiRGB: [(UInt8, UInt8, UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0),
    (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// The RGB value of palette entry `index` in xterm's default palette.
  public static func paletteRGB(_ index: UInt8) -> (UInt8, UInt8, UInt8) {
    let i = Int(index)
    if i < 16 { return ansiRGB[i] }
    if i >= 232 {
      let level = UInt8(8 + (i - 232) * 10)
      return (level, level, level)
    }
    let cube = i - 16
    return (
      UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[(cube / 6) % 6]), UInt8(cubeLevels[cube % 6])
    )
  }

  /// The 256-palette index (16–255) nearest to an RGB value: the best of the
  /// nearest cube entry and the nearest grey, by squared distance. O(1).
  public static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    func level(_ v: UInt8) -> Int {
      let v = Int(v)
      if v < 48 { return 0 }
      if v < 115 { return 1 }
      return min(5, (v - 35) / 40)
    }
    let (lr, lg, lb) = (level(r), level(g), level(b))
    let cubeIndex = 16 + 36 * lr + 6 * lg + lb
    let cubeDistance = distance(
      (r, g, b), (UInt8(cubeLevels[lr]), UInt8(cubeLevels[lg]), UInt8(cubeLevels[lb])))
    let average = (Int(r) + Int(g) + Int(b)) / 3
    let greyStep = average > 238 ? 23 : max(0, (average - 3) / 10)
    let grey = UInt8(8 + greyStep * 10)
    let greyDistance = distance((r, g, b), (grey, grey, grey))
    return greyDistance < cubeDistance ? UInt8(232 + greyStep) : UInt8(cubeIndex)
  }

  /// The ANSI colour index (0–15) nearest to an RGB value by squared distance.
  public static func nearest16(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    var best = 0
    var bestDistance = Int.max
    for (index, entry) in ansiRGB.enumerated() {
      let d = distance((r, g, b), entry)
      if d < bestDistance {
        best = index
        bestDistance = d
      }
    }
    return UInt8(best)
  }

  static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
    let dr = Int(a.0) - Int(b.0)
    let dg = Int(a.1) - Int(b.1)
    let db = Int(a.2) - Int(b.2)
    return dr * dr + dg * dg + db * db
  }
}

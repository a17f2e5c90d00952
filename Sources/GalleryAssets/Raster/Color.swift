/// A straight (not premultiplied) colour with components in 0 ... 1.
struct RGBA: Sendable {
  var r: Float
  var g: Float
  var b: Float
  var a: Float

  init(_ r: Float, _ g: Float, _ b: Float, _ a: Float = 1) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// A colour from `0xRRGGBB`.
  init(hex: UInt32, alpha: Float = 1) {
    self.init(
      Float((hex >> 16) & 0xFF) / 255, Float((hex >> 8) & 0xFF) / 255, Float(hex & 0xFF) / 255,
      alpha)
  }

  /// A colour from hue (0 ..< 1, wrapping), saturation and value.
  static func hsv(_ hue: Double, _ saturation: Double, _ value: Double) -> RGBA {
    let h = (hue - hue.rounded(.down)) * 6
    let sector = Int(h.rounded(.down)) % 6
    let f = h - h.rounded(.down)
    let p = value * (1 - saturation)
    let q = value * (1 - saturation * f)
    let t = value * (1 - saturation * (1 - f))
    let (r, g, b): (Double, Double, Double)
    switch sector {
    case 0: (r, g, b) = (value, t, p)
    case 1: (r, g, b) = (q, value, p)
    case 2: (r, g, b) = (p, value, t)
    case 3: (r, g, b) = (p, q, value)
    case 4: (r, g, b) = (t, p, value)
    default: (r, g, b) = (value, p, q)
    }
    return RGBA(Float(r), Float(g), Float(b))
  }

  static let white = RGBA(1, 1, 1)
  static let black = RGBA(0, 0, 0)

  /// The colour a fraction `t` of the way to `other`.
  func mix(_ other: RGBA, _ t: Double) -> RGBA {
    let k = Float(t)
    return RGBA(
      r + (other.r - r) * k, g + (other.g - g) * k, b + (other.b - b) * k, a + (other.a - a) * k)
  }

  /// Mixed towards black by `amount`.
  func darker(_ amount: Double) -> RGBA { mix(RGBA(0, 0, 0, a), amount) }

  /// Mixed towards white by `amount`.
  func lighter(_ amount: Double) -> RGBA { mix(RGBA(1, 1, 1, a), amount) }

  /// The same colour with another opacity.
  func alpha(_ value: Double) -> RGBA { RGBA(r, g, b, Float(value)) }
}

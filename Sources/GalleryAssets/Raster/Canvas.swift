/// A picture being drawn: premultiplied RGBA floats, composited source-over.
struct Canvas {
  let width: Int
  let height: Int
  /// Premultiplied red, green, blue, alpha per pixel, row by row.
  private(set) var pixels: [Float]
  private var coverage: Coverage

  /// A canvas filled with `background` (transparent by default).
  init(width: Int, height: Int, background: RGBA = RGBA(0, 0, 0, 0)) {
    self.width = width
    self.height = height
    pixels = Array(repeating: 0, count: width * height * 4)
    coverage = Coverage(width: width, height: height)
    for i in 0..<(width * height) {
      pixels[i * 4] = background.r * background.a
      pixels[i * 4 + 1] = background.g * background.a
      pixels[i * 4 + 2] = background.b * background.a
      pixels[i * 4 + 3] = background.a
    }
  }

  var size: Point { Point(Double(width), Double(height)) }

  /// Paints the inside of `path` over what is there.
  mutating func fill(_ path: Path, _ paint: Paint) {
    let sampler = PaintSampler(paint)
    let rowLength = width
    var buffer = pixels
    pixels = []
    coverage.fill(path) { x, y, cover in
      let color = sampler.color(x: x, y: y)
      let alpha = color.a * cover
      let keep = 1 - alpha
      let i = (y * rowLength + x) * 4
      buffer[i] = color.r * alpha + buffer[i] * keep
      buffer[i + 1] = color.g * alpha + buffer[i + 1] * keep
      buffer[i + 2] = color.b * alpha + buffer[i + 2] * keep
      buffer[i + 3] = alpha + buffer[i + 3] * keep
    }
    pixels = buffer
  }

  mutating func fill(_ path: Path, _ color: RGBA) { fill(path, .solid(color)) }

  /// The whole canvas painted over.
  mutating func fillAll(_ paint: Paint) {
    fill(.rect(0, 0, Double(width), Double(height)), paint)
  }

  /// 8-bit pixels: RGB when `alpha` is false (composited over black), else straight RGBA.
  func bytes(alpha: Bool) -> [UInt8] {
    let channels = alpha ? 4 : 3
    var out = [UInt8](repeating: 0, count: width * height * channels)
    for p in 0..<(width * height) {
      let a = pixels[p * 4 + 3]
      let unpremultiply: Float = alpha ? (a > 0 ? 1 / a : 0) : 1
      for c in 0..<3 {
        out[p * channels + c] = Canvas.byte(pixels[p * 4 + c] * unpremultiply)
      }
      if alpha { out[p * channels + 3] = Canvas.byte(a) }
    }
    return out
  }

  private static func byte(_ value: Float) -> UInt8 {
    UInt8(min(255, max(0, (value * 255).rounded())))
  }
}

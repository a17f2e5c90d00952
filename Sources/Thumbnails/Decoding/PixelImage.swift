import Pictures

/// A decoded picture: 8-bit RGBA rows, top to bottom, without padding.
///
/// `stride` is always `width * 4`: libchafa 1.12 distorts other strides, so no
/// padded row layout is ever produced.
package struct PixelImage: Hashable, Sendable {
  /// Width in pixels, at least 1.
  package let width: Int
  /// Height in pixels, at least 1.
  package let height: Int
  /// `height * stride` bytes: R, G, B, A per pixel.
  package var pixels: [UInt8]
  /// The background the picture's translucent pixels were composited over, so that these
  /// pixels serve no other; nil when every pixel was opaque. Kept by turning, shrinking
  /// and cropping; not part of the picture's equality.
  package internal(set) var compositedOver: BackgroundColor?

  /// Bytes per row: `width * 4`.
  package var stride: Int { width * 4 }

  /// The memory the pixels take, in bytes.
  package var byteCount: Int { pixels.count }

  /// A picture from its pixels; `pixels.count` must be `width * height * 4`.
  package init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0 && pixels.count == width * height * 4)
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A picture filled with one colour.
  package init(width: Int, height: Int, filledWith rgba: (UInt8, UInt8, UInt8, UInt8)) {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for index in Swift.stride(from: 0, to: pixels.count, by: 4) {
      pixels[index] = rgba.0
      pixels[index + 1] = rgba.1
      pixels[index + 2] = rgba.2
      pixels[index + 3] = rgba.3
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  package static func == (left: PixelImage, right: PixelImage) -> Bool {
    left.width == right.width && left.height == right.height && left.pixels == right.pixels
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(height)
    hasher.combine(pixels)
  }
}

extension PixelImage {
  /// The picture with every pixel's alpha composited over `background` (alpha 255 after).
  func composited(over background: BackgroundColor) -> PixelImage {
    var copy = self
    copy.composite(over: background)
    return copy
  }

  /// Composites in place; straight (unassociated) alpha, rounded to nearest. Notes
  /// `compositedOver` when any pixel was not opaque.
  mutating func composite(over background: BackgroundColor) {
    let bg = (UInt32(background.red), UInt32(background.green), UInt32(background.blue))
    var translucent = false
    pixels.withUnsafeMutableBufferPointer { buffer in
      var index = 0
      while index < buffer.count {
        let alpha = UInt32(buffer[index + 3])
        if alpha != 255 {
          translucent = true
          let inverse = 255 - alpha
          buffer[index] = UInt8((UInt32(buffer[index]) * alpha + bg.0 * inverse + 127) / 255)
          buffer[index + 1] = UInt8(
            (UInt32(buffer[index + 1]) * alpha + bg.1 * inverse + 127) / 255)
          buffer[index + 2] = UInt8(
            (UInt32(buffer[index + 2]) * alpha + bg.2 * inverse + 127) / 255)
          buffer[index + 3] = 255
        }
        index += 4
      }
    }
    if translucent { compositedOver = background }
  }
}

extension PixelImage {
  /// Whether any pixel is not fully opaque. O(pixels), stopping at the first.
  var hasTransparency: Bool {
    pixels.withUnsafeBufferPointer { buffer in
      var index = 3
      while index < buffer.count {
        if buffer[index] != 255 { return true }
        index += 4
      }
      return false
    }
  }
}

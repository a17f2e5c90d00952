/// Finished 8-bit pixels, ready for an encoder: RGB or RGBA, row by row, no padding.
struct Bitmap {
  var width: Int
  var height: Int
  var channels: Int
  var bytes: [UInt8]

  /// The bitmap as a camera held at `orientation` would store it, so that a viewer which
  /// applies the EXIF orientation shows the original upright picture.
  func stored(for orientation: ExifOrientation) -> Bitmap {
    switch orientation {
    case .up: return self
    case .down:
      return remap(width: width, height: height) { x, y in (width - 1 - x, height - 1 - y) }
    // Shown after turning 90 degrees clockwise, so stored turned counter-clockwise.
    case .right: return remap(width: height, height: width) { x, y in (width - 1 - y, x) }
    case .left: return remap(width: height, height: width) { x, y in (y, height - 1 - x) }
    }
  }

  /// A new bitmap whose pixel (x, y) is this one's pixel `source(x, y)`.
  private func remap(width newWidth: Int, height newHeight: Int, _ source: (Int, Int) -> (Int, Int))
    -> Bitmap
  {
    var out = [UInt8](repeating: 0, count: newWidth * newHeight * channels)
    for y in 0..<newHeight {
      for x in 0..<newWidth {
        let (sx, sy) = source(x, y)
        let from = (sy * width + sx) * channels
        let to = (y * newWidth + x) * channels
        for c in 0..<channels { out[to + c] = bytes[from + c] }
      }
    }
    return Bitmap(width: newWidth, height: newHeight, channels: channels, bytes: out)
  }
}

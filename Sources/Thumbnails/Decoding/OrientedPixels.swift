/// Pixels laid out again as an EXIF orientation (1–8) shows them, for any pixel size: the
/// one mapping behind a decoded picture turned upright and a PNG turned by its pixels.
///
/// Orientation names where the stored picture's first row and column belong:
/// 2 mirrored, 3 rotated 180°, 4 flipped, 5 transposed, 6 needs 90° clockwise,
/// 7 transversed, 8 needs 90° counter-clockwise.
enum OrientedPixels {
  /// `pixels` (`width` × `height`, `bytesPerPixel` each, rows without padding) as
  /// `orientation` shows them, with the shown width and height; other values than 2–8
  /// give them back as they are. O(width × height).
  static func reoriented(
    _ pixels: [UInt8], width w: Int, height h: Int, bytesPerPixel size: Int, orientation: Int
  ) -> (pixels: [UInt8], width: Int, height: Int) {
    guard (2...8).contains(orientation) else { return (pixels, w, h) }
    let swaps = orientation >= 5
    let outWidth = swaps ? h : w
    let outHeight = swaps ? w : h
    var out = [UInt8](repeating: 0, count: pixels.count)
    pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        for y in 0..<outHeight {
          for x in 0..<outWidth {
            // (sx, sy): the stored pixel shown at (x, y).
            let (sx, sy): (Int, Int) =
              switch orientation {
              case 2: (w - 1 - x, y)
              case 3: (w - 1 - x, h - 1 - y)
              case 4: (x, h - 1 - y)
              case 5: (y, x)
              case 6: (y, h - 1 - x)
              case 7: (w - 1 - y, h - 1 - x)
              default: (w - 1 - y, x)
              }
            let from = (sy * w + sx) * size
            let to = (y * outWidth + x) * size
            for index in 0..<size { target[to + index] = source[from + index] }
          }
        }
      }
    }
    return (out, outWidth, outHeight)
  }
}

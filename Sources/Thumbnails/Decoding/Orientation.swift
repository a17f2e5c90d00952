extension PixelImage {
  /// The picture turned upright for an EXIF orientation (1–8); other values leave it as is.
  ///
  /// Orientation names where the stored picture's first row and column belong:
  /// 2 mirrored, 3 rotated 180°, 4 flipped, 5 transposed, 6 needs 90° clockwise,
  /// 7 transversed, 8 needs 90° counter-clockwise. O(width × height).
  func oriented(_ orientation: Int) -> PixelImage {
    guard (2...8).contains(orientation) else { return self }
    let swaps = orientation >= 5
    let outWidth = swaps ? height : width
    let outHeight = swaps ? width : height
    var out = [UInt8](repeating: 0, count: pixels.count)
    let w = width
    let h = height
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
            let from = (sy * w + sx) * 4
            let to = (y * outWidth + x) * 4
            target[to] = source[from]
            target[to + 1] = source[from + 1]
            target[to + 2] = source[from + 2]
            target[to + 3] = source[from + 3]
          }
        }
      }
    }
    var turned = PixelImage(width: outWidth, height: outHeight, pixels: out)
    turned.compositedOver = compositedOver
    return turned
  }
}

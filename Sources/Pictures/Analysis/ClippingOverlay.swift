/// Paints a picture's clipped areas for the clipping overlay: clipped highlights in a vivid
/// red, clipped shadows in a vivid blue, as Lightroom and darktable show them.
///
/// A pixel is clipped as `Clipping` says of 8-bit pixels: a highlight when any channel is
/// 255, a shadow when every channel is at most 2. Alpha is left as it is. Painting twice
/// paints the same pixels (red is a clipped highlight itself, blue is neither).
package enum ClippingOverlay {
  /// Clipped highlights' colour.
  package static let highlight: (red: UInt8, green: UInt8, blue: UInt8) = (255, 0, 0)
  /// Clipped shadows' colour: blue short of 255, so that it is no clipped highlight itself.
  package static let shadow: (red: UInt8, green: UInt8, blue: UInt8) = (0, 0, 250)

  /// Paints the pixels of `rows` in `bytes` in place; returns how many were painted, or nil
  /// (and paints nothing) when `bytes` is shorter than the layout reaches. O(pixels).
  @discardableResult
  package static func paint(_ bytes: UnsafeMutableRawBufferPointer, _ rows: PixelRows) -> Int? {
    guard bytes.count >= rows.byteCount, let base = bytes.baseAddress else { return nil }
    let top = Clipping.highlightLevel
    let bottom = Clipping.shadowLevel
    var painted = 0
    for y in 0..<rows.height {
      let row = base.advanced(by: y * rows.bytesPerRow).assumingMemoryBound(to: UInt8.self)
      var at = 0
      for _ in 0..<rows.width {
        let r = row[at]
        let g = row[at + 1]
        let b = row[at + 2]
        if r >= top || g >= top || b >= top {
          row[at] = highlight.red
          row[at + 1] = highlight.green
          row[at + 2] = highlight.blue
          painted += 1
        } else if r <= bottom && g <= bottom && b <= bottom {
          row[at] = shadow.red
          row[at + 1] = shadow.green
          row[at + 2] = shadow.blue
          painted += 1
        }
        at += rows.bytesPerPixel
      }
    }
    return painted
  }

  /// `paint` of pixels in an array.
  @discardableResult
  package static func paint(_ bytes: inout [UInt8], _ rows: PixelRows) -> Int? {
    bytes.withUnsafeMutableBytes { paint($0, rows) }
  }
}

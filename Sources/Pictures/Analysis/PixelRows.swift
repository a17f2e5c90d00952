/// The layout of a buffer of 8-bit RGB or RGBA pixels: rows top to bottom, each pixel's
/// red, green and blue first (alpha, when there, is not read).
package struct PixelRows: Hashable, Sendable {
  package var width: Int
  package var height: Int
  /// Bytes from one row's start to the next's: at least `width * bytesPerPixel`.
  package var bytesPerRow: Int
  /// 3 (RGB) or 4 (RGBA).
  package var bytesPerPixel: Int

  /// A layout, or nil when it is not one: a side not positive, a pixel not 3 or 4 bytes, or
  /// a row shorter than its pixels.
  package init?(width: Int, height: Int, bytesPerRow: Int, bytesPerPixel: Int) {
    guard width > 0, height > 0, bytesPerPixel == 3 || bytesPerPixel == 4,
      width <= Int.max / 4, bytesPerRow >= width * bytesPerPixel,
      height <= Int.max / bytesPerRow
    else { return nil }
    self.width = width
    self.height = height
    self.bytesPerRow = bytesPerRow
    self.bytesPerPixel = bytesPerPixel
  }

  /// Tightly packed RGBA rows.
  package static func rgba(width: Int, height: Int) -> PixelRows? {
    PixelRows(width: width, height: height, bytesPerRow: width * 4, bytesPerPixel: 4)
  }

  /// The bytes the layout reaches: the last row needs only its pixels.
  package var byteCount: Int { (height - 1) * bytesPerRow + width * bytesPerPixel }
}

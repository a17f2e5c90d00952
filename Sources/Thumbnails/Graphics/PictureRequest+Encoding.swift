import Pictures
import TerminalKit

extension PictureRequest {
  /// Encodes `image` (a decoded copy) for this request, not yet named: drawn over
  /// `place` in the tile when given (a zoomed picture's visible part), else fitted into
  /// it; `standingFor` is the size of the picture a preview stands for (see
  /// `PictureTile.render`).
  func encode(
    _ image: PixelImage, at place: (x: Int, y: Int, width: Int, height: Int)? = nil,
    standingFor picture: (width: Int, height: Int)? = nil
  ) -> EncodedPicture {
    var tilePixels = tile.render(
      image, at: place, standingFor: picture, paintsClipping: paintsClipping)
    var columns = tile.size.columns
    var rows = tile.size.rows
    if let visible, format == .sixel || format == .iterm2 {
      let column = max(0, min(visible.column, columns - 1))
      let row = max(0, min(visible.row, rows - 1))
      columns = max(1, min(visible.columns, columns - column))
      rows = max(1, min(visible.rows, rows - row))
      tilePixels = tilePixels.cropped(
        x: column * tile.cell.width, y: row * tile.cell.height, width: columns * tile.cell.width,
        height: rows * tile.cell.height)
    }
    return PictureEncoder.encoded(
      tilePixels, format: format, columns: columns, rows: rows, packing: packing,
      sixelRegisters: sixelRegisters)
  }
}

extension PixelImage {
  /// The pixels of a rectangle inside the picture, clipped to it (at least one pixel).
  /// O(rectangle); the picture itself when the rectangle covers it.
  func cropped(x: Int, y: Int, width: Int, height: Int) -> PixelImage {
    let left = max(0, min(x, self.width - 1))
    let top = max(0, min(y, self.height - 1))
    let w = max(1, min(width, self.width - left))
    let h = max(1, min(height, self.height - top))
    if left == 0, top == 0, w == self.width, h == self.height { return self }
    var out = [UInt8]()
    out.reserveCapacity(w * h * 4)
    for row in top..<(top + h) {
      let start = (row * self.width + left) * 4
      out.append(contentsOf: pixels[start..<(start + w * 4)])
    }
    var part = PixelImage(width: w, height: h, pixels: out)
    part.compositedOver = compositedOver
    return part
  }
}

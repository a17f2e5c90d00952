import TerminalKit

/// A picture at a tile's exact pixel size: fitted (aspect kept), centred, the
/// background around it, corners optionally rounded.
package struct PictureTile: Hashable, Sendable {
  /// The tile in cells and the cell size: the tile is `columns × cell width`
  /// by `rows × cell height` pixels.
  package var size: TileSize
  package var cell: CellPixelSize
  /// Shown around the picture (and under transparent pixels).
  package var background: BackgroundColor
  /// The radius of the picture's rounded corners, in pixels (0: square).
  package var cornerRadius: Int
  /// Whether a picture smaller than the tile is enlarged to fill it (the detail
  /// view); otherwise it keeps its own size, as cell art does.
  package var enlarges: Bool

  package init(
    size: TileSize, cell: CellPixelSize, background: BackgroundColor = .black,
    cornerRadius: Int = 0, enlarges: Bool = false
  ) {
    self.size = size
    self.cell = cell
    self.background = background
    self.cornerRadius = cornerRadius
    self.enlarges = enlarges
  }

  /// The tile's size in pixels.
  package var pixelWidth: Int { max(1, size.columns * cell.width) }
  package var pixelHeight: Int { max(1, size.rows * cell.height) }

  /// Where a `width × height` picture lands in the tile, in pixels.
  package func fit(width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
    let scale = min(
      Double(pixelWidth) / Double(max(1, width)), Double(pixelHeight) / Double(max(1, height)),
      enlarges ? .infinity : 1)
    let fittedWidth = min(pixelWidth, max(1, Int((Double(width) * scale).rounded())))
    let fittedHeight = min(pixelHeight, max(1, Int((Double(height) * scale).rounded())))
    return (
      (pixelWidth - fittedWidth) / 2, (pixelHeight - fittedHeight) / 2, fittedWidth, fittedHeight
    )
  }
}

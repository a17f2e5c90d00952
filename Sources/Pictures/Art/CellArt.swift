import TerminalKit

/// A picture drawn as terminal cells: one character with a foreground and background each.
///
/// Covers the whole box it was fitted into; cells outside `fit` are blank in the
/// default colours (the letterbox).
package struct CellArt: Hashable, Sendable {
  /// The box, in cells.
  package let size: TileSize
  /// Where the picture sits inside the box.
  package let fit: CellFit
  /// `size.rows × size.columns` cells, row by row; each carries only colours.
  package let cells: [Cell]
  /// Whether the art was drawn from the picture's small embedded preview, to be replaced
  /// by art drawn from the picture itself (same box, same fit).
  package let isPreview: Bool

  package init(size: TileSize, fit: CellFit, cells: [Cell], isPreview: Bool = false) {
    precondition(cells.count == size.columns * size.rows)
    self.size = size
    self.fit = fit
    self.cells = cells
    self.isPreview = isPreview
  }

  /// The cell at a column and row of the box.
  package subscript(column: Int, row: Int) -> Cell { cells[row * size.columns + column] }

  /// The memory the cells take, roughly, in bytes (for cache accounting).
  package var approximateByteCount: Int { cells.count * MemoryLayout<Cell>.stride + 64 }
}

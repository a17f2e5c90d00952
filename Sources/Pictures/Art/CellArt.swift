import TerminalKit

/// A picture drawn as terminal cells: one character with a foreground and background each.
///
/// Covers the whole box it was fitted into; cells outside `fit` are blank in the
/// default colours (the letterbox).
public struct CellArt: Hashable, Sendable {
  /// The box, in cells.
  public let size: TileSize
  /// Where the picture sits inside the box.
  public let fit: CellFit
  /// `size.rows × size.columns` cells, row by row; each carries only colours.
  public let cells: [Cell]
  /// Whether the art was drawn from the picture's small embedded preview, to be replaced
  /// by art drawn from the picture itself (same box, same fit).
  public let isPreview: Bool

  public init(size: TileSize, fit: CellFit, cells: [Cell], isPreview: Bool = false) {
    precondition(cells.count == size.columns * size.rows)
    self.size = size
    self.fit = fit
    self.cells = cells
    self.isPreview = isPreview
  }

  /// The cell at a column and row of the box.
  public subscript(column: Int, row: Int) -> Cell { cells[row * size.columns + column] }

  /// The memory the cells take, roughly, in bytes (for cache accounting).
  public var approximateByteCount: Int { cells.count * MemoryLayout<Cell>.stride + 64 }
}

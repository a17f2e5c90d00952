import TerminalKit

/// A picture drawn as terminal cells: one character with a foreground and background each.
///
/// Covers the whole box it was fitted into; cells outside `fit` are blank in the
/// default colours (the letterbox).
public struct CellArt: Hashable, Sendable {
  /// The box, in cells.
  public let size: CellSize
  /// Where the picture sits inside the box.
  public let fit: CellFit
  /// `size.rows × size.columns` cells, row by row; each carries only colours.
  public let cells: [Cell]

  public init(size: CellSize, fit: CellFit, cells: [Cell]) {
    precondition(cells.count == size.columns * size.rows)
    self.size = size
    self.fit = fit
    self.cells = cells
  }

  /// The cell at a column and row of the box.
  public subscript(column: Int, row: Int) -> Cell { cells[row * size.columns + column] }

  /// The memory the cells take, roughly, in bytes (for cache accounting).
  public var approximateByteCount: Int { cells.count * MemoryLayout<Cell>.stride + 64 }
}

/// The colours a terminal can show, as libchafa renders for them.
public enum ColorMode: String, Hashable, Sendable, CaseIterable {
  /// 24-bit colours.
  case truecolor
  /// The xterm 256-colour palette; libchafa picks among indices 16–255 only, since
  /// terminals remap 0–15 freely.
  case indexed256
  /// The 16 ANSI colours.
  case indexed16
  /// No colour: shapes only, in the terminal's default colours.
  case none
}

/// Which characters may draw the picture.
public enum SymbolSet: String, Hashable, Sendable, CaseIterable {
  /// Block elements: halves, quadrants, eighths (the default).
  case blocks
  /// Upper and lower half blocks only: two square-ish pixels a cell.
  case halfBlocks
  /// Quadrant blocks.
  case quadrants
  /// Sextants (Unicode 13 legacy computing): 2×3 a cell.
  case sextants
  /// Braille patterns: 2×4 dots a cell.
  case braille
  /// Printable ASCII only.
  case ascii
}

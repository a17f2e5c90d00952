/// The cells that changed between two frames, as runs of consecutive cells per
/// row: what a backend must write to turn the old screen into the new one.
///
/// A run never starts on the right half of a wide character or ends on its left
/// half, so each run can be written on its own. When the sizes differ (or there
/// is no old frame) every row is one run.
public struct FrameDiff: Hashable, Sendable {
  /// Consecutive changed cells of one row.
  public struct Run: Hashable, Sendable {
    /// Column of the first cell.
    public var x: Int
    /// Row.
    public var y: Int
    /// The new cells, left to right.
    public var cells: [Cell]

    public init(x: Int, y: Int, cells: [Cell]) {
      self.x = x
      self.y = y
      self.cells = cells
    }
  }

  /// The runs, top to bottom, left to right.
  public var runs: [Run]
  /// Whether this diff repaints everything (sizes differed or no old frame).
  public var isFullRedraw: Bool
  public let width: Int
  public let height: Int

  /// Whether nothing changed.
  public var isEmpty: Bool { runs.isEmpty }

  /// The number of cells the runs cover.
  public var changedCellCount: Int { runs.reduce(0) { $0 + $1.cells.count } }

  /// Compares two frames cell by cell. O(width × height); allocates only for the
  /// changed cells.
  public init(from old: Frame?, to new: Frame) {
    width = new.width
    height = new.height
    guard let old, old.width == new.width, old.height == new.height else {
      isFullRedraw = true
      runs = (0..<new.height).map { row in
        Run(x: 0, y: row, cells: Array(new.cells[row * new.width..<(row + 1) * new.width]))
      }
      if new.width == 0 { runs = [] }
      return
    }
    isFullRedraw = false
    runs = []
    let w = new.width
    new.cells.withUnsafeBufferPointer { newCells in
      old.cells.withUnsafeBufferPointer { oldCells in
        for row in 0..<new.height {
          let base = row * w
          var column = 0
          while column < w {
            if newCells[base + column] == oldCells[base + column] {
              column += 1
              continue
            }
            var start = column
            while column < w && newCells[base + column] != oldCells[base + column] { column += 1 }
            // Whole wide characters only: widen over a split pair.
            if start > 0 && newCells[base + start].isContinuation { start -= 1 }
            if column < w && newCells[base + column].isContinuation { column += 1 }
            runs.append(
              Run(x: start, y: row, cells: Array(newCells[(base + start)..<(base + column)])))
          }
        }
      }
    }
  }

  /// A diff that repaints the whole frame.
  public static func fullRedraw(of frame: Frame) -> FrameDiff { FrameDiff(from: nil, to: frame) }
}

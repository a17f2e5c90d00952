/// The cells that changed between two frames, as runs of consecutive cells per
/// row: what a backend must write to turn the old screen into the new one.
///
/// A run never starts on the right half of a wide character or ends on its left
/// half, so each run can be written on its own. When the sizes differ (or there
/// is no old frame) every row is one run.
///
/// A diff may also carry a vertical `scroll` for the terminal to apply first
/// (moving whole lines is far cheaper than rewriting them); its runs are then
/// relative to the old frame as it looks after that scroll (`Frame.scrolled(_:)`).
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

  /// A vertical move of the lines inside a scroll region, as a terminal does it
  /// with a scroll region (DECSTBM) and index / reverse index.
  public struct Scroll: Hashable, Sendable {
    /// The region's first row, 0-based.
    public var top: Int
    /// The region's last row, 0-based and inclusive.
    public var bottom: Int
    /// The lines the content moves: positive moves it up (as IND at the bottom
    /// margin does), negative down (as RI at the top margin). The `|count|` rows
    /// exposed at the region's far end become blank cells in the default style.
    public var count: Int

    public init(top: Int, bottom: Int, count: Int) {
      self.top = top
      self.bottom = bottom
      self.count = count
    }

    /// The scroll `FrameDiff(from: old, to: new, scrolling: true)` applies: the
    /// shift that reproduces the most rows of `new` from rows of `old` (at least
    /// two more than leaving them in place), over the region that leaves the
    /// fewest cells to rewrite; nil when no region beats not scrolling, or when
    /// the sizes differ.
    public init?(from old: Frame, to new: Frame) {
      guard let scroll = ScrollDetector.detect(from: old, to: new) else { return nil }
      self = scroll
    }

    /// The row of the old frame that row `y` shows after the scroll; nil for an
    /// exposed (blank) row. Rows outside the region stay in place.
    @inlinable public func sourceRow(of y: Int) -> Int? {
      guard y >= top && y <= bottom else { return y }
      let source = y + count
      return source >= top && source <= bottom ? source : nil
    }
  }

  /// The runs, top to bottom, left to right.
  public var runs: [Run]
  /// The scroll to apply before the runs, if any; never set on a full redraw.
  public var scroll: Scroll?
  /// Whether this diff repaints everything (sizes differed or no old frame).
  public var isFullRedraw: Bool
  public let width: Int
  public let height: Int

  /// Whether nothing changed.
  public var isEmpty: Bool { runs.isEmpty && scroll == nil }

  /// The number of cells the runs cover.
  public var changedCellCount: Int { runs.reduce(0) { $0 + $1.cells.count } }

  /// Compares two frames cell by cell, without scroll detection (for backends
  /// that cannot move lines). O(width × height); allocates only for the changed
  /// cells.
  public init(from old: Frame?, to new: Frame) {
    self.init(from: old, to: new, scrolling: false)
  }

  /// Compares two frames cell by cell; with `scrolling`, first looks for a
  /// vertical shift of the content that saves rewriting rows and, when one saves
  /// at least two rows, records it as `scroll` and diffs against the scrolled
  /// old frame.
  ///
  /// Detection looks a few sample rows up among the changed rows and verifies a
  /// few candidate shifts (rows compared with an early exit); rows equal in place,
  /// or verified to be reproduced by the chosen shift, are not compared again, so
  /// a scrolling diff of a scrolled screen costs less than a plain one.
  /// O(width × height) overall.
  public init(from old: Frame?, to new: Frame, scrolling: Bool) {
    width = new.width
    height = new.height
    scroll = nil
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
    guard new.width > 0 else { return }
    let w = new.width
    let h = new.height
    var shift: Scroll?
    var found: [Run] = []
    new.cells.withUnsafeBufferPointer { newCells in
      old.cells.withUnsafeBufferPointer { oldCells in
        guard let newBase = newCells.baseAddress, let oldBase = oldCells.baseAddress else {
          return
        }
        guard scrolling else {
          for row in 0..<h {
            Self.appendRuns(
              row: row, new: newBase + row * w, old: oldBase + row * w, width: w, to: &found)
          }
          return
        }
        // One pass of whole-row comparisons serves both the detection and the
        // runs: rows equal in place and outside the region need nothing more.
        let rows = ScrollDetector.Rows(new: newBase, old: oldBase, width: w)
        let unchanged = (0..<h).map { rows.equal($0, $0) }
        let detected = rows.detect(unchanged: unchanged)
        shift = detected?.scroll
        // Exposed rows compare against a blank row.
        let blankRow = [Cell](repeating: .blank, count: shift == nil ? 0 : w)
        blankRow.withUnsafeBufferPointer { blank in
          for row in 0..<h {
            var shown = oldBase + row * w
            if let shift, let detected, row >= shift.top, row <= shift.bottom {
              if let source = shift.sourceRow(of: row) {
                // Verified equal to its source during detection.
                if detected.moved[row] { continue }
                shown = oldBase + source * w
              } else if let blankBase = blank.baseAddress {
                shown = blankBase
              }
            } else if unchanged[row] {
              continue
            }
            Self.appendRuns(row: row, new: newBase + row * w, old: shown, width: w, to: &found)
          }
        }
      }
    }
    scroll = shift
    runs = found
  }

  /// Appends the runs where row `row` of the new frame differs from the cells the
  /// screen shows there, widened so no wide character is split.
  static func appendRuns(
    row: Int, new: UnsafePointer<Cell>, old: UnsafePointer<Cell>, width w: Int,
    to runs: inout [Run]
  ) {
    var column = 0
    while column < w {
      if new[column] == old[column] {
        column += 1
        continue
      }
      var start = column
      while column < w && new[column] != old[column] { column += 1 }
      // Whole wide characters only: widen over a split pair.
      if start > 0 && new[start].isContinuation { start -= 1 }
      if column < w && new[column].isContinuation { column += 1 }
      runs.append(
        Run(
          x: start, y: row,
          cells: Array(UnsafeBufferPointer(start: new + start, count: column - start))))
    }
  }

  /// The runs of the cells of `frame` marked in `marked` (row-major, one flag a
  /// cell), widened so no wide character is split. O(width × height).
  static func runs(marked: [Bool], in frame: Frame) -> [Run] {
    var runs: [Run] = []
    let w = frame.width
    for row in 0..<frame.height {
      var column = 0
      while column < w {
        guard marked[row * w + column] else {
          column += 1
          continue
        }
        var start = column
        while column < w && marked[row * w + column] { column += 1 }
        if start > 0 && frame.cells[row * w + start].isContinuation { start -= 1 }
        if column < w && frame.cells[row * w + column].isContinuation { column += 1 }
        runs.append(
          Run(x: start, y: row, cells: Array(frame.cells[(row * w + start)..<(row * w + column)])))
      }
    }
    return runs
  }

  /// A diff that repaints the whole frame.
  public static func fullRedraw(of frame: Frame) -> FrameDiff { FrameDiff(from: nil, to: frame) }
}

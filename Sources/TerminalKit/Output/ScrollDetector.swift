/// Finds a vertical shift of content between two frames of the same size, for a
/// terminal to apply with a scroll region instead of rewriting the moved rows.
///
/// Cheap enough for every frame: the band of changed rows is found from both
/// ends, a few sample rows of the new frame are looked up among the old rows of
/// the band (nearest first, a few matches each, so a run of identical blank rows
/// cannot flood the search), and each candidate shift is verified by counting
/// the rows it reproduces, giving up as soon as it cannot win. Rows compare cell
/// by cell with an early exit. Only for the winning shift are cells counted, to
/// choose the region that leaves the fewest to rewrite (`cheapestRegion`).
enum ScrollDetector {
  /// How many old rows one sample row may match before its search stops.
  static let matchesPerSample = 3
  /// The most candidate shifts verified.
  static let maximumCandidates = 12
  /// How many more rows a shift must reproduce than staying in place does.
  static let minimumSaving = 2
  /// A cursor move to a row, in cells (`CSI r;c H` is about as long as a cell
  /// with its colours).
  static let rowCost = 4
  /// The scroll itself (region, moves, index, reset), in cells.
  static let scrollCost = 8

  /// The shift that turns the most rows of `old` into rows of `new` (at least
  /// `minimumSaving` more than no shift), over its cheapest region; nil when
  /// scrolling saves nothing (or for other sizes).
  static func detect(from old: Frame, to new: Frame) -> FrameDiff.Scroll? {
    let width = new.width
    let height = new.height
    guard width > 0, height >= 3, old.width == width, old.height == height else { return nil }
    return new.cells.withUnsafeBufferPointer { newCells in
      old.cells.withUnsafeBufferPointer { oldCells in
        guard let newBase = newCells.baseAddress, let oldBase = oldCells.baseAddress else {
          return nil
        }
        let rows = Rows(new: newBase, old: oldBase, width: width)
        return rows.detect(unchanged: (0..<height).map { rows.equal($0, $0) })?.scroll
      }
    }
  }

  /// Row access to the two frames' cells.
  struct Rows {
    let new: UnsafePointer<Cell>
    let old: UnsafePointer<Cell>
    let width: Int

    /// Whether row `newRow` of the new frame equals row `oldRow` of the old one.
    @inline(__always) func equal(_ newRow: Int, _ oldRow: Int) -> Bool {
      let a = new + newRow * width
      let b = old + oldRow * width
      for column in 0..<width where a[column] != b[column] { return false }
      return true
    }

    /// The best scroll given which rows are equal in place (`unchanged[y]`), and
    /// which rows of the new frame it was verified to reproduce (`moved[y]`), so
    /// the diff need not compare those again.
    func detect(unchanged: [Bool]) -> (scroll: FrameDiff.Scroll, moved: [Bool])? {
      guard let first = unchanged.firstIndex(of: false),
        let last = unchanged.lastIndex(of: false),
        // A band of two rows or fewer cannot save two rows by moving.
        last - first >= 2
      else { return nil }
      let inPlace = unchanged[first...last].count { $0 }

      let candidates = candidateShifts(first: first, last: last)
      var bestCount: Int?
      var bestMoved: [Bool] = []
      var moved: [Bool] = []
      var needed = inPlace + ScrollDetector.minimumSaving
      for count in candidates {
        // Rows y of the new frame that row y + count of the old one can fill.
        let lower = count > 0 ? first : first - count
        let upper = count > 0 ? last - count : last
        moved = [Bool](repeating: false, count: unchanged.count)
        var matches = 0
        var row = lower
        while row <= upper {
          if matches + (upper - row + 1) < needed { break }
          if equal(row, row + count) {
            matches += 1
            moved[row] = true
          }
          row += 1
        }
        guard matches >= needed else { continue }
        needed = matches + 1
        swap(&moved, &bestMoved)
        bestCount = count
      }
      guard let count = bestCount,
        let region = cheapestRegion(
          count: count, first: first, last: last, unchanged: unchanged, moved: bestMoved)
      else { return nil }
      return (FrameDiff.Scroll(top: region.top, bottom: region.bottom, count: count), bestMoved)
    }

    /// The scroll region for a shift of `count` lines within the changed band
    /// `first...last` that leaves the fewest cells to rewrite; nil when no region
    /// leaves fewer than not scrolling at all.
    ///
    /// Rows that only nearly moved (a focus border that left them, a thumbnail
    /// that arrived) still belong inside the region, and a status line that only
    /// changed a few cells belongs outside it: so each row's cost is counted in
    /// cells three ways — left in place, filled from its shifted source, or
    /// exposed blank — and every region in the band is tried through prefix sums.
    /// O(width × band) to count, O(band²) to choose.
    func cheapestRegion(count: Int, first: Int, last: Int, unchanged: [Bool], moved: [Bool])
      -> (top: Int, bottom: Int)?
    {
      let rows = last - first + 1
      // Prefix sums over the band: index i covers rows first..<first + i.
      var inPlace = [Int](repeating: 0, count: rows + 1)
      var shifted = [Int](repeating: 0, count: rows + 1)
      var exposed = [Int](repeating: 0, count: rows + 1)
      for index in 0..<rows {
        let y = first + index
        let source = y + count
        inPlace[index + 1] = inPlace[index] + (unchanged[y] ? 0 : differingCells(y, old(y)))
        let fromSource: Int
        if source < first || source > last {
          // Its source lies outside the band, so no region in the band moves this
          // row; the prefix sums still need a value here.
          fromSource = 0
        } else {
          fromSource = moved[y] ? 0 : differingCells(y, old(source))
        }
        shifted[index + 1] = shifted[index] + fromSource
        exposed[index + 1] = exposed[index] + blankDifference(y)
      }
      let magnitude = abs(count)
      var best: (top: Int, bottom: Int)?
      // Scrolling must beat rewriting the band in place.
      var bestCost = inPlace[rows] - ScrollDetector.scrollCost
      for top in 0..<rows {
        var bottom = top + magnitude
        while bottom < rows {
          // Rows top...bottom (band indices) form the region.
          let outside = inPlace[top] + (inPlace[rows] - inPlace[bottom + 1])
          let inside: Int
          if count > 0 {
            let split = bottom - magnitude + 1
            inside = (shifted[split] - shifted[top]) + (exposed[bottom + 1] - exposed[split])
          } else {
            let split = top + magnitude
            inside = (exposed[split] - exposed[top]) + (shifted[bottom + 1] - shifted[split])
          }
          if outside + inside < bestCost {
            bestCost = outside + inside
            best = (first + top, first + bottom)
          }
          bottom += 1
        }
      }
      return best
    }

    /// The old frame's row `y`.
    @inline(__always) func old(_ y: Int) -> UnsafePointer<Cell> { old + y * width }

    /// What rewriting the new frame's row `y` over `shown` costs, in cells: the
    /// cells that differ, plus `rowCost` for the cursor move when any does.
    func differingCells(_ y: Int, _ shown: UnsafePointer<Cell>) -> Int {
      let row = new + y * width
      var differing = 0
      for column in 0..<width where row[column] != shown[column] { differing += 1 }
      return differing == 0 ? 0 : differing + ScrollDetector.rowCost
    }

    /// What writing the new frame's row `y` over a blank row costs, in cells.
    func blankDifference(_ y: Int) -> Int {
      let row = new + y * width
      let blank = Cell.blank
      var differing = 0
      for column in 0..<width where row[column] != blank { differing += 1 }
      return differing == 0 ? 0 : differing + ScrollDetector.rowCost
    }

    /// Shifts suggested by looking up sample rows of the new frame (the band's
    /// ends, middle and quarters) among the old rows of the band, nearest first.
    func candidateShifts(first: Int, last: Int) -> [Int] {
      let band = last - first
      var candidates: [Int] = []
      candidates.reserveCapacity(ScrollDetector.maximumCandidates)
      var previousSample = -1
      for sample in [first, first + band / 4, first + band / 2, first + 3 * band / 4, last]
      where sample != previousSample {
        previousSample = sample
        var matches = 0
        var distance = 1
        while matches < ScrollDetector.matchesPerSample && distance <= band {
          for side in 0..<2 {
            let source = side == 0 ? sample + distance : sample - distance
            guard source >= first && source <= last && equal(sample, source) else { continue }
            matches += 1
            let count = source - sample
            if !candidates.contains(count) { candidates.append(count) }
            if candidates.count == ScrollDetector.maximumCandidates { return candidates }
          }
          distance += 1
        }
      }
      return candidates
    }
  }
}

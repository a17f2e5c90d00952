/// Finds a vertical shift of content between two frames of the same size, for a
/// terminal to apply with a scroll region instead of rewriting the moved rows.
///
/// Cheap enough for every frame: the band of changed rows is found from both
/// ends, a few sample rows of the new frame are looked up among the old rows of
/// the band (nearest first, a few matches each, so a run of identical blank rows
/// cannot flood the search), and each candidate shift is verified by counting
/// the rows it reproduces, giving up as soon as it cannot win. Rows compare cell
/// by cell with an early exit.
enum ScrollDetector {
  /// How many old rows one sample row may match before its search stops.
  static let matchesPerSample = 3
  /// The most candidate shifts verified.
  static let maximumCandidates = 12
  /// How many more rows a shift must reproduce than staying in place does.
  static let minimumSaving = 2

  /// The scroll that turns the most rows of `old` into rows of `new`, when it
  /// beats no scroll by `minimumSaving` rows; nil otherwise (or for other sizes).
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
      var best: FrameDiff.Scroll?
      var bestMoved: [Bool] = []
      var moved: [Bool] = []
      var needed = inPlace + ScrollDetector.minimumSaving
      for count in candidates {
        // Rows y of the new frame that row y + count of the old one can fill.
        let lower = count > 0 ? first : first - count
        let upper = count > 0 ? last - count : last
        moved = [Bool](repeating: false, count: unchanged.count)
        var matches = 0
        var firstMatch = -1
        var lastMatch = -1
        var row = lower
        while row <= upper {
          if matches + (upper - row + 1) < needed { break }
          if equal(row, row + count) {
            matches += 1
            moved[row] = true
            if firstMatch < 0 { firstMatch = row }
            lastMatch = row
          }
          row += 1
        }
        guard matches >= needed else { continue }
        needed = matches + 1
        swap(&moved, &bestMoved)
        // The region spans the moved rows and the rows they leave behind, no more,
        // so unchanged rows around it (a status line that only changed a few cells)
        // keep their place.
        best =
          count > 0
          ? FrameDiff.Scroll(top: firstMatch, bottom: lastMatch + count, count: count)
          : FrameDiff.Scroll(top: firstMatch + count, bottom: lastMatch, count: count)
      }
      guard let best else { return nil }
      return (best, bestMoved)
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

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
        return Rows(new: newBase, old: oldBase, width: width).detect(height: height)
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

    func detect(height: Int) -> FrameDiff.Scroll? {
      var first = 0
      while first < height && equal(first, first) { first += 1 }
      guard first < height else { return nil }
      var last = height - 1
      while last > first && equal(last, last) { last -= 1 }
      // A band of two rows or fewer cannot save two rows by moving.
      guard last - first >= 2 else { return nil }
      var inPlace = 0
      for row in (first + 1)..<last where equal(row, row) { inPlace += 1 }

      let candidates = candidateShifts(first: first, last: last)
      var best: FrameDiff.Scroll?
      var needed = inPlace + ScrollDetector.minimumSaving
      for count in candidates {
        // Rows y of the new frame that row y + count of the old one can fill.
        let lower = count > 0 ? first : first - count
        let upper = count > 0 ? last - count : last
        var matches = 0
        var firstMatch = -1
        var lastMatch = -1
        var row = lower
        while row <= upper {
          if matches + (upper - row + 1) < needed { break }
          if equal(row, row + count) {
            matches += 1
            if firstMatch < 0 { firstMatch = row }
            lastMatch = row
          }
          row += 1
        }
        guard matches >= needed else { continue }
        needed = matches + 1
        // The region spans the moved rows and the rows they leave behind, no more,
        // so unchanged rows around it (a status line that only changed a few cells)
        // keep their place.
        best =
          count > 0
          ? FrameDiff.Scroll(top: firstMatch, bottom: lastMatch + count, count: count)
          : FrameDiff.Scroll(top: firstMatch + count, bottom: lastMatch, count: count)
      }
      return best
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
          for source in [sample + distance, sample - distance]
          where source >= first && source <= last && equal(sample, source) {
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

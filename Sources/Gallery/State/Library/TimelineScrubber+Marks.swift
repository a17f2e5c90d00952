import CompositionalLayout

extension TimelineScrubber {
  /// The period the scale highlights: the focused picture's while any of it is on screen
  /// (none when that picture has no date), else the day at the top left of the screen,
  /// what the view is at after the wheel or a drag took it away from the focus.
  static func current(_ state: GalleryState, starts: [(y: Int, section: Int)]) -> TimelinePeriod? {
    if let focus = state.focus, let frame = state.frame(of: focus),
      frame.intersects(state.visibleRect)
    {
      return state.sections.indices.contains(focus.section)
        ? state.sections[focus.section].period : nil
    }
    // The first of the last row of days to start at or above the top (small days share
    // their rows).
    let above = starts.filter { $0.y <= state.scrollY }
    let day = above.first { $0.y == above.last?.y } ?? starts.first
    return day.flatMap { state.sections[$0.section].period }
  }

  /// The labels, none sharing a row: every year, then the months on the rows still free.
  ///
  /// A year goes where its first section starts, or on the next row free of another
  /// year's label when a short year left it no row of its own (the labels pushed back up
  /// from the foot if they run past it): a year is never dropped while there are rows for
  /// them all, and stays above its months and below the months of the year before. A
  /// month goes where its first section starts when that row is free, the focus's month
  /// first.
  static func marks(
    _ periods: [(row: Int, period: TimelinePeriod, section: Int)], rows: Int,
    current: TimelinePeriod?, months: [String], showsMonths: Bool
  ) -> [Mark] {
    var years: [(row: Int, period: TimelinePeriod, section: Int)] = []
    for start in periods where start.period.year != years.last?.period.year {
      years.append(start)
    }
    if years.count > rows {
      // More years than rows: as many as fit, spread from the first to the last.
      let count = years.count
      years = (0..<rows).map { years[rows > 1 ? $0 * (count - 1) / (rows - 1) : 0] }
    }
    var placed = years.map(\.row)
    for index in placed.indices.dropFirst() {
      placed[index] = max(placed[index], placed[index - 1] + 1)
    }
    for index in placed.indices.reversed() {
      placed[index] = min(
        placed[index], index == placed.count - 1 ? rows - 1 : placed[index + 1] - 1)
    }
    var taken: [Int: Mark] = [:]
    for (year, row) in zip(years, placed) {
      taken[row] = Mark(
        row: row, text: String(year.period.year), isYear: true,
        isCurrent: current?.year == year.period.year, section: year.section)
    }
    guard showsMonths else { return taken.values.sorted { $0.row < $1.row } }
    var firsts: [(row: Int, period: TimelinePeriod, section: Int)] = []
    for start in periods {
      guard let month = start.period.month, months.indices.contains(month - 1) else { continue }
      let last = firsts.last?.period
      if last?.year != start.period.year || last?.month != month { firsts.append(start) }
    }
    func isCurrent(_ period: TimelinePeriod) -> Bool {
      current?.year == period.year && current?.month == period.month
    }
    for (row, period, section) in firsts.filter({ isCurrent($0.period) })
      + firsts.filter({ !isCurrent($0.period) })
    where taken[row] == nil {
      taken[row] = Mark(
        row: row, text: months[(period.month ?? 1) - 1], isYear: false,
        isCurrent: isCurrent(period), section: section)
    }
    return taken.values.sorted { $0.row < $1.row }
  }
}

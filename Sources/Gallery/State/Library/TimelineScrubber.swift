import CompositionalLayout
import FoundationEssentials

/// The timeline's scrubber: the years and months of the sections as a scale down the
/// rightmost columns, the part of the content on screen marked on it, the year and month
/// of the focus highlighted.
///
/// The scale follows the content, not the calendar: a row stands for as many rows of
/// content as the view's rows share out (a busy month takes more of it than a quiet
/// year), so a row of the scale is where the view goes when it is clicked or dragged to.
/// Shown in the timeline at regular width, in the grids and the list; hidden at compact
/// width, where the columns are the pictures'.
package struct TimelineScrubber: Sendable {
  /// The columns it takes: a blank, a label of four, a blank, the bar.
  package static let columns = 7

  /// A label on the scale.
  package struct Mark: Hashable, Sendable {
    /// The row of the view it is on.
    package var row: Int
    /// `2026`, or a month's short name.
    package var text: String
    /// A year's label (else a month's).
    package var isYear: Bool
    /// Whether the focus is in this year or month (`current(_:starts:)`).
    package var isCurrent: Bool
    /// The section a click on it leads to: the first of its year or month.
    package var section: Int
  }

  /// The first column, in screen cells.
  package let x: Int
  /// The rows of the view it spans, from the top.
  package let rows: Int
  /// The labels, top to bottom, none sharing a row.
  package let marks: [Mark]
  /// The rows standing for the content on screen.
  package let thumb: ClosedRange<Int>
  /// Where each dated section starts in the content: its first row and index, top to
  /// bottom.
  let starts: [(y: Int, section: Int)]
  /// The content's height in rows, which the scale shares out.
  let contentHeight: Int

  /// The columns the scrubber takes from the layout in `state` with `traits`: all of
  /// them in the timeline at regular width on a screen the gallery draws, none else.
  static func width(for state: GalleryState, traits: TraitCollection) -> Int {
    guard state.grouping.isTimeline, !state.configuration.isDocument,
      traits.horizontalSizeClass == .regular, !state.isTooSmall
    else { return 0 }
    return columns
  }

  /// The scrubber of `state`, nil while it is not shown (not the timeline, compact width,
  /// the detail view, no dated section).
  init?(_ state: GalleryState) {
    guard Self.width(for: state, traits: state.traits) > 0, state.screenMode == .grid,
      state.viewHeight > 0
    else { return nil }
    let rows = state.viewHeight
    let height = max(1, state.layout.contentSize.height)
    var starts: [(y: Int, section: Int)] = []
    var periods: [(row: Int, period: TimelinePeriod, section: Int)] = []
    for (index, section) in state.sections.enumerated()
    where state.layout.sections.indices.contains(index) {
      guard let period = section.period else { continue }
      let y = state.layout.sections[index].frame.minY
      starts.append((y, index))
      periods.append((Self.row(of: y, rows: rows, height: height), period, index))
    }
    guard !periods.isEmpty else { return nil }
    let top = state.scrollY
    let current = Self.current(state, starts: starts)
    x = state.screen.width - Self.columns
    self.rows = rows
    self.starts = starts
    contentHeight = height
    let first = Self.row(of: top, rows: rows, height: height)
    let last = Self.row(of: top + rows, rows: rows, height: height)
    thumb = first...max(first, last - (top + rows >= height ? 0 : 1))
    marks = Self.marks(
      periods, rows: rows, current: current, months: state.content.shortMonthNames,
      showsMonths: state.grouping != .year)
  }

  /// The section the scale's row `row` leads to: a label's own (the first of its year or
  /// month), else the first to start on the row, else the last to start above it (the
  /// one the row's share of the content is in).
  func section(atRow row: Int) -> Int? {
    if let mark = marks.first(where: { $0.row == row }) { return mark.section }
    if let start = starts.first(where: { self.row(of: $0.y) == row }) { return start.section }
    return starts.last { self.row(of: $0.y) < row }?.section ?? starts.first?.section
  }

  /// The row of the scale content row `y` falls on.
  func row(of y: Int) -> Int { Self.row(of: y, rows: rows, height: contentHeight) }

  /// The row of a scale of `rows` rows that content row `y` of `height` falls on.
  static func row(of y: Int, rows: Int, height: Int) -> Int {
    min(rows - 1, max(0, y * rows / max(1, height)))
  }

  /// Whether the screen cell at `x`, `y` is on the scrubber.
  package func contains(x: Int, y: Int) -> Bool {
    x >= self.x && y >= 0 && y < rows
  }
}

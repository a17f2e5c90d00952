/// What the gallery's sections are: the folders, or the days, months or years the
/// pictures were taken in (`--group-by`, `group-by =`, `t` cycles it).
package enum SectionGrouping: String, CaseIterable, Sendable {
  /// A section per folder, in the scan's order: the gallery's own arrangement.
  case folder
  /// A section per day taken, newest first.
  case day
  /// A section per month taken, newest first.
  case month
  /// A section per year taken, newest first.
  case year

  /// Whether the sections are dates: the timeline.
  package var isTimeline: Bool { self != .folder }

  /// The next grouping of the cycle: folder, day, month, year, folder.
  package var next: SectionGrouping {
    let all = Self.allCases
    let index = all.firstIndex(of: self) ?? 0
    return all[(index + 1) % all.count]
  }

  /// How the status line names it: `by day`.
  package var label: String { "by \(rawValue)" }
}

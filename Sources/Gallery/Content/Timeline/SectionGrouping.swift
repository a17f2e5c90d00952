/// What the gallery's sections are: the folders, the days, months or years the pictures
/// were taken in (`--group-by`, `group-by =`, `t` cycles them), or the groups of copies
/// (`duplicates`: `--group-by duplicates`, `group-by = duplicates`, `C`).
package enum SectionGrouping: String, CaseIterable, Sendable {
  /// A section per folder, in the scan's order: the gallery's own arrangement.
  case folder
  /// A section per day taken, newest first.
  case day
  /// A section per month taken, newest first.
  case month
  /// A section per year taken, newest first.
  case year
  /// A section per group of copies and near copies, largest first, its best copy first
  /// (`DuplicateSections`); the pictures alike with none are not shown.
  case duplicates

  /// The groupings `t` goes round: the duplicates are left out, since they read every
  /// picture's likeness (a decode of each file not yet in the index) and hide the
  /// pictures without a copy; a user cycling through the dates should not start that
  /// by passing it. `C` goes to it and back.
  package static let cycle: [SectionGrouping] = [.folder, .day, .month, .year]

  /// Whether the sections are dates: the timeline.
  package var isTimeline: Bool {
    switch self {
    case .day, .month, .year: true
    case .folder, .duplicates: false
    }
  }

  /// Whether a section may gather pictures of any folder, so the sections are made again
  /// whole when folders come (the timeline, the duplicates).
  package var gathersFolders: Bool { self != .folder }

  /// The next grouping of `t`'s cycle: folder, day, month, year, folder; from the
  /// duplicates, the folders.
  package var next: SectionGrouping {
    guard let index = Self.cycle.firstIndex(of: self) else { return .folder }
    return Self.cycle[(index + 1) % Self.cycle.count]
  }

  /// How the status line names it: `by day`, `duplicates`.
  package var label: String { self == .duplicates ? "duplicates" : "by \(rawValue)" }
}

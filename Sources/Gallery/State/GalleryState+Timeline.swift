import CompositionalLayout
import TerminalKit

/// The timeline (`--group-by`, `t`): sections by the day, month or year taken, and the
/// ways to leap through it: the "go to date" prompt (`T`) and the scrubber.
extension GalleryState {
  /// What the sections are: the folders, or the days, months or years taken.
  public var grouping: SectionGrouping { content.grouping }

  /// Puts the pictures in sections by `grouping`, the focus kept on its picture (`t`
  /// goes round folder, day, month, year). The dates it needs are asked for by `update`.
  mutating func group(by grouping: SectionGrouping) {
    rearrange { $0.setGrouping(grouping) }
    message = .grouped(grouping)
  }

  // MARK: Going to a date

  /// Whether keys are typed into the "go to date" prompt (after `T`, until Enter or Esc).
  public var isEditingDate: Bool { presentation.dateInput != nil }

  /// Opens the "go to date" prompt; in the folders' sections it says how to reach the
  /// timeline instead.
  mutating func openDatePrompt() {
    guard grouping.isTimeline else {
      message = .noDate("go to date works in the timeline: t groups by day, month or year")
      return
    }
    if presentation.mode == .detail {
      presentation.mode = .grid
      revealFocus()
    }
    presentation.dateInput = ""
  }

  /// A key while the prompt is open: characters go in, Backspace takes one out, Ctrl-U
  /// empties it, Enter leaps, Esc closes it.
  mutating func handleDateKey(_ key: Key) -> [AppCommand] {
    guard let text = presentation.dateInput else { return [] }
    if let edited = PromptText.edited(text, by: key) {
      presentation.dateInput = edited
      return []
    }
    switch key {
    case .enter:
      presentation.dateInput = nil
      goToDate(text)
      return []
    case .escape:
      presentation.dateInput = nil
      return []
    case .control("l"):
      return [.redraw]
    default:
      return []
    }
  }

  /// Leaps to the date `text` names: its section, or the nearest that has pictures.
  mutating func goToDate(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return }
    guard let period = DateQuery.period(trimmed, locale: appearance.locale) else {
      message = .noDate(
        "no date in \"\(TextSanitizer.sanitize(trimmed))\": try 2025-08, 2025, aug 2025")
      return
    }
    guard let (index, exact) = section(nearest: period) else {
      message = .noDate("no pictures with a date to go to")
      return
    }
    leap(toSection: index)
    let asked = TimelineTitle.title(of: period, locale: appearance.locale)
    message = .leapt(asked: asked, nearest: exact ? nil : sections[index].name)
  }

  /// The shown timeline section holding `period` (a day of a month section, the first
  /// day of an asked month), else the one nearest to it in time; whether it holds it.
  /// O(sections).
  func section(nearest period: TimelinePeriod) -> (index: Int, exact: Bool)? {
    var nearest: (index: Int, distance: Int)?
    let target = period.firstDay.daysSince1970
    for (index, section) in sections.enumerated() {
      guard let shown = section.period, index != favoritesSectionIndex else { continue }
      if shown.contains(period) || period.contains(shown) { return (index, true) }
      let distance = abs(shown.firstDay.daysSince1970 - target)
      if nearest.map({ distance < $0.distance }) ?? true { nearest = (index, distance) }
    }
    return nearest.map { ($0.index, false) }
  }

  /// Shows the section at `index` from its header at the top of the view, the focus on
  /// its first picture (its header when folded).
  mutating func leap(toSection index: Int) {
    guard layout.sections.indices.contains(index) else { return }
    focusIsProvisional = false
    focus =
      count(inSection: index) > 0 && !isCollapsed(index)
      ? ItemIndexPath(item: 0, section: index) : .header(index)
    scroll(to: layout.sections[index].frame.minY)
    revealFocus()
  }

  // MARK: The scrubber

  /// The scrubber as it is on screen, nil while it is not shown.
  public var scrubber: TimelineScrubber? { TimelineScrubber(self) }

  /// A click or a drag on the scrubber's row `row`: leaps to the section at that point
  /// of the scale.
  mutating func scrub(toRow row: Int) {
    guard let scrubber, let index = scrubber.section(atRow: row) else { return }
    leap(toSection: index)
  }
}

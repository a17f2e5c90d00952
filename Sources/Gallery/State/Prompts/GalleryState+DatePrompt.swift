import FoundationEssentials
import TerminalKit

/// The "go to date" prompt (`T`): a day, a month or a year typed, Enter leaps to its
/// section in the timeline (`leap(toSection:)`), or to the nearest one.
extension GalleryState {
  /// Whether keys are typed into the "go to date" prompt (after `T`, until Enter or Esc).
  package var isEditingDate: Bool { prompts.dateInput != nil }

  /// Opens the "go to date" prompt; in the folders' sections it says how to reach the
  /// timeline instead.
  mutating func openDatePrompt() {
    guard grouping.isTimeline else {
      status.say(.noDate("go to date works in the timeline: t groups by day, month or year"))
      return
    }
    if presentation.mode == .detail {
      presentation.show(.grid)
      revealFocus()
    }
    prompts.typeDate("")
  }

  /// A key while the prompt is open: characters go in, Backspace takes one out, Ctrl-U
  /// empties it, Enter leaps, Esc closes it.
  mutating func handleDateKey(_ key: Key) -> [AppCommand] {
    guard let text = prompts.dateInput else { return [] }
    if let edited = PromptText.edited(text, by: key) {
      prompts.typeDate(edited)
      return []
    }
    switch key {
    case .enter:
      prompts.closeDatePrompt()
      goToDate(text)
      return []
    case .escape:
      prompts.closeDatePrompt()
      return []
    case .control("l"):
      return [.redraw]
    default:
      return []
    }
  }

  /// Leaps to the date `text` names: its section, or the nearest that has pictures.
  mutating func goToDate(_ text: String) {
    let trimmed = text.trimmingSpaces()
    guard !trimmed.isEmpty else { return }
    guard let period = DateQuery.period(trimmed, locale: appearance.locale) else {
      status.say(
        .noDate("no date in \"\(TextSanitizer.sanitize(trimmed))\": try 2025-08, 2025, aug 2025"))
      return
    }
    guard let (index, exact) = section(nearest: period) else {
      status.say(.noDate("no pictures with a date to go to"))
      return
    }
    leap(toSection: index)
    let asked = TimelineTitle.title(of: period, locale: appearance.locale)
    status.say(.leapt(asked: asked, nearest: exact ? nil : sections[index].name))
  }
}

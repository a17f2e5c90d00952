import TerminalKit

/// Typing the filter (`/`): the pictures shown narrow as it is typed (`applyFilter`), the
/// status line shows its first problem, Enter keeps it, Esc clears it.
extension GalleryState {
  /// Whether keys are typed into the filter (after `/`, until Enter or Esc).
  package var isEditingFilter: Bool { prompts.filterInput != nil }

  /// Starts typing into the filter, from the filter now in force.
  mutating func beginFilter() {
    if presentation.mode == .detail {
      presentation.show(.grid)
      revealFocus()
    }
    prompts.typeFilter(content.filter.text)
  }

  /// Narrows the shown pictures to those the query `text` matches (`PictureQuery`: words
  /// in the names, smart case, and fields), as it is typed.
  mutating func applyFilter(_ text: String) {
    rearrange { $0.setFilter(PictureQuery(text)) }
  }

  /// A key while the filter is typed: characters go into it, Backspace takes one out,
  /// Ctrl-U empties it, Enter keeps it, Esc clears it; arrows, pages, Home and End move
  /// the focus among what is left.
  mutating func handleFilterKey(_ key: Key) -> [AppCommand] {
    guard let text = prompts.filterInput else { return [] }
    if let edited = PromptText.edited(text, by: key) {
      guard edited != text else { return [] }
      prompts.typeFilter(edited)
      applyFilter(edited)
      return []
    }
    switch key {
    case .enter:
      prompts.closeFilter()
      return []
    case .escape:
      prompts.closeFilter()
      applyFilter("")
      return []
    case .control("l"):
      return [.redraw]
    case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .tab, .backTab:
      let actions: [Key: KeyAction] = [
        .up: .up, .down: .down, .left: .left, .right: .right, .pageUp: .pageUp,
        .pageDown: .pageDown, .home: .first, .end: .last, .tab: .nextSection,
        .backTab: .previousSection,
      ]
      if let action = actions[key] { return handleGrid(action) }
      return []
    default:
      return []
    }
  }
}

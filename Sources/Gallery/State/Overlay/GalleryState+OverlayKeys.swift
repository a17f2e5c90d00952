/// The keys of the list over the screen (the help, the report): opening and closing it,
/// and scrolling it where the screen is too short for all of its lines.
extension GalleryState {
  /// Opens the help or the report over the current screen; closes it when it is open
  /// (the other one takes its place).
  mutating func toggleOverlay(_ overlay: Mode) { presentation.toggle(overlay) }

  /// Esc and Enter close the overlay; the moves scroll it where the screen is too short.
  mutating func handleOverlay(_ action: KeyAction) -> [AppCommand] {
    let lines = OverlaySheet.lines(of: self).count
    let page = max(1, OverlaySheet.rows(lines: lines, screenHeight: screen.height) - 1)
    let steps: [KeyAction: Int] = [
      .up: -1, .down: 1, .pageUp: -page, .pageDown: page, .first: -Int.max / 2, .last: Int.max / 2,
    ]
    if let step = steps[action] {
      let maximum = OverlaySheet.maximumScroll(lines: lines, screenHeight: screen.height)
      presentation.scrollOverlay(by: step, maximum: maximum)
    } else if action == .back || action == .select {
      presentation.closeOverlay()
    }
    return []
  }
}

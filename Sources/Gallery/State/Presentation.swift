/// How the state is presented: which screen fills the terminal, the list over it (the
/// help, the report) and how far that list is scrolled, and the grids or the list
/// appearance. The mode is what `GalleryState.route(_:)` gives a key by.
///
/// Its rules: the mode is written here and nowhere else; an overlay opens over a screen
/// and closes back to it, opening another replaces it over the same screen, and each
/// opens at its top.
package struct Presentation: Hashable, Sendable {
  /// What fills the screen.
  package private(set) var mode: GalleryState.Mode = .grid
  /// The screen under the help or the report.
  package private(set) var modeBeforeOverlay: GalleryState.Mode = .grid
  /// The first line the help or the report shows, on a screen too short for all of them.
  package private(set) var overlayScroll = 0
  /// Whether the sections show as a grouped list (`v`) instead of the preset's grids.
  package private(set) var showsList = false
  /// The screen under the help or the report, else the mode itself.
  package var screenMode: GalleryState.Mode { mode.isOverlay ? modeBeforeOverlay : mode }

  /// Opens `overlay` (the help, the report) over the screen, at its top; closes it when
  /// it is the one open.
  mutating func toggle(_ overlay: GalleryState.Mode) {
    if mode == overlay {
      mode = modeBeforeOverlay
    } else {
      if !mode.isOverlay { modeBeforeOverlay = mode }
      mode = overlay
      overlayScroll = 0
    }
  }

  /// Closes the overlay, back to the screen under it.
  mutating func closeOverlay() {
    if mode.isOverlay { mode = modeBeforeOverlay }
  }

  /// Shows `screen` (the grid or the detail view); an overlay opens with `toggle(_:)`.
  mutating func show(_ screen: GalleryState.Mode) {
    guard !screen.isOverlay else { return }
    mode = screen
  }

  /// Shows `screen` in place of the one shown, under the overlay when one is open (the
  /// survey left as its last picture goes while the help is open).
  mutating func replaceScreen(with screen: GalleryState.Mode) {
    guard !screen.isOverlay else { return }
    if mode.isOverlay { modeBeforeOverlay = screen } else { mode = screen }
  }

  /// Scrolls the overlay by `step` lines, within its first and its `maximum` scroll.
  mutating func scrollOverlay(by step: Int, maximum: Int) {
    overlayScroll = min(max(0, overlayScroll + step), maximum)
  }

  /// Shows the sections as a grouped list (`true`) or in the preset's grids.
  mutating func showList(_ list: Bool) { showsList = list }
}

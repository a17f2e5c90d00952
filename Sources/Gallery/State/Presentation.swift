/// How the state is presented: which screen fills the terminal, the list over it (the
/// help, the report) and how far that list is scrolled, the grids or the list appearance,
/// and the filter while it is typed.
///
/// Its rules: an overlay opens over a screen and closes back to it, opening another
/// replaces it over the same screen, and each opens at its top.
public struct Presentation: Hashable, Sendable {
  /// What fills the screen.
  public internal(set) var mode: GalleryState.Mode = .grid
  /// The screen under the help or the report.
  public internal(set) var modeBeforeOverlay: GalleryState.Mode = .grid
  /// The first line the help or the report shows, on a screen too short for all of them.
  public internal(set) var overlayScroll = 0
  /// Whether the sections show as a grouped list (`v`) instead of the preset's grids.
  public internal(set) var showsList = false
  /// The filter as typed while keys go into it (after `/`), nil otherwise.
  public internal(set) var filterInput: String?
  /// The date typed into the "go to date" prompt (after `T`), nil while it is closed.
  public internal(set) var dateInput: String?

  /// The prompt of an action on files (a folder, a name, a confirmation), nil while none
  /// is open.
  public internal(set) var actionPrompt: ActionPrompt?

  /// The screen under the help or the report, else the mode itself.
  public var screenMode: GalleryState.Mode { mode.isOverlay ? modeBeforeOverlay : mode }

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
}

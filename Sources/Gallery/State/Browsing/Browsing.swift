import CompositionalLayout

/// Where the user is in the gallery: the focused picture (or a section's header), whether
/// the gallery or the user put it there, and the sections folded to their header.
///
/// Its rules: the focus is written here and nowhere else, through `moveFocus(to:)`, so a
/// reader finds every move of it by that name. Until the user's first key or click the
/// focus is provisional: it follows the gallery's start as sections arrive, the favourites
/// load and the saved order applies (`userTookFocus()` ends that, for good). Folding is kept
/// by section identifier, so it lasts across resizes, view changes and sections arriving.
package struct Browsing: Hashable, Sendable {
  /// The focused picture (or a section's header), nil while there are none.
  package private(set) var focus: ItemIndexPath?
  /// Whether the focus is where the gallery starts rather than where the user put it.
  package private(set) var focusIsProvisional = true
  /// Sections folded to their header, by section identifier.
  package private(set) var collapsedSections: Set<String> = []

  /// Moves the focus to `path` (nil: no focus, there is nothing to focus).
  mutating func moveFocus(to path: ItemIndexPath?) { focus = path }

  /// Moves a focus the user has not taken yet to `start`, where the gallery starts;
  /// returns whether it did (a focus the user took stays where it is).
  @discardableResult
  mutating func followStart(_ start: ItemIndexPath?) -> Bool {
    guard focusIsProvisional else { return false }
    focus = start
    return true
  }

  /// Notes that the user has a hand on the focus (a key, a click, a leap): it no longer
  /// follows the start.
  mutating func userTookFocus() { focusIsProvisional = false }

  /// Folds the section `identifier` when it is open, opens it when folded; returns whether
  /// it is folded now.
  mutating func toggleFold(_ identifier: String) -> Bool {
    if collapsedSections.remove(identifier) != nil { return false }
    collapsedSections.insert(identifier)
    return true
  }
}

import CompositionalLayout

/// The grid's (and the list's) keys: moving the focus, paging, leaping from section to
/// section, opening a picture, folding, and the list appearance.
extension GalleryState {
  /// Carries out `action` in the grid (what `route(_:)` gives it, and the filter's moves).
  mutating func handleGrid(_ action: KeyAction) -> [AppCommand] {
    switch action {
    case .up: stepFocus(.up)
    case .down: stepFocus(.down)
    case .left: stepFocus(.left)
    case .right: stepFocus(.right)
    case .pageDown: page(by: 1)
    case .pageUp: page(by: -1)
    case .first: jump(to: firstPath)
    case .last: jump(to: lastPath)
    case .nextSection: jumpToSection(step: 1)
    case .previousSection: jumpToSection(step: -1)
    case .select:
      if let focus, focus.isHeader {
        toggleCollapse(section: focus.section)
      } else if focus != nil {
        presentation.show(.detail)
      }
    case .fold: toggleCollapseOfFocusedSection()
    case .list: showList(!presentation.showsList)
    case .back where !filter.isEmpty: applyFilter("")
    default: break
    }
    return []
  }
}

import CompositionalLayout

/// The detail view's keys: zoom and pan, back to the grid, the previous and the next
/// picture.
extension GalleryState {
  /// Carries out `action` in the detail view (what `route(_:)` gives it).
  mutating func handleDetail(_ action: KeyAction) -> [AppCommand] {
    // Zoomed in, the arrows pan; previous and next wait until the whole picture shows.
    if detail.zoom.isZoomed {
      let pans: [KeyAction: (Int, Int)] = [
        .left: (-1, 0), .right: (1, 0), .up: (0, -1), .down: (0, 1),
      ]
      if let (dx, dy) = pans[action] {
        pan(dx: dx, dy: dy)
        return []
      }
    }
    switch action {
    case .zoomIn, .zoomOut, .actualSize, .fit:
      handleZoom(action)
    case .back, .select:
      // Opened from a survey, back to it.
      if survey != nil {
        presentation.show(.survey)
        followSurveyFocus()
      } else {
        presentation.show(.grid)
        revealFocus()
      }
    case .left, .up, .pageUp:
      if let focus, let previous = path(after: focus, step: -1) { browsing.moveFocus(to: previous) }
    case .right, .down, .pageDown:
      if let focus, let next = path(after: focus, step: 1) { browsing.moveFocus(to: next) }
    case .first:
      browsing.moveFocus(to: firstPath)
    case .last:
      browsing.moveFocus(to: lastPath)
    default:
      break
    }
    return []
  }
}

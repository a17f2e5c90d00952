import CompositionalLayout
import TerminalKit

extension GalleryState {
  /// Applies a mouse action: a click focuses (on a header it folds), a double click
  /// opens, the wheel scrolls three rows (in the detail view it turns the pictures).
  mutating func handle(_ mouse: MouseEvent) {
    // A prompt holds the pictures it asks about: the focus stays until it is answered.
    if prompts.actionPrompt != nil { return }
    if presentation.mode == .grid, let scrubber, scrubber.contains(x: mouse.x, y: mouse.y) {
      // On the scrubber a click, or the button held down and dragged, leaps there.
      switch mouse.kind {
      case .click, .doubleClick, .pressed, .dragged: scrub(toRow: mouse.y)
      case .wheelUp: scroll(to: scrollY - 3)
      case .wheelDown: scroll(to: scrollY + 3)
      case .moved, .released: break
      }
      return
    }
    if presentation.mode == .survey {
      handleSurveyMouse(mouse)
      return
    }
    switch mouse.kind {
    case .wheelUp, .wheelDown:
      let step = mouse.kind == .wheelUp ? -1 : 1
      if presentation.mode == .detail {
        if let focus, let next = path(after: focus, step: step) { browsing.moveFocus(to: next) }
      } else if presentation.mode == .grid {
        scroll(to: scrollY + 3 * step)
      }
    case .click, .doubleClick:
      if presentation.mode == .grid, let section = header(atScreenX: mouse.x, y: mouse.y) {
        // A click on a header folds or unfolds it; the second click of a double does not.
        browsing.moveFocus(to: .header(section))
        if mouse.kind == .click { toggleCollapse(section: section) }
        revealFocus()
        return
      }
      guard presentation.mode == .grid, let hit = item(atScreenX: mouse.x, y: mouse.y) else {
        return
      }
      browsing.moveFocus(to: hit)
      revealFocus()
      if mouse.kind == .doubleClick { presentation.show(.detail) }
    case .moved, .pressed, .dragged, .released:
      break
    }
  }

  /// The picture under a screen cell, nil for none (headers, gaps, the status line).
  package func item(atScreenX x: Int, y: Int) -> ItemIndexPath? {
    element(atScreenX: x, y: y) { $0.category == .item }?.indexPath
  }

  /// The first element under a screen cell of the scrolling view that `matches`, as
  /// displayed (a pinned header where it is pinned); nil off the view.
  func element(atScreenX x: Int, y: Int, where matches: (LayoutAttributes) -> Bool)
    -> LayoutAttributes?
  {
    guard y >= 0, y < viewHeight, x >= 0, x < screen.width else { return nil }
    let probe = CellRect(x: x, y: y + scrollY, width: 1, height: 1)
    return layout.attributes(in: probe, orthogonalOffsets: orthogonalOffsets)
      .first { matches($0) && $0.displayFrame.intersects(probe) }
  }
}

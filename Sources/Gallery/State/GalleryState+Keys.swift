import CompositionalLayout
import TerminalKit

/// The keys, by mode: the grid (and list), the detail view and the help. A key becomes
/// an action through the configuration's key map; each mode carries the action out.
extension GalleryState {
  /// Applies a key in the current mode; returns the side effects it asks for.
  mutating func handle(_ key: Key) -> [AppCommand] {
    // A confirmation lasts until the next key.
    if let message, message.clearsAtNextKey { self.message = nil }
    if isEditingFilter { return handleFilterKey(key) }
    if isEditingDate { return handleDateKey(key) }
    if isPrompting { return handlePromptKey(key) }
    if let command = configuration.keyMap.command(for: key), detail.slideshow == nil,
      !presentation.mode.isOverlay
    {
      return runUserCommand(command)
    }
    let action = configuration.keyMap.action(for: key)
    if let commands = handleSlideshowKey(action) { return commands }
    guard let action else { return [] }
    return perform(action)
  }

  /// Carries out `action` in the current mode.
  mutating func perform(_ action: KeyAction) -> [AppCommand] {
    switch action {
    case .quit: return [.quit]
    case .redraw: return [.redraw]
    case .help:
      toggleOverlay(.help)
      return []
    case .report:
      toggleOverlay(.report)
      return []
    case .favorite where !presentation.mode.isOverlay:
      return toggleFavorite()
    case .play where !presentation.mode.isOverlay:
      return playOrPause() ?? toggleFavorite()
    case .mark where !presentation.mode.isOverlay:
      toggleMark()
      return []
    case .markSection where !presentation.mode.isOverlay:
      toggleMarksOfFocusedSection()
      return []
    case .unmarkAll where !presentation.mode.isOverlay:
      clearMarks()
      return []
    case .sort where !presentation.mode.isOverlay:
      return sort(by: PictureOrder(key: order.key.next, isReversed: order.isReversed))
    case .reverseSort where !presentation.mode.isOverlay:
      return sort(by: PictureOrder(key: order.key, isReversed: !order.isReversed))
    case .filter where !presentation.mode.isOverlay:
      beginFilter()
      return []
    case .group where !presentation.mode.isOverlay:
      group(by: grouping.next)
      return []
    case .goToDate where !presentation.mode.isOverlay:
      openDatePrompt()
      return []
    case .open where !presentation.mode.isOverlay:
      return openPictures()
    case .copy where !presentation.mode.isOverlay:
      return copyPaths()
    case .slideshow where !presentation.mode.isOverlay:
      return startSlideshow()
    case _ where !presentation.mode.isOverlay:
      if let commands = performFileAction(action) { return commands }
    default:
      break
    }
    switch presentation.mode {
    case .help, .report:
      handleOverlay(action)
      return []
    case .detail:
      return handleDetail(action)
    case .grid:
      return handleGrid(action)
    }
  }

  /// Opens the help or the report over the current screen; closes it when it is open
  /// (the other one takes its place).
  mutating func toggleOverlay(_ overlay: Mode) { presentation.toggle(overlay) }

  /// Esc and Enter close the overlay; the moves scroll it where the screen is too short.
  mutating func handleOverlay(_ action: KeyAction) {
    let lines = OverlayList.lines(of: self)
    let page = max(1, OverlayList.rows(lines: lines.count, screenHeight: screen.height) - 1)
    let steps: [KeyAction: Int] = [
      .up: -1, .down: 1, .pageUp: -page, .pageDown: page, .first: -Int.max / 2, .last: Int.max / 2,
    ]
    if let step = steps[action] {
      let maximum = OverlayList.maximumScroll(lines: lines.count, screenHeight: screen.height)
      presentation.overlayScroll = min(max(0, presentation.overlayScroll + step), maximum)
    } else if action == .back || action == .select {
      presentation.closeOverlay()
    }
  }

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
      presentation.mode = .grid
      revealFocus()
    case .left, .up, .pageUp:
      if let focus, let previous = path(after: focus, step: -1) { self.focus = previous }
    case .right, .down, .pageDown:
      if let focus, let next = path(after: focus, step: 1) { self.focus = next }
    case .first:
      focus = firstPath
    case .last:
      focus = lastPath
    default:
      break
    }
    return []
  }

  mutating func handleGrid(_ action: KeyAction) -> [AppCommand] {
    switch action {
    case .up: moveFocus(.up)
    case .down: moveFocus(.down)
    case .left: moveFocus(.left)
    case .right: moveFocus(.right)
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
        presentation.mode = .detail
      }
    case .fold: toggleCollapseOfFocusedSection()
    case .list: showList(!presentation.showsList)
    case .back where !filter.isEmpty: applyFilter("")
    default: break
    }
    return []
  }
}

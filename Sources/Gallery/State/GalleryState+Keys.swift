import CompositionalLayout
import TerminalKit

/// The keys, by mode: the grid (and list), the detail view and the help.
extension GalleryState {
  /// Applies a key in the current mode; returns the side effects it asks for.
  mutating func handle(_ key: Key) -> [AppCommand] {
    if key == .character("q") { return [.quit] }
    if key == .control("l") { return [.redraw] }
    if key == .character("?") {
      if mode == .help {
        mode = modeBeforeHelp
      } else {
        modeBeforeHelp = mode
        mode = .help
      }
      return []
    }
    if (key == .character("f") || key == .character(" ")) && mode != .help {
      return toggleFavorite()
    }
    switch mode {
    case .help:
      if key == .escape || key == .enter { mode = modeBeforeHelp }
    case .detail:
      handleDetail(key)
    case .grid:
      handleGrid(key)
    }
    return []
  }

  mutating func handleDetail(_ key: Key) {
    switch key {
    case .escape, .backspace, .enter:
      mode = .grid
      revealFocus()
    case .left, .up, .character("h"), .character("k"), .pageUp:
      if let focus, let previous = path(after: focus, step: -1) { self.focus = previous }
    case .right, .down, .character("l"), .character("j"), .pageDown:
      if let focus, let next = path(after: focus, step: 1) { self.focus = next }
    case .home, .character("g"):
      focus = firstPath
    case .end, .character("G"):
      focus = lastPath
    default:
      break
    }
  }

  mutating func handleGrid(_ key: Key) {
    switch key {
    case .up, .character("k"): moveFocus(.up)
    case .down, .character("j"): moveFocus(.down)
    case .left, .character("h"): moveFocus(.left)
    case .right, .character("l"): moveFocus(.right)
    case .pageDown, .control("f"): page(by: 1)
    case .pageUp, .control("b"): page(by: -1)
    case .home, .character("g"): jump(to: firstPath)
    case .end, .character("G"): jump(to: lastPath)
    case .tab: jumpToSection(step: 1)
    case .backTab: jumpToSection(step: -1)
    case .enter:
      if let focus, focus.isHeader {
        toggleCollapse(section: focus.section)
      } else if focus != nil {
        mode = .detail
      }
    case .character("z"): toggleCollapseOfFocusedSection()
    case .character("v"): showList(!showsList)
    default: break
    }
  }
}

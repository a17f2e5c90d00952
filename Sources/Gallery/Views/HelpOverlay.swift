import TerminalKit

/// The `?` overlay: every key and what it does, in a box over the screen; on a screen
/// too short for all of them the list scrolls (`GalleryState.helpScroll`), with marks on
/// the border where more lines are.
enum HelpOverlay {
  /// The lines of keys shown at once on a screen `height` rows tall.
  static func rows(screenHeight height: Int) -> Int {
    max(0, min(height - 1, KeyBinding.all.count + 4) - 3)
  }

  /// The largest scroll: the first line shown when the last one is at the bottom.
  static func maximumScroll(screenHeight height: Int) -> Int {
    max(0, KeyBinding.all.count - rows(screenHeight: height))
  }

  static func draw(_ state: GalleryState, into frame: inout Frame) {
    let bindings = KeyBinding.all
    let keyMap = state.configuration.keyMap
    let keysWidth = bindings.map { keysText($0.keys(in: keyMap), state).displayWidth }.max() ?? 0
    let actionWidth = bindings.map(\.action.displayWidth).max() ?? 0
    let width = min(frame.width - 2, keysWidth + actionWidth + 7)
    let height = min(frame.height - 1, bindings.count + 4)
    guard width >= 10, height >= 3 else { return }
    let scroll = min(state.helpScroll, maximumScroll(screenHeight: frame.height))
    let x = (frame.width - width) / 2
    let y = max(0, (frame.height - 1 - height) / 2)
    frame.fill(x: x, y: y, width: width, height: height)
    frame.drawBox(
      x: x, y: y, width: width, height: height, style: Theme.helpBorder,
      border: state.appearance.focusBorder)
    frame.put(" Keys ", x: x + 2, y: y, style: Theme.helpBorder)
    for (index, binding) in bindings.enumerated().dropFirst(scroll) {
      let row = y + 2 + index - scroll
      guard row < y + height - 1 else { break }
      frame.put(
        keysText(binding.keys(in: keyMap), state), x: x + 2, y: row, style: Theme.helpKeys,
        maxWidth: keysWidth)
      frame.put(
        binding.action, x: x + 4 + keysWidth, y: row, maxWidth: x + width - 2 - (x + 4 + keysWidth))
    }
    let arrows = state.appearance.unicode ? ("↑", "↓") : ("^", "v")
    if scroll > 0 {
      frame.put(" \(arrows.0) more ", x: x + width - 10, y: y, style: Theme.helpBorder)
    }
    let scrolls = scroll < maximumScroll(screenHeight: frame.height)
    if scrolls {
      frame.put(" \(arrows.1) more ", x: x + 2, y: y + height - 1, style: Theme.helpBorder)
    }
    let footer = " ? or Esc closes "
    // How pictures are drawn, left on the bottom edge where there is room beside the footer.
    if let summary = state.configuration.graphicsSummary {
      let text = " pictures: " + TextSanitizer.sanitize(summary) + " "
      if text.displayWidth + footer.count + 6 <= width {
        frame.put(text, x: x + 2, y: y + height - 1, style: Theme.helpBorder)
      }
    }
    if footer.count + 4 <= width {
      frame.put(footer, x: x + width - footer.count - 2, y: y + height - 1, style: Theme.helpBorder)
    }
  }

  /// The keys as shown; arrows spelt out where the locale is not UTF-8.
  static func keysText(_ keys: String, _ state: GalleryState) -> String {
    guard !state.appearance.unicode else { return keys }
    return keys.replacingOccurrences(of: "←", with: "Left").replacingOccurrences(
      of: "→", with: "Right"
    )
    .replacingOccurrences(of: "↑", with: "Up").replacingOccurrences(of: "↓", with: "Down")
  }
}

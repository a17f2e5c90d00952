import TerminalKit

/// The `?` overlay: every key and what it does, in a box over the screen.
enum HelpOverlay {
  static func draw(_ state: GalleryState, into frame: inout Frame) {
    let bindings = KeyBinding.all
    let keyMap = state.configuration.keyMap
    let keysWidth = bindings.map { keysText($0.keys(in: keyMap), state).displayWidth }.max() ?? 0
    let actionWidth = bindings.map(\.action.displayWidth).max() ?? 0
    let width = min(frame.width - 2, keysWidth + actionWidth + 7)
    let height = min(frame.height - 1, bindings.count + 4)
    guard width >= 10, height >= 3 else { return }
    let x = (frame.width - width) / 2
    let y = max(0, (frame.height - 1 - height) / 2)
    frame.fill(x: x, y: y, width: width, height: height)
    frame.drawBox(
      x: x, y: y, width: width, height: height, style: Theme.helpBorder,
      border: state.appearance.focusBorder)
    frame.put(" Keys ", x: x + 2, y: y, style: Theme.helpBorder)
    for (index, binding) in bindings.enumerated() {
      let row = y + 2 + index
      guard row < y + height - 1 else { break }
      frame.put(
        keysText(binding.keys(in: keyMap), state), x: x + 2, y: row, style: Theme.helpKeys,
        maxWidth: keysWidth)
      frame.put(
        binding.action, x: x + 4 + keysWidth, y: row, maxWidth: x + width - 2 - (x + 4 + keysWidth))
    }
    let footer = " ? or Esc closes "
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

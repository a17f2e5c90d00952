import TerminalKit

/// The lists shown in a box over the screen: the keys (`?`) and what is not shown (`!`).
/// On a screen too short for all their lines they scroll (`Presentation.overlayScroll`),
/// with marks on the border where more lines are. What they hold is `OverlaySheet`'s.
enum OverlayList {
  typealias Line = OverlaySheet.Line

  static func draw(_ state: GalleryState, into frame: inout Frame) {
    let lines = OverlaySheet.lines(of: state)
    func firstStyle(_ line: Line) -> Style { line.firstIsKeys ? state.theme.helpKeys : Style() }
    let firstWidth = lines.filter { $0.second != nil }.map(\.first.displayWidth).max() ?? 0
    let secondWidth = lines.compactMap { $0.second?.displayWidth }.max() ?? 0
    let aloneWidth = lines.filter { $0.second == nil }.map(\.first.displayWidth).max() ?? 0
    let title = Self.title(state.presentation.mode)
    let width = min(
      frame.width - 2,
      max(firstWidth + secondWidth + 7, aloneWidth + 4, title.count + 20))
    let height = OverlaySheet.boxHeight(lines: lines.count, screenHeight: frame.height)
    guard width >= 10, height >= 3 else { return }
    let maximum = OverlaySheet.maximumScroll(lines: lines.count, screenHeight: frame.height)
    let scroll = min(state.presentation.overlayScroll, maximum)
    let x = (frame.width - width) / 2
    let y = max(0, (frame.height - 1 - height) / 2)
    frame.fill(x: x, y: y, width: width, height: height)
    frame.drawBox(
      x: x, y: y, width: width, height: height, style: state.theme.helpBorder,
      border: state.appearance.focusBorder)
    frame.put(title, x: x + 2, y: y, style: state.theme.helpBorder)
    for (index, line) in lines.enumerated().dropFirst(scroll) {
      let row = y + 2 + index - scroll
      guard row < y + height - 1 else { break }
      guard let second = line.second else {
        frame.put(line.first, x: x + 2, y: row, style: firstStyle(line), maxWidth: width - 4)
        continue
      }
      frame.put(line.first, x: x + 2, y: row, style: firstStyle(line), maxWidth: firstWidth)
      frame.put(
        second, x: x + 4 + firstWidth, y: row, maxWidth: x + width - 2 - (x + 4 + firstWidth))
    }
    let arrows = state.appearance.unicode ? ("↑", "↓") : ("^", "v")
    if scroll > 0 {
      frame.put(" \(arrows.0) more ", x: x + width - 10, y: y, style: state.theme.helpBorder)
    }
    if scroll < maximum {
      frame.put(" \(arrows.1) more ", x: x + 2, y: y + height - 1, style: state.theme.helpBorder)
    }
    let footer = Self.footer(state.presentation.mode)
    // The help's bottom edge also says how pictures are drawn and the screen's size
    // classes, where there is room beside the footer.
    if state.presentation.mode == .help, scroll >= maximum {
      let text = " " + screenFacts(state) + " "
      if text.displayWidth + footer.count + 6 <= width {
        frame.put(text, x: x + 2, y: y + height - 1, style: state.theme.helpBorder)
      }
    }
    if footer.count + 4 <= width {
      frame.put(
        footer, x: x + width - footer.count - 2, y: y + height - 1, style: state.theme.helpBorder)
    }
  }

  static func title(_ mode: GalleryState.Mode) -> String {
    switch mode {
    case .report: " Not shown "
    case .importPreview: " Import "
    default: " Keys "
    }
  }

  static func footer(_ mode: GalleryState.Mode) -> String {
    switch mode {
    case .report: " ! or Esc closes "
    case .importPreview: " Enter imports, Esc cancels "
    default: " ? or Esc closes "
    }
  }

  /// `pictures: kitty · regular×regular 120×40`: how pictures are drawn (when the
  /// terminal was asked) and the screen's size classes and size.
  static func screenFacts(_ state: GalleryState) -> String {
    let traits = state.traits
    let times = state.appearance.unicode ? "×" : "x"
    var parts: [String] = []
    if let summary = state.configuration.graphicsSummary {
      parts.append("pictures: " + TextSanitizer.sanitize(summary))
    }
    parts.append(
      "\(traits.horizontalSizeClass)\(times)\(traits.verticalSizeClass) "
        + "\(state.screen.width)\(times)\(state.screen.height)")
    return parts.joined(separator: state.appearance.unicode ? " · " : " - ")
  }
}

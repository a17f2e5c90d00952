import CompositionalLayout
import TerminalKit
import Thumbnails

/// The last row: the focused picture's name, dimensions and position on the left; the
/// loading progress, size classes and terminal size on the right.
enum StatusLine {
  static func draw(_ state: GalleryState, into frame: inout Frame) {
    let y = frame.height - 1
    guard y >= 0 else { return }
    frame.fill(x: 0, y: y, width: frame.width, height: 1, with: Cell(" ", style: Theme.status))
    let right = rightText(state)
    var left: [(String, Style)] = []
    if let focus = state.focus, focus.isHeader, state.sections.indices.contains(focus.section) {
      left.append((" " + state.sections[focus.section].name, Theme.statusName))
      let count = state.count(inSection: focus.section)
      let folded = state.isCollapsed(focus.section) ? "folded" : "open"
      left.append(("  \(count) \(count == 1 ? "picture" : "pictures"), \(folded)", Theme.status))
    } else if let focus = state.focus, let picture = state.picture(at: focus) {
      let heart = state.isFavorite(picture.path) ? FavoriteMark.mark(state.appearance) + " " : ""
      left.append((" " + heart + TextSanitizer.sanitize(picture.fileName), Theme.statusName))
      if let dimensions = dimensions(state, path: picture.path) {
        left.append(("  " + dimensions, Theme.status))
      }
      left.append(("  \(focus.item + 1)/\(state.count(inSection: focus.section))", Theme.status))
      if state.sections.indices.contains(focus.section) {
        left.append(("  " + state.sections[focus.section].name, Theme.status))
      }
    } else {
      left.append((state.isScanComplete ? " no pictures found" : " scanning", Theme.status))
    }
    if let message = state.message {
      // A warning goes right after the name, where a narrow screen still shows it.
      let sign = state.appearance.unicode ? "⚠ " : "! "
      left.insert(
        contentsOf: [("  ", Theme.status), (sign + message.description, Theme.statusWarning)],
        at: min(1, left.count))
    }
    // The right part goes first when space runs short: the picture matters more.
    let leftWidth = left.reduce(0) { $0 + $1.0.displayWidth }
    let rightWidth = right.displayWidth
    let showRight = leftWidth + rightWidth + 1 <= frame.width
    var column = 0
    let limit = showRight ? frame.width - rightWidth - 1 : frame.width
    for (text, style) in left where column < limit {
      column += frame.put(
        text, x: column, y: y, style: style, maxWidth: limit - column,
        truncation: state.appearance.truncation)
    }
    if showRight { frame.put(right, x: frame.width - rightWidth, y: y, style: Theme.status) }
  }

  /// `loading 12/70  compact×regular 90×50 `.
  static func rightText(_ state: GalleryState) -> String {
    var parts: [String] = []
    let progress = state.loadingProgress
    if progress.done < progress.total { parts.append("loading \(progress.done)/\(progress.total)") }
    if !state.warnings.isEmpty {
      let count = state.warnings.count
      parts.append("\(count) scan warning" + (count == 1 ? "" : "s"))
    }
    if let format = state.appearance.pictureFormat { parts.append(format.displayName) }
    let traits = state.traits
    let times = state.appearance.unicode ? "×" : "x"
    parts.append(
      "\(traits.horizontalSizeClass)\(times)\(traits.verticalSizeClass) "
        + "\(state.screen.width)\(times)\(state.screen.height)")
    return parts.joined(separator: "  ") + " "
  }

  /// `1600×1200` when decoding has told us.
  static func dimensions(_ state: GalleryState, path: String) -> String? {
    guard case .ready(let metadata?, _)? = state.loading.info[path] else { return nil }
    let times = state.appearance.unicode ? "×" : "x"
    return "\(metadata.displayWidth)\(times)\(metadata.displayHeight)"
  }
}

import CompositionalLayout
import TerminalKit
import Thumbnails

/// The last row: the focused picture's name, dimensions and position on the left (the
/// filter's text while it is typed); what the user set (filter, marks, order), the
/// loading progress, size classes and terminal size on the right.
enum StatusLine {
  static func draw(_ state: GalleryState, into frame: inout Frame) {
    let y = frame.height - 1
    guard y >= 0 else { return }
    frame.fill(x: 0, y: y, width: frame.width, height: 1, with: Cell(" ", style: Theme.status))
    var left = state.isEditingFilter ? filterPrompt(state) : focusText(state)
    if let message = state.message, !state.isEditingFilter {
      // A message goes right after the name, where a narrow screen still shows it; a
      // warning is signed and highlighted, a confirmation is not.
      let text =
        message.isWarning
        ? (state.appearance.unicode ? "⚠ " : "! ") + message.description : message.description
      left.insert(
        contentsOf: [
          ("  ", Theme.status), (text, message.isWarning ? Theme.statusWarning : Theme.statusName),
        ],
        at: min(1, left.count))
    }
    // The right part goes first when space runs short, the terminal's facts before what
    // the user set: the picture matters more.
    let leftWidth = left.reduce(0) { $0 + $1.0.displayWidth }
    let classic = rightText(state)
    let settings = settingsText(state)
    let candidates = settings.isEmpty ? [classic] : [settings + "  " + classic, settings + " "]
    let right = candidates.first { leftWidth + $0.displayWidth + 1 <= frame.width }
    var column = 0
    let limit = right.map { frame.width - $0.displayWidth - 1 } ?? frame.width
    for (text, style) in left where column < limit {
      column += frame.put(
        text, x: column, y: y, style: style, maxWidth: limit - column,
        truncation: state.appearance.truncation)
    }
    if let right {
      frame.put(right, x: frame.width - right.displayWidth, y: y, style: Theme.status)
    }
  }

  /// The focused picture (`♥ ✓ name  1600×1200  3/15  Office`), a header, or what the
  /// scan is doing.
  static func focusText(_ state: GalleryState) -> [(String, Style)] {
    var left: [(String, Style)] = []
    if let focus = state.focus, focus.isHeader, state.sections.indices.contains(focus.section) {
      left.append((" " + state.sections[focus.section].name, Theme.statusName))
      let count = state.count(inSection: focus.section)
      let folded = state.isCollapsed(focus.section) ? "folded" : "open"
      left.append(("  \(count) \(count == 1 ? "picture" : "pictures"), \(folded)", Theme.status))
    } else if let focus = state.focus, let picture = state.picture(at: focus) {
      let heart = state.isFavorite(picture.path) ? FavoriteMark.mark(state.appearance) + " " : ""
      let check = state.isMarked(picture.path) ? MarkBadge.mark(state.appearance) + " " : ""
      left.append(
        (" " + heart + check + TextSanitizer.sanitize(picture.fileName), Theme.statusName))
      if let dimensions = dimensions(state, path: picture.path) {
        left.append(("  " + dimensions, Theme.status))
      }
      left.append(("  \(focus.item + 1)/\(state.count(inSection: focus.section))", Theme.status))
      if state.sections.indices.contains(focus.section) {
        left.append(("  " + state.sections[focus.section].name, Theme.status))
      }
    } else if !state.filter.isEmpty {
      left.append((" no picture matches the filter", Theme.status))
    } else {
      left.append((state.isScanComplete ? " no pictures found" : " scanning", Theme.status))
    }
    return left
  }

  /// `/kit▏  3 of 70 pictures` while the filter is typed: the text and a cursor, then
  /// how many pictures match.
  static func filterPrompt(_ state: GalleryState) -> [(String, Style)] {
    let text = TextSanitizer.sanitize(state.filterInput ?? "")
    return [
      (" /" + text, Theme.statusName), (" ", Theme.filterCursor),
      ("  " + matchCount(state), Theme.status),
    ]
  }

  /// `3 of 70 pictures`.
  static func matchCount(_ state: GalleryState) -> String {
    let total = state.pictureCount
    return "\(state.content.shownPictureCount) of \(total) \(total == 1 ? "picture" : "pictures")"
  }

  /// What the user has set that changes what is shown: the filter kept, the marks, an
  /// order other than by name, the slideshow: `/kit 3 of 70  2 marked  size ↑  ▶ 3 s`;
  /// empty for none.
  static func settingsText(_ state: GalleryState) -> String {
    var parts: [String] = []
    if !state.filter.isEmpty && !state.isEditingFilter {
      parts.append("/" + TextSanitizer.sanitize(state.filter.text) + " " + matchCount(state))
    }
    if state.markCount > 0 { parts.append("\(state.markCount) marked") }
    if state.order != .standard {
      parts.append(state.order.label(unicode: state.appearance.unicode))
    }
    if state.zoom.isZoomed { parts.append("zoom " + state.zoom.label) }
    if let show = state.slideshow {
      parts.append((state.appearance.unicode ? "▶ " : "> ") + "\(show.interval) s")
    }
    return parts.joined(separator: "  ")
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

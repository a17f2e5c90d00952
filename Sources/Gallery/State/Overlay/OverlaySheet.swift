import TerminalKit

/// What the list over the screen holds: the keys (`?`) or what is not shown (`!`), line
/// by line, and how many of its lines a screen shows at once.
///
/// One value for the state, which scrolls the list within its length, and for
/// `OverlayList`, which draws it: the two agree on the length, and the state names no view.
enum OverlaySheet {
  /// One line: a first column (keys, or the text itself) and an optional second.
  struct Line: Hashable {
    var first: String
    var second: String?
    /// Whether the first column is drawn as keys (the theme's `helpKeys`), else plain.
    var firstIsKeys = true
  }

  /// The lines of the overlay `state` shows.
  static func lines(of state: GalleryState) -> [Line] {
    switch state.presentation.mode {
    case .report: ScanReport.lines(of: state)
    case .importPreview: importPreviewLines(state.cardImport.preview)
    default:
      KeyBinding.all.map {
        Line(first: keysText($0.keys(in: state.configuration.keyMap), state), second: $0.action)
      }
        // The user's own commands last, as the configuration file binds them.
        + state.configuration.keyMap.userCommands.map {
          Line(
            first: $0.key.description,
            second: ($0.command.isDetached ? "run-detached " : "run ")
              + TextSanitizer.sanitize($0.command.line))
        }
    }
  }

  /// The preview of an import: the totals, then each file of the card and where it goes
  /// under the destination, or that it is imported already.
  static func importPreviewLines(_ preview: ImportPreview?) -> [Line] {
    guard let preview else { return [] }
    var lines = [
      Line(
        first: TextSanitizer.sanitize(preview.totals) + " into "
          + TextSanitizer.sanitize(preview.destination), second: nil, firstIsKeys: false)
    ]
    if preview.request.trashesSource {
      lines.append(
        Line(
          first: "then the card's files copied and checked go to the Trash (import.trash-source)",
          second: nil, firstIsKeys: false))
    }
    lines += preview.notices.map {
      Line(first: "note: " + TextSanitizer.sanitize($0), second: nil, firstIsKeys: false)
    }
    lines.append(Line(first: "", second: nil, firstIsKeys: false))
    lines += preview.entries.map { entry in
      Line(
        first: TextSanitizer.sanitize(entry.source),
        second: entry.target.map { "→ " + TextSanitizer.sanitize($0) } ?? "already imported",
        firstIsKeys: false)
    }
    return lines
  }

  /// The height of the box holding `count` lines on a screen `height` rows tall: the
  /// lines, a blank row and the border above and below, above the status line.
  static func boxHeight(lines count: Int, screenHeight height: Int) -> Int {
    min(height - 1, count + 4)
  }

  /// The lines shown at once on a screen `height` rows tall.
  static func rows(lines count: Int, screenHeight height: Int) -> Int {
    max(0, boxHeight(lines: count, screenHeight: height) - 3)
  }

  /// The largest scroll: the first line shown when the last one is at the bottom.
  static func maximumScroll(lines count: Int, screenHeight height: Int) -> Int {
    max(0, count - rows(lines: count, screenHeight: height))
  }

  /// The keys as shown; arrows spelt out where the locale is not UTF-8.
  static func keysText(_ keys: String, _ state: GalleryState) -> String {
    guard !state.appearance.unicode else { return keys }
    return keys.replacing("←", with: "Left").replacing("→", with: "Right")
      .replacing("↑", with: "Up").replacing("↓", with: "Down")
  }
}

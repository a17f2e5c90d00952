import CompositionalLayout
import TerminalKit

/// How a marked picture looks, apart from favourites: a `✓` badge (`+` where the locale
/// is not UTF-8) in reverse video, at the top left of a grid cell's ring, before a list
/// row's thumbnail, beside the name in the detail view and the status line.
enum MarkBadge {
  /// The check mark, or `+`.
  static func mark(_ appearance: Appearance) -> String { appearance.unicode ? "✓" : "+" }

  /// The badge on the top edge of a grid cell's ring, two columns in from its left.
  static func decorate(cell rect: CellRect, appearance: Appearance, into frame: inout Frame) {
    guard rect.width >= 5, rect.height >= 2 else { return }
    frame.put(mark(appearance), x: rect.minX + 2, y: rect.minY, style: appearance.theme.markBadge)
  }

  /// The badge in the column before a list row's thumbnail.
  static func decorate(row rect: CellRect, y: Int, appearance: Appearance, into frame: inout Frame)
  {
    guard rect.width >= ListPreset.leading + 1, ListPreset.leading >= 1 else { return }
    frame.put(
      mark(appearance), x: rect.minX + ListPreset.leading - 1, y: y,
      style: appearance.theme.markBadge)
  }

  /// `[ ✓ marked ]` after the name in the detail view, while the picture is marked.
  ///
  /// - Returns: the columns drawn.
  @discardableResult
  static func drawLabel(
    appearance: Appearance, x: Int, y: Int, maxWidth: Int, into frame: inout Frame
  ) -> Int {
    let text = "[ \(mark(appearance)) marked ]"
    guard text.displayWidth <= maxWidth else { return 0 }
    return frame.put(text, x: x, y: y, style: appearance.theme.markBadge)
  }
}

import TerminalKit

/// The timeline's scrubber in the rightmost columns (`TimelineScrubber`): a bar down the
/// view, the years in bold and the months dimmed beside it, the part on screen as a
/// thick stretch of the bar, the year and month shown now highlighted.
///
/// ```
///  2026 │
///   Mar ┃
///   Feb ┃
///  2025 │
/// ```
enum ScrubberView {
  /// Draws `scrubber` into `frame`'s view rows.
  static func draw(_ scrubber: TimelineScrubber, appearance: Appearance, into frame: inout Frame) {
    let bar = scrubber.x + TimelineScrubber.columns - 1
    let labelWidth = TimelineScrubber.columns - 3
    frame.fill(
      x: scrubber.x, y: 0, width: TimelineScrubber.columns, height: scrubber.rows, with: Cell(" "))
    for row in 0..<scrubber.rows {
      let onScreen = scrubber.thumb.contains(row)
      let glyph = appearance.unicode ? (onScreen ? "┃" : "│") : (onScreen ? "#" : "|")
      frame.put(
        glyph, x: bar, y: row,
        style: onScreen ? appearance.theme.focusBorder : appearance.theme.headerRule)
    }
    for mark in scrubber.marks {
      let text = Frame.fit(mark.text, to: labelWidth)
      let style =
        mark.isCurrent
        ? appearance.theme.focusName
        : mark.isYear ? appearance.theme.headerName : appearance.theme.headerRule
      frame.put(
        text, x: bar - 1 - text.displayWidth, y: mark.row, style: style, maxWidth: labelWidth)
    }
  }
}

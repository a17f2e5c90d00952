import CompositionalLayout
import TerminalKit

/// The characters of the thick frame around a marked tile: unlike a `BorderSet`, its left
/// and right sides differ (each half block leans towards the picture).
struct MarkBorder: Hashable, Sendable {
  var topLeft: Character
  var top: Character
  var topRight: Character
  var left: Character
  var right: Character
  var bottomLeft: Character
  var bottom: Character
  var bottomRight: Character

  /// `▗▄▖ ▐ ▌ ▝▀▘`.
  static let halfBlocks = MarkBorder(
    topLeft: "▗", top: "▄", topRight: "▖", left: "▐", right: "▌", bottomLeft: "▝", bottom: "▀",
    bottomRight: "▘")
  /// `#` all round: for terminals whose locale is not UTF-8.
  static let ascii = MarkBorder(
    topLeft: "#", top: "#", topRight: "#", left: "#", right: "#", bottomLeft: "#", bottom: "#",
    bottomRight: "#")

  /// Draws the outline of `rect` (at least 2×2), clipped to the frame; the inside is
  /// untouched.
  func draw(in rect: CellRect, style: Style, into frame: inout Frame) {
    let right = rect.maxX - 1
    let bottom = rect.maxY - 1
    for x in rect.minX...right {
      let up = x == rect.minX ? topLeft : x == right ? topRight : top
      let down = x == rect.minX ? bottomLeft : x == right ? bottomRight : self.bottom
      frame.setCell(Cell(up, style: style), x: x, y: rect.minY)
      frame.setCell(Cell(down, style: style), x: x, y: bottom)
    }
    for y in (rect.minY + 1)..<max(rect.minY + 1, bottom) {
      frame.setCell(Cell(left, style: style), x: rect.minX, y: y)
      frame.setCell(Cell(self.right, style: style), x: right, y: y)
    }
  }
}

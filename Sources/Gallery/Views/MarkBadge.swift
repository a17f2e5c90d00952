import CompositionalLayout
import TerminalKit

/// How a marked picture looks, apart from favourites: a thick frame of half blocks around
/// its tile (`#` where the locale is not UTF-8), seen at a glance across a screen of
/// tiles, and a filled check (`✓`, or `+`) at the frame's top left corner; a filled bar
/// with the check beside a list row's thumbnail; the same frame's sides beside the picture
/// in the detail view, with `[ ✓ marked ]` after its name; the check in the status line.
///
/// The frame takes the ring the focus frame would, so the focus on a marked tile keeps the
/// thick frame in the focus colour, its name in reverse video as on any focused tile. The
/// shape carries the mark and the colour the focus: a terminal without colours still
/// tells all four apart (no frame, thin, thick, thick with the name reversed). Nothing is
/// drawn over a badge or a name: the badge starts a column in from the corner, and the
/// frame is drawn before the name and the badge, which interrupt it.
enum MarkBadge {
  /// The check mark, or `+`.
  static func mark(_ appearance: Appearance) -> String { appearance.unicode ? "✓" : "+" }

  /// The thick frame's characters: half blocks on the side of the picture, so the frame
  /// hugs it with half a cell of room outside, or `#`.
  static func border(_ appearance: Appearance) -> MarkBorder {
    appearance.unicode ? .halfBlocks : .ascii
  }

  /// Draws the thick frame on the ring of a grid cell in `rect`: in the mark's colour, or
  /// in the focus colour when the tile has the focus.
  static func drawFrame(
    cell rect: CellRect, focused: Bool, appearance: Appearance, into frame: inout Frame
  ) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let style = focused ? appearance.theme.focusBorder : appearance.theme.markFrame
    border(appearance).draw(in: rect, style: style, into: &frame)
  }

  /// The filled check at the top left corner of a grid cell's ring, left of any badge.
  static func decorate(cell rect: CellRect, appearance: Appearance, into frame: inout Frame) {
    guard rect.width >= 3, rect.height >= 2 else { return }
    frame.put(mark(appearance), x: rect.minX, y: rect.minY, style: appearance.theme.markBadge)
  }

  /// A filled bar the height of a list row's thumbnail in the column before it, with the
  /// check on the name's line.
  static func decorate(
    row rect: CellRect, content: CellRect, y: Int, appearance: Appearance, into frame: inout Frame
  ) {
    guard rect.width >= ListPreset.leading + 1, ListPreset.leading >= 1 else { return }
    let x = rect.minX + ListPreset.leading - 1
    frame.fill(
      x: x, y: content.minY, width: 1, height: content.height,
      with: Cell(" ", style: appearance.theme.markBadge))
    frame.put(mark(appearance), x: x, y: y, style: appearance.theme.markBadge)
  }

  /// The frame's sides in the columns beside the detail view's picture in `rect`.
  static func drawSides(around rect: CellRect, appearance: Appearance, into frame: inout Frame) {
    guard rect.height > 0 else { return }
    let border = border(appearance)
    for y in rect.minY..<rect.maxY {
      frame.setCell(Cell(border.left, style: appearance.theme.markFrame), x: rect.minX - 1, y: y)
      frame.setCell(Cell(border.right, style: appearance.theme.markFrame), x: rect.maxX, y: y)
    }
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

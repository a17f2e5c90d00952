import CompositionalLayout
import Pictures
import TerminalKit

/// One picture in the grid: its cell art inside a one-cell ring, the name on the ring's
/// bottom edge. The ring is blank, the rounded focus frame for the focused picture, or the
/// thick frame of a marked one (`MarkBadge`), drawn before the name so the name cuts it.
enum ItemCell {
  static func draw(
    picture: Picture, art: TileArt, rect: CellRect, artRect: CellRect? = nil, focused: Bool,
    marked: Bool, appearance: Appearance, into frame: inout Frame
  ) {
    let inner = CellRect(
      x: rect.minX + 1, y: rect.minY + 1, width: rect.width - 2, height: rect.height - 2)
    let name = TextSanitizer.sanitize(picture.fileName)
    switch art {
    case .cells, .image:
      art.draw(in: artRect ?? inner, into: &frame)
    case .broken(let error):
      drawPlaceholder(
        name: nil, note: "✗ " + BrokenReason.short(error), style: appearance.theme.broken,
        in: inner,
        appearance: appearance, into: &frame)
    case .loading:
      // The name is on the ring below: the box alone says "still loading".
      drawPlaceholder(
        name: nil, note: nil, style: appearance.theme.placeholder, in: inner,
        appearance: appearance,
        into: &frame)
    }
    if marked {
      MarkBadge.drawFrame(cell: rect, focused: focused, appearance: appearance, into: &frame)
    } else if focused {
      frame.drawBox(
        x: rect.minX, y: rect.minY, width: rect.width, height: rect.height,
        style: appearance.theme.focusBorder,
        border: appearance.focusBorder)
    }
    drawName(
      name, rect: rect, focused: focused, appearance: appearance, into: &frame)
  }

  /// The name centred on the bottom edge, ` name ` with a space each side, shortened in
  /// the middle (`Screenshot 2…10.00.00.png`), so names alike at the start stay apart.
  static func drawName(
    _ name: String, rect: CellRect, focused: Bool, appearance: Appearance, into frame: inout Frame
  ) {
    let room = rect.width - 4
    guard room > 0 else { return }
    let text = " " + Frame.fit(name, to: room, truncation: appearance.nameTruncation) + " "
    let x = rect.minX + (rect.width - text.displayWidth) / 2
    frame.put(
      text, x: x, y: rect.maxY - 1,
      style: focused ? appearance.theme.focusName : appearance.theme.name,
      truncation: .clip)
  }

  /// Cell art into `rect`; art of another size (waiting for a resize) is centred and cut.
  static func drawArt(_ art: CellArt, in rect: CellRect, into frame: inout Frame) {
    let dx = (rect.width - art.size.columns) / 2
    let dy = (rect.height - art.size.rows) / 2
    let columns = min(art.size.columns, rect.width)
    let rows = min(art.size.rows, rect.height)
    let sourceX = max(0, -dx)
    let sourceY = max(0, -dy)
    let left = rect.minX + max(0, dx)
    let top = rect.minY + max(0, dy)
    // Cell art is one column per character, so plain cell writes suffice (clipped by the
    // subscript); only the columns inside the frame are visited.
    let firstColumn = max(0, -left)
    let lastColumn = min(columns, frame.width - left)
    guard firstColumn < lastColumn else { return }
    for row in 0..<max(0, rows) where top + row >= 0 && top + row < frame.height {
      let base = (sourceY + row) * art.size.columns + sourceX
      for column in firstColumn..<lastColumn {
        frame[left + column, top + row] = art.cells[base + column]
      }
    }
  }

  /// A box with the name (and a note, such as why a picture is broken) in the middle.
  static func drawPlaceholder(
    name: String?, note: String?, style: Style, in rect: CellRect, appearance: Appearance,
    into frame: inout Frame
  ) {
    guard rect.width > 0, rect.height > 0 else { return }
    frame.drawBox(
      x: rect.minX, y: rect.minY, width: rect.width, height: rect.height, style: style,
      border: appearance.placeholderBorder)
    let lines = [name, note.map { appearance.unicode ? $0 : ascii($0) }].compactMap { $0 }
    let room = rect.width - 4
    guard room > 0, rect.height >= 3 else { return }
    let top = rect.minY + (rect.height - lines.count) / 2
    for (index, line) in lines.enumerated() where top + index < rect.maxY - 1 {
      let text = Frame.fit(line, to: room, truncation: appearance.truncation)
      frame.put(
        text, x: rect.minX + (rect.width - text.displayWidth) / 2,
        y: max(rect.minY + 1, top + index),
        style: style)
    }
  }

  static func ascii(_ text: String) -> String {
    text.replacing("✗", with: "x")
  }
}

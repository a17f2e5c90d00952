import CompositionalLayout
import TerminalKit
import Thumbnails

/// One picture as a list row (the list and browse presets): a small thumbnail, the
/// name, a line of details and a `›` mark, inside the same one-cell ring as a grid
/// picture (blank, or the rounded focus frame).
///
/// Which frames are rows is decided by shape alone, so the state, the views and
/// `--print` agree without asking the preset: a frame at most 5 rows tall and at least
/// 24 columns wide and 5 times as wide as tall.
enum RowCell {
  /// Whether a picture with `frame` is drawn as a row.
  static func isRow(_ frame: CellRect) -> Bool {
    frame.height >= 3 && frame.height <= 5 && frame.width >= 24 && frame.width >= 5 * frame.height
  }

  /// The thumbnail's box: the rows inside the ring, three columns per row.
  static func artBox(for frame: CellRect) -> ArtSize? {
    let rows = frame.height - 2
    return rows > 0 ? ArtSize(columns: 3 * rows, rows: rows) : nil
  }

  static func draw(
    picture: Picture, result: ThumbnailResult?, info: ThumbnailOutcome?, rect: CellRect,
    focused: Bool, appearance: Appearance, into frame: inout Frame
  ) {
    guard let box = artBox(for: rect) else { return }
    let art = CellRect(x: rect.minX + 2, y: rect.minY + 1, width: box.columns, height: box.rows)
    var details = [picture.format.rawValue.uppercased(), DetailView.fileSize(picture.byteSize)]
    switch result {
    case .art(let cells, _, _)?:
      ItemCell.drawArt(cells, in: art, into: &frame)
    case .failed(let error)?:
      frame.put(
        appearance.unicode ? "✗" : "x", x: art.minX + art.width / 2, y: art.minY,
        style: Theme.broken)
      details.append(BrokenReason.short(error))
    case nil:
      frame.fill(
        x: art.minX, y: art.minY, width: art.width, height: art.height,
        with: Cell(appearance.unicode ? "░" : ".", style: Theme.placeholder))
    }
    if case .ready(let metadata?, _)? = info {
      details.append(
        "\(metadata.displayWidth)\(appearance.unicode ? "×" : "x")\(metadata.displayHeight)")
    }
    if focused {
      frame.drawBox(
        x: rect.minX, y: rect.minY, width: rect.width, height: rect.height,
        style: Theme.focusBorder, border: appearance.focusBorder)
    }
    let textX = art.maxX + 2
    let room = rect.maxX - 4 - textX
    guard room > 0 else { return }
    let name = TextSanitizer.sanitize(picture.fileName)
    frame.put(
      name, x: textX, y: art.minY, style: focused ? Theme.focusName : Theme.name,
      maxWidth: room)
    if art.height > 1 {
      frame.put(
        details.joined(separator: appearance.unicode ? " · " : " - "), x: textX, y: art.minY + 1,
        style: Theme.headerRule,
        maxWidth: room)
    }
    frame.put(
      appearance.unicode ? "›" : ">", x: rect.maxX - 3, y: art.minY, style: Theme.headerRule)
  }
}

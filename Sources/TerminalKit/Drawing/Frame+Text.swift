/// How text that is wider than its space is cut.
public enum Truncation: Hashable, Sendable {
  /// Cut at the last whole character that fits.
  case clip
  /// Cut so that an ellipsis `…` (or the given marker) fits at the end.
  case ellipsis(String = "…")
  /// Cut in the middle, the marker there, so both ends show: a file name keeps its
  /// start and its end with the extension (`Screenshot 2…10.00.00.png`).
  case middle(String = "…")
}

extension Frame {
  /// Draws a line of text at (x, y) and returns the columns it took.
  ///
  /// Text is sanitised first (control characters escaped), laid out by display
  /// width, and cut to `maxWidth` columns (default: up to the right edge) using
  /// `truncation`. A wide character that would straddle the limit is replaced by
  /// a space. Cells outside the frame are clipped. O(length of text).
  @discardableResult
  public mutating func put(
    _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain,
    maxWidth: Int? = nil, truncation: Truncation = .ellipsis()
  ) -> Int {
    let limit = min(maxWidth ?? Int.max, width - x)
    guard limit > 0, y >= 0, y < height else { return 0 }
    let fitted = Self.fit(TextSanitizer.sanitize(text), to: limit, truncation: truncation)
    var column = x
    for character in fitted {
      let columns = character.displayWidth
      if columns == 0 { continue }
      setCharacter(character, columns: columns, x: column, y: y, style: style)
      column += columns
    }
    return column - x
  }

  /// The longest prefix of `text` that fits `columns`, with the truncation marker
  /// when something was cut; a wide character cut in half becomes a space.
  public static func fit(_ text: String, to columns: Int, truncation: Truncation = .clip)
    -> String
  {
    guard columns > 0 else { return "" }
    if text.displayWidth <= columns { return text }
    var marker = ""
    switch truncation {
    case .ellipsis(let value): marker = TextSanitizer.sanitize(value)
    case .middle(let value):
      return fitMiddle(text, to: columns, marker: TextSanitizer.sanitize(value))
    case .clip: break
    }
    let markerWidth = marker.displayWidth
    if markerWidth > columns { return fit(text, to: columns, truncation: .clip) }
    let room = columns - markerWidth
    var result = ""
    var used = 0
    for character in text {
      let columns = character.displayWidth
      if used + columns > room {
        if used < room { result += String(repeating: " ", count: room - used) }
        break
      }
      result.append(character)
      used += columns
    }
    return result + marker
  }

  /// `text` cut in the middle to `columns`: the end keeps the extension (a last `.` and up
  /// to 6 characters after it) and three fifths of the room with it (names alike at the
  /// start, such as a camera's or a screenshot tool's, differ nearer the end), the start
  /// the rest; `marker` between. Both ends are cut at whole characters (a wide one that does
  /// not fit is left out, the gap padded). Too narrow for the marker and a character each
  /// side: cut at the end.
  static func fitMiddle(_ text: String, to columns: Int, marker: String) -> String {
    let characters = Array(text)
    let markerWidth = marker.displayWidth
    guard columns >= markerWidth + 2 else { return fit(text, to: columns, truncation: .clip) }
    let room = columns - markerWidth
    // The extension, when there is a short one, stays whole at the end.
    var extensionWidth = 0
    if let dot = characters.lastIndex(of: "."), dot > 0, characters.count - dot <= 7 {
      extensionWidth = characters[dot...].reduce(0) { $0 + $1.displayWidth }
    }
    let endWidth = min(room - 1, max(extensionWidth, room * 3 / 5))
    var end: [Character] = []
    var used = 0
    for character in characters.reversed() {
      let width = character.displayWidth
      if used + width > endWidth { break }
      end.insert(character, at: 0)
      used += width
    }
    var start = ""
    var startUsed = 0
    for character in characters.prefix(characters.count - end.count) {
      let width = character.displayWidth
      if startUsed + width > room - used { break }
      start.append(character)
      startUsed += width
    }
    let padding = String(repeating: " ", count: max(0, room - used - startUsed))
    return start + padding + marker + String(end)
  }

  /// Puts one character of `columns` width (1 or 2) at (x, y), repairing wide
  /// characters it partly overwrites so the row never holds half of one.
  mutating func setCharacter(_ character: Character, columns: Int, x: Int, y: Int, style: Style) {
    setCell(Cell(character, style: style), x: x, y: y)
    if columns == 2 { setCell(.continuation(style: style), x: x + 1, y: y) }
  }

  /// Writes one cell, blanking the other half of any wide character it breaks.
  /// Clipped when outside; a wide character whose right half falls outside the
  /// frame is drawn as a space.
  public mutating func setCell(_ cell: Cell, x: Int, y: Int) {
    guard contains(x: x, y: y) else { return }
    let index = y * width + x
    let old = cells[index]
    if old.isContinuation && !cell.isContinuation && x > 0 {
      cells[index - 1].character = " "
    }
    // Also when `cell` is itself a continuation: the old wide character's right
    // half would otherwise dangle, and a later write there would blank this one.
    if !old.isContinuation, x + 1 < width, cells[index + 1].isContinuation {
      cells[index + 1].character = " "
    }
    var cell = cell
    if cell.isContinuation && (x == 0 || cells[index - 1].isContinuation) {
      cell.character = " "
    }
    if let character = cell.character, character.displayWidth == 2, x + 1 >= width {
      cell.character = " "
    }
    cells[index] = cell
  }
}

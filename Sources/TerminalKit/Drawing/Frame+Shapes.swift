/// The characters of a box border.
public struct BorderSet: Hashable, Sendable {
  public var topLeft: Character
  public var top: Character
  public var topRight: Character
  public var side: Character
  public var bottomLeft: Character
  public var bottom: Character
  public var bottomRight: Character

  public init(
    topLeft: Character, top: Character, topRight: Character, side: Character,
    bottomLeft: Character, bottom: Character, bottomRight: Character
  ) {
    self.topLeft = topLeft
    self.top = top
    self.topRight = topRight
    self.side = side
    self.bottomLeft = bottomLeft
    self.bottom = bottom
    self.bottomRight = bottomRight
  }

  /// `╭─╮ │ ╰─╯`: the focused picture's frame.
  public static let rounded = BorderSet(
    topLeft: "╭", top: "─", topRight: "╮", side: "│", bottomLeft: "╰", bottom: "─",
    bottomRight: "╯")
  /// `┌─┐ │ └─┘`.
  public static let square = BorderSet(
    topLeft: "┌", top: "─", topRight: "┐", side: "│", bottomLeft: "└", bottom: "─",
    bottomRight: "┘")
  /// `+-+ | +-+`: for terminals whose locale is not UTF-8.
  public static let ascii = BorderSet(
    topLeft: "+", top: "-", topRight: "+", side: "|", bottomLeft: "+", bottom: "-",
    bottomRight: "+")
}

extension Frame {
  /// Fills the rectangle with `cell`, clipped to the frame. O(area).
  public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, with cell: Cell = .blank) {
    let left = max(0, x)
    let right = min(width, x + w)
    let top = max(0, y)
    let bottom = min(height, y + h)
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      // The edges through `setCell`, which mends a wide character cut in half there
      // (at the left edge also one whose right half lies just past a one-column fill).
      setCell(cell, x: left, y: row)
      for column in (left + 1)..<max(left + 1, right - 1) { cells[row * width + column] = cell }
      if right - 1 > left { setCell(cell, x: right - 1, y: row) }
    }
  }

  /// Draws the outline of a box; the inside is untouched. Boxes smaller than 2×2
  /// draw what fits (a 1-wide box is a vertical line). Clipped to the frame.
  public mutating func drawBox(
    x: Int, y: Int, width w: Int, height h: Int, style: Style = .plain,
    border: BorderSet = .rounded
  ) {
    guard w > 0, h > 0 else { return }
    let right = x + w - 1
    let bottom = y + h - 1
    for column in x...right {
      let top: Character =
        column == x
        ? (h == 1 ? border.top : border.topLeft)
        : column == right ? border.topRight : border.top
      setCell(Cell(w == 1 ? border.side : top, style: style), x: column, y: y)
      if h > 1 {
        let low: Character =
          column == x ? border.bottomLeft : column == right ? border.bottomRight : border.bottom
        setCell(Cell(w == 1 ? border.side : low, style: style), x: column, y: bottom)
      }
    }
    if h > 2 {
      for row in (y + 1)..<bottom {
        setCell(Cell(border.side, style: style), x: x, y: row)
        if w > 1 { setCell(Cell(border.side, style: style), x: right, y: row) }
      }
    }
  }

  /// Copies another frame onto this one with its top-left corner at (x, y),
  /// clipped to this frame. Wide characters cut by the clip edges become spaces.
  /// O(overlap area).
  public mutating func blit(_ source: Frame, x: Int, y: Int) {
    let left = max(0, x)
    let right = min(width, x + source.width)
    let top = max(0, y)
    let bottom = min(height, y + source.height)
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      let sourceRow = (row - y) * source.width - x
      for column in left..<right {
        var cell = source.cells[sourceRow + column]
        if column == left && cell.isContinuation { cell.character = " " }
        if column == right - 1, let character = cell.character, character.displayWidth == 2 {
          cell.character = " "
        }
        if column == left || column == right - 1 {
          setCell(cell, x: column, y: row)
        } else {
          cells[row * width + column] = cell
        }
      }
    }
  }

  /// Changes the style of every cell in the rectangle, keeping the characters.
  ///
  /// A wide character keeps one style in both halves, its left half's, also when the
  /// rectangle's edge cuts it: a terminal draws both columns in the style the character
  /// was written with, and the frame says what the screen will show.
  public mutating func restyle(
    x: Int, y: Int, width w: Int, height h: Int, _ change: (inout Style) -> Void
  ) {
    let left = max(0, x)
    let right = min(width, x + w)
    guard left < right else { return }
    for row in max(0, y)..<max(max(0, y), min(height, y + h)) {
      for column in left..<right {
        change(&cells[row * width + column].style)
      }
      // Right halves in the rectangle, and the one just past it.
      for column in max(1, left)..<min(right + 1, width) {
        let index = row * width + column
        if cells[index].isContinuation { cells[index].style = cells[index - 1].style }
      }
    }
  }
}

/// One character cell of a terminal screen.
///
/// A wide character (an East Asian ideograph, most emoji) takes two columns: the
/// left cell holds it, the right one is a `continuation` that draws nothing.
public struct Cell: Hashable, Sendable {
  /// What the cell shows; a single grapheme cluster, or empty for a continuation.
  public var character: Character?
  public var style: Style

  public init(_ character: Character = " ", style: Style = .plain) {
    self.character = character
    self.style = style
  }

  /// The right half of a wide character.
  public static func continuation(style: Style = .plain) -> Cell {
    var cell = Cell(" ", style: style)
    cell.character = nil
    return cell
  }

  /// Whether this cell is the right half of a wide character.
  public var isContinuation: Bool { character == nil }

  /// A blank cell in the default style.
  public static let blank = Cell()

  /// Styles first: they are cheaper to compare than characters and differ just
  /// as often, so a frame diff's early exits come sooner.
  @inlinable public static func == (lhs: Cell, rhs: Cell) -> Bool {
    lhs.style == rhs.style && lhs.character == rhs.character
  }
}

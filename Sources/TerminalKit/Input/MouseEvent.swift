/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// A press and release of the primary button.
    case click
    case doubleClick
    case wheelUp
    case wheelDown
    /// The primary button went down (and stays down: a drag may follow).
    case pressed
    /// The pointer moved with the primary button held down.
    case dragged
    /// The primary button came up after a press that was not a click.
    case released
    /// The pointer moved, or a report the backend could not classify.
    case moved
  }

  public var kind: Kind
  /// Column, 0-based from the left.
  public var x: Int
  /// Row, 0-based from the top.
  public var y: Int

  public init(_ kind: Kind, x: Int, y: Int) {
    self.kind = kind
    self.x = x
    self.y = y
  }
}

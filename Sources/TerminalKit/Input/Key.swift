/// A key press, as the terminal reports it.
public enum Key: Hashable, Sendable {
  /// A printable character (including space).
  case character(Character)
  /// Ctrl with a letter, lowercased: Ctrl-B is `.control("b")`. Ctrl-I, Ctrl-M,
  /// Ctrl-H and Ctrl-[ arrive as `.tab`, `.enter`, `.backspace` and `.escape`,
  /// since terminals send the same bytes for them.
  case control(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case insert, delete
  case tab, backTab, enter, escape, backspace
  /// F1 is `.function(1)`.
  case function(Int)

  /// The key for a byte or scalar value below 0x20, or DEL.
  public static func fromControlCode(_ code: UInt32) -> Key? {
    switch code {
    case 0x08, 0x7F: return .backspace
    case 0x09: return .tab
    case 0x0A, 0x0D: return .enter
    case 0x1B: return .escape
    case 0x01...0x1A:
      return Unicode.Scalar(code + 0x60).map { .control(Character($0)) }
    default: return nil
    }
  }
}

/// A terminal colour: the terminal's default, one of the 256 indexed colours, or
/// a 24-bit truecolor value.
///
/// Indices 0–15 are the ANSI colours, 16–231 the 6×6×6 cube and 232–255 the grey
/// ramp, as xterm defines them.
public enum Color: Hashable, Sendable {
  /// The terminal's own foreground or background.
  case `default`
  /// An xterm palette index, 0–255.
  case indexed(UInt8)
  /// A 24-bit colour.
  case rgb(UInt8, UInt8, UInt8)
}

extension Color {
  public static let black = Color.indexed(0)
  public static let red = Color.indexed(1)
  public static let green = Color.indexed(2)
  public static let yellow = Color.indexed(3)
  public static let blue = Color.indexed(4)
  public static let magenta = Color.indexed(5)
  public static let cyan = Color.indexed(6)
  public static let white = Color.indexed(7)
  public static let brightBlack = Color.indexed(8)
  public static let brightWhite = Color.indexed(15)
}

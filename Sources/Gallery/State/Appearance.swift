import TerminalKit
import Thumbnails

/// How the gallery draws: the cell art's colours and characters, and the borders.
public struct Appearance: Hashable, Sendable {
  public var colorMode: ColorMode
  public var symbols: SymbolSet
  /// False when the locale is not UTF-8: ASCII borders and marks.
  public var unicode: Bool

  public init(
    colorMode: ColorMode = .truecolor, symbols: SymbolSet = .blocks, unicode: Bool = true
  ) {
    self.colorMode = colorMode
    self.symbols = symbols
    self.unicode = unicode
  }

  /// The focus frame's border.
  public var focusBorder: BorderSet { unicode ? .rounded : .ascii }
  /// How text too long for its place is cut: `…`, or `...` without UTF-8.
  public var truncation: Truncation { unicode ? .ellipsis() : .ellipsis("...") }
  /// The placeholder's border.
  public var placeholderBorder: BorderSet { unicode ? .square : .ascii }
}

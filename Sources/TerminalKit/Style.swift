/// Text attributes a terminal can show besides colour.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let italic = TextAttributes(rawValue: 1 << 2)
  public static let underline = TextAttributes(rawValue: 1 << 3)
  public static let reverse = TextAttributes(rawValue: 1 << 4)
}

/// How a cell is drawn: foreground, background and attributes.
public struct Style: Hashable, Sendable {
  public var foreground: Color
  public var background: Color
  public var attributes: TextAttributes

  public init(
    foreground: Color = .default, background: Color = .default,
    attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default colours, no attributes.
  public static let plain = Style()
}

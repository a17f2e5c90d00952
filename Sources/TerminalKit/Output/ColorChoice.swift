/// The user's `--color` choice.
public enum ColorChoice: String, Hashable, Sendable, CaseIterable {
  /// Colour unless `NO_COLOR` is set; truecolor when `COLORTERM` says so.
  case auto
  /// Colour even when `NO_COLOR` is set.
  case always
  /// No colour.
  case never
}

/// What the backend should ask the terminal for, decided from the choice and the
/// environment before the terminal is opened.
public struct ColorRequest: Hashable, Sendable {
  /// Whether to use colour at all.
  public var useColor: Bool
  /// Whether to try a direct-colour terminal description (`xterm-direct`) first.
  public var preferDirectColor: Bool

  /// Applies the rules: `never` or (`auto` and a non-empty `NO_COLOR`) turn colour
  /// off; `COLORTERM` of `truecolor` or `24bit` asks for direct colour.
  public init(choice: ColorChoice, environment: [String: String]) {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    useColor = choice == .always || (choice == .auto && !noColor)
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    preferDirectColor = useColor && (colorTerm == "truecolor" || colorTerm == "24bit")
  }

  /// The colour mode for a terminal that reports `colors` colours
  /// (terminfo `colors`; 2^24 for direct colour).
  public func mode(terminalColors colors: Int) -> ColorMode {
    guard useColor else { return .monochrome }
    if colors >= 1 << 24 { return .truecolor }
    if colors >= 256 { return .indexed256 }
    if colors >= 8 { return .ansi16 }
    return .monochrome
  }
}

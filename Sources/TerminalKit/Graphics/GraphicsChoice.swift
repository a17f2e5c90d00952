/// The user's `--graphics` choice.
public enum GraphicsChoice: String, Hashable, Sendable, CaseIterable {
  /// Ask the terminal and use what it answers (the default).
  case auto
  /// kitty's graphics protocol, whatever the terminal answered.
  case kitty
  /// Sixel, whatever the terminal answered.
  case sixel
  /// iTerm2 inline images, whatever the terminal answered.
  case iterm2
  /// Character cells only; the terminal is not even asked.
  case cells

  /// Whether detection queries are worth sending (everything but `cells`: a
  /// forced protocol still wants the cell size).
  public var asksTheTerminal: Bool { self != .cells }

  /// The capabilities to use: `detected` for `auto`, else `detected` with the
  /// chosen protocol and a reason saying so. A forced kitty uses placeholders
  /// when the terminal has them, or inside tmux (where only they work).
  public func resolve(_ detected: GraphicsCapabilities) -> GraphicsCapabilities {
    var result = detected
    let forced: GraphicsProtocol
    switch self {
    case .auto: return detected
    case .cells: forced = .none
    case .sixel: forced = .sixel
    case .iterm2: forced = .iterm2
    case .kitty:
      var placeholders = detected.inTmux
      if case .kitty(true) = detected.graphicsProtocol { placeholders = true }
      forced = .kitty(unicodePlaceholders: placeholders)
    }
    result.graphicsProtocol = forced
    result.reasons.append("--graphics \(rawValue) chose \(forced.name)")
    return result
  }
}

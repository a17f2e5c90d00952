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
  /// Character cells only; the terminal is asked nothing about graphics (only its
  /// colours, for `--theme auto`).
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

extension GraphicsChoice {
  /// What the gallery draws with, from what the terminal answered (`detected`; `cells`
  /// asks nothing of graphics), this choice, and how frames reach the screen: the one place protocols
  /// are chosen and let go, each change with its reason.
  ///
  /// - The choice: `resolve(_:)`.
  /// - Frames drawn through ncurses (`drawsEscapes` false: no ECMA-48 escapes) show no
  ///   pictures: their bytes would go where ncurses does not know.
  /// - kitty's Unicode placeholders name an image by colour, so they need truecolor or
  ///   256 colours; without them kitty places images directly, and inside tmux (where
  ///   only placeholders follow the panes) not at all.
  public func capabilities(
    detected: GraphicsCapabilities, drawsEscapes: Bool, colorMode: ColorMode
  ) -> GraphicsCapabilities {
    var chosen = resolve(detected)
    if !drawsEscapes && chosen.graphicsProtocol != .none {
      chosen.graphicsProtocol = .none
      chosen.reasons.append(
        "frames are drawn through ncurses on this terminal (no ECMA-48 escapes): cells only")
    }
    if case .kitty(true) = chosen.graphicsProtocol, colorMode != .truecolor,
      colorMode != .indexed256
    {
      chosen.graphicsProtocol = .kitty(unicodePlaceholders: false)
      chosen.reasons.append("placeholders name images by colour: \(colorMode.rawValue) cannot")
      if chosen.inTmux { chosen.graphicsProtocol = .none }
    }
    return chosen
  }
}

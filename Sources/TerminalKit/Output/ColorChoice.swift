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
  /// Why 24-bit colour was asked for, or why not, for `--diagnose`.
  public var directColorReason: String

  /// Applies the rules: `never` or (`auto` and a non-empty `NO_COLOR`) turn colour
  /// off; 24-bit colour is asked for when `COLORTERM` is `truecolor` or `24bit`, when
  /// tmux says its client has the `RGB` feature (`tmuxClientFeatures`, tmux's
  /// `client_termfeatures`: tmux then passes 24-bit colour on), or when the terminfo
  /// entry has the `RGB` or `Tc` flag (`terminfoDirectColor`).
  public init(
    choice: ColorChoice, environment: [String: String], tmuxClientFeatures: String? = nil,
    terminfoDirectColor: Bool = false
  ) {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    useColor = choice == .always || (choice == .auto && !noColor)
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    let tmuxRGB =
      tmuxClientFeatures.map { $0.split(separator: ",").contains("RGB") } ?? false
    var reason: String
    var direct = true
    if colorTerm == "truecolor" || colorTerm == "24bit" {
      reason = "24-bit colour: COLORTERM=\(colorTerm)"
    } else if tmuxRGB {
      reason = "24-bit colour: tmux's client has the RGB feature (client_termfeatures)"
    } else if terminfoDirectColor {
      reason = "24-bit colour: the terminfo entry of TERM has the RGB or Tc flag"
    } else {
      direct = false
      reason = "no 24-bit colour: COLORTERM is not truecolor"
      if let tmuxClientFeatures {
        reason +=
          ", tmux's client has no RGB feature (\(tmuxClientFeatures.isEmpty ? "none" : tmuxClientFeatures))"
      }
      reason += ", and TERM's terminfo has no RGB or Tc flag"
    }
    preferDirectColor = useColor && direct
    if !useColor {
      reason = "no colour: " + (choice == .never ? "--color never" : "NO_COLOR is set")
    }
    directColorReason = reason
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

/// Whether the terminal's background is dark or light: which of the two themes keeps
/// every text readable on it.
public enum BackgroundTone: String, Hashable, Sendable, CaseIterable {
  case dark
  case light
}

/// Which theme to draw with (`--theme`, `theme =`): the terminal's own background
/// decides with `auto`.
public enum ThemeChoice: String, Hashable, Sendable, CaseIterable {
  /// From the background the terminal reports (`OSC 11`), else `COLORFGBG`, else dark.
  case auto
  case dark
  case light

  /// The tone to draw for, and where it came from (for `--diagnose`).
  ///
  /// `background` is the terminal's answer to `OSC 11;?`. `COLORFGBG` (rxvt, Konsole and
  /// others set it, and it survives tmux and ssh's environment when passed) is
  /// `fg;bg` or `fg;default;bg` with xterm palette numbers: 7 and 9 to 15 are light
  /// backgrounds, 0 to 6 and 8 dark, and the rest of the 256 as xterm's colours are.
  public func tone(background: TerminalColor?, environment: [String: String])
    -> (tone: BackgroundTone, reason: String)
  {
    switch self {
    case .dark: return (.dark, "theme dark, as set")
    case .light: return (.light, "theme light, as set")
    case .auto: break
    }
    if let background {
      let tone: BackgroundTone = background.isLight ? .light : .dark
      return (tone, "theme \(tone.rawValue): the terminal's background is \(background)")
    }
    if let value = environment["COLORFGBG"],
      let last = value.split(separator: ";").last, let index = Int(last), (0...255).contains(index)
    {
      let (red, green, blue) = Color.paletteRGB(UInt8(index))
      let light =
        index < 16
        ? index == 7 || index >= 9 : TerminalColor(red: red, green: green, blue: blue).isLight
      let tone: BackgroundTone = light ? .light : .dark
      return (tone, "theme \(tone.rawValue): COLORFGBG=\(value) (no answer to OSC 11)")
    }
    return (.dark, "theme dark: no answer to OSC 11 and no COLORFGBG (theme = light to change)")
  }
}

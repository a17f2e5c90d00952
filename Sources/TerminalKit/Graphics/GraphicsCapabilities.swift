/// The way a terminal can show real pixels, if any.
public enum GraphicsProtocol: Hashable, Sendable {
  /// kitty's graphics protocol: images transmitted once by id, then placed.
  /// With `unicodePlaceholders` (kitty 0.28+, Ghostty) an image can be shown
  /// through placeholder cells (U+10EEEE), which scroll like text and pass tmux.
  case kitty(unicodePlaceholders: Bool)
  /// DEC sixel graphics (xterm `-ti vt340`, foot, mlterm, WezTerm, Windows Terminal).
  case sixel
  /// iTerm2's inline images (`OSC 1337;File=`): iTerm2, WezTerm.
  case iterm2
  /// No pixels: pictures are drawn as character cells.
  case none

  /// A short name for the status line and `--diagnose`: `kitty`, `kitty
  /// (placeholders)`, `sixel`, `iterm2` or `cells`.
  public var name: String {
    switch self {
    case .kitty(let placeholders): placeholders ? "kitty (placeholders)" : "kitty"
    case .sixel: "sixel"
    case .iterm2: "iterm2"
    case .none: "cells"
    }
  }

  /// Whether it is kitty's protocol, with placeholders or without.
  public var isKitty: Bool {
    if case .kitty = self { return true }
    return false
  }

  /// The form pictures take in this protocol; nil for cells.
  public var imageFormat: TerminalImage.Format? {
    switch self {
    case .kitty(let placeholders): placeholders ? .kittyPlaceholder : .kitty
    case .sixel: .sixel
    case .iterm2: .iterm2
    case .none: nil
    }
  }
}

/// The size of one character cell in pixels.
public struct CellPixelSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Height over width, as the layout's cell aspect.
  public var aspect: Double { Double(height) / Double(max(1, width)) }

  /// The size a terminal with `columns × rows` cells of `xPixels × yPixels` in
  /// all has (`TIOCGWINSZ`); nil when any of them is zero (not reported).
  public init?(columns: Int, rows: Int, xPixels: Int, yPixels: Int) {
    guard columns > 0, rows > 0, xPixels >= columns, yPixels >= rows else { return nil }
    self.init(width: xPixels / columns, height: yPixels / rows)
  }

  public var description: String { "\(width)×\(height) px" }
}

/// A width and a height in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public var description: String { "\(width)×\(height) px" }
}

/// What a terminal showed it can do with pixels, and why we think so.
///
/// Made by `GraphicsProbe` from the terminal's answers and the environment;
/// `explanation` is what `--diagnose` prints, `summary` what the status line says.
public struct GraphicsCapabilities: Hashable, Sendable {
  /// The protocol to draw pictures with.
  public var graphicsProtocol: GraphicsProtocol
  /// The cell's size in pixels (`TIOCGWINSZ`, else the `CSI 16 t` answer); nil
  /// when the terminal reported neither.
  public var cellPixelSize: CellPixelSize?
  /// Sixel colour registers (XTSMGRAPHICS), when the terminal said.
  public var colorRegisters: Int?
  /// The largest sixel image the terminal takes (XTSMGRAPHICS' maximum geometry), when
  /// it said: xterm drops a larger one whole.
  public var sixelMaximum: PixelSize?
  /// The terminal's default background and foreground (`OSC 11`, `OSC 10`), when it
  /// answered.
  public var defaultBackground: TerminalColor?
  public var defaultForeground: TerminalColor?
  /// Whether kitty read a temporary file the probe named (`t=t`): it runs on this machine
  /// and pictures can go by file.
  public var kittyReadsFiles = false
  /// Whether the program runs inside tmux (`TMUX` set).
  public var inTmux: Bool
  /// The terminal's name and version from XTVERSION (inside tmux: the outer
  /// terminal's when passthrough answered, else tmux's own).
  public var terminalName: String?
  public var terminalVersion: String?
  /// The primary device attributes (DA1) the terminal answered; nil: none came.
  public var deviceAttributes: [Int]?
  /// How long detection took, in milliseconds (set by the backend that asked).
  public var detectionMilliseconds: Double?
  /// Whether every answer detection waits for came before its deadline, so that
  /// `detectionMilliseconds` is a round trip to the terminal.
  public var answeredInTime = false
  /// Why the protocol was chosen (or none), one finding a line.
  public var reasons: [String]

  public init(
    graphicsProtocol: GraphicsProtocol = .none, cellPixelSize: CellPixelSize? = nil,
    colorRegisters: Int? = nil, inTmux: Bool = false, terminalName: String? = nil,
    terminalVersion: String? = nil, deviceAttributes: [Int]? = nil, reasons: [String] = []
  ) {
    self.graphicsProtocol = graphicsProtocol
    self.cellPixelSize = cellPixelSize
    self.colorRegisters = colorRegisters
    self.inTmux = inTmux
    self.terminalName = terminalName
    self.terminalVersion = terminalVersion
    self.deviceAttributes = deviceAttributes
    self.reasons = reasons
  }

  /// No graphics, with one reason (a pipe, `--graphics cells`, `TERM=linux`).
  public static func cells(because reason: String) -> GraphicsCapabilities {
    GraphicsCapabilities(reasons: [reason])
  }

  /// One line for a status line or help: `sixel · xterm(390) · 10×20 px`.
  public var summary: String {
    var parts = [graphicsProtocol.name]
    if let terminalName {
      parts.append(terminalVersion.map { "\(terminalName) \($0)" } ?? terminalName)
    }
    if inTmux { parts.append("in tmux") }
    if let cellPixelSize { parts.append(cellPixelSize.description) }
    return parts.joined(separator: " · ")
  }

  /// Several lines: what was detected and why, for `--diagnose`.
  public var explanation: String {
    var lines = ["graphics: \(graphicsProtocol.name)"]
    let name = terminalName.map { n in terminalVersion.map { "\(n) \($0)" } ?? n }
    lines.append("terminal: \(name ?? "did not say (no XTVERSION answer)")")
    if let deviceAttributes {
      lines.append(
        "device attributes: \(deviceAttributes.map(String.init).joined(separator: ";"))")
    } else {
      lines.append("device attributes: no answer")
    }
    lines.append("cell size: \(cellPixelSize?.description ?? "unknown")")
    if let colorRegisters { lines.append("sixel colour registers: \(colorRegisters)") }
    if let sixelMaximum { lines.append("largest sixel: \(sixelMaximum)") }
    for (name, color, query) in [
      ("background", defaultBackground, 11), ("foreground", defaultForeground, 10),
    ] {
      lines.append("\(name) colour: \(color?.description ?? "no answer to OSC \(query)")")
    }
    lines.append("inside tmux: \(inTmux ? "yes" : "no")")
    if let detectionMilliseconds {
      let ending =
        answeredInTime
        ? "every answer waited for came" : "the deadline: an answer waited for never came"
      lines.append("detection took: \(Int(detectionMilliseconds.rounded())) ms (\(ending))")
    }
    lines += reasons.map { "- \($0)" }
    return lines.joined(separator: "\n")
  }
}

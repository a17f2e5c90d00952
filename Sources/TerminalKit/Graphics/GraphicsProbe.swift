/// Asks a terminal what it can draw, and decides from the answers: the pure
/// half of detection (the backend writes `query`, reads with a deadline and
/// feeds `receive`).
///
/// The queries, in order: kitty's graphics query (a 1×1 image, `a=q`, which a
/// kitty-graphics terminal answers without storing anything), XTVERSION,
/// XTSMGRAPHICS (sixel colour registers, and the largest sixel it takes), the default
/// background and foreground (`OSC 11;?`, `OSC 10;?`), `CSI 16 t` (cell size in pixels)
/// and primary device attributes last. Every terminal answers device attributes,
/// and answers in order, so its answer ends the wait: a query it leaves unanswered is
/// known to be unanswered then, and the deadline serves only a terminal that answers
/// nothing. Inside tmux the kitty query and one XTVERSION go to the outer terminal
/// through passthrough, and tmux answers device attributes itself at once: there the wait
/// ends at tmux's answer and kitty's, or at tmux's alone when tmux says nothing passes
/// through (`PassthroughReach.none`: the option off, no client, a window not shown) or
/// names a terminal outside that draws no placeholders (`reachesWithoutPlaceholders`),
/// which is then not asked. A
/// question every terminal answers, asked after the kitty query through passthrough,
/// would end it for other terminals too, but tmux 3.3 does not always hand the outer
/// terminal's answer to it back to the pane: the deadline ends that wait.
///
/// Bytes that are not answers (keys typed meanwhile) are kept in `typedInput`,
/// in order, for the key decoder.
public struct GraphicsProbe: Sendable {
  /// The image id the kitty query uses (never stored by the terminal).
  public static let queryImageID = 31
  /// The image id of the query by file (`t=t`), when one is asked.
  public static let fileQueryImageID = 32

  public let environment: [String: String]
  /// Whether `TMUX` is set.
  public let inTmux: Bool
  /// Whether the graphics are asked about; false asks only the colours (`--graphics
  /// cells` with `--theme auto`), and the wait ends at the device attributes even in tmux.
  public let asksGraphics: Bool
  /// A file of one RGBA pixel (4 bytes) in a temporary folder, with
  /// `tty-graphics-protocol` in its name, for kitty's query by file: a kitty on this
  /// machine reads it (and deletes it) and answers OK.
  public let kittyFileQuery: String?
  /// Whether tmux's passthrough reaches a terminal that answers (`.unknown` outside tmux).
  public let passthrough: PassthroughReach
  /// Every answer received so far, in order.
  public private(set) var replies: [TerminalReply] = []
  /// Bytes received that were no answer, in order.
  public private(set) var typedInput: [UInt8] = []
  private var parser = TerminalReplyParser()

  public init(
    environment: [String: String], asksGraphics: Bool = true, kittyFileQuery: String? = nil,
    passthrough: PassthroughReach = .unknown
  ) {
    self.environment = environment
    self.asksGraphics = asksGraphics
    self.kittyFileQuery = asksGraphics ? kittyFileQuery : nil
    inTmux = !(environment["TMUX"] ?? "").isEmpty
    self.passthrough = inTmux ? passthrough : .unknown
  }

  /// The bytes to write to the terminal, all at once.
  public var query: [UInt8] {
    let colors = Array("\u{1B}]11;?\u{1B}\\\u{1B}]10;?\u{1B}\\".utf8)
    guard asksGraphics else { return colors + Array("\u{1B}[c".utf8) }
    var kitty = Array(
      "\u{1B}_Gi=\(Self.queryImageID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
    if let kittyFileQuery {
      kitty += Array("\u{1B}_Gi=\(Self.fileQueryImageID),s=1,v=1,a=q,t=t,f=32;".utf8)
      Base64.encode(Array(kittyFileQuery.utf8), into: &kitty)
      kitty += [0x1B, UInt8(ascii: "\\")]
    }
    let version = Array("\u{1B}[>0q".utf8)
    var out: [UInt8] = []
    if inTmux {
      // Nothing wrapped when nothing passes (tmux would drop it) or when the answer
      // could not give pictures that follow the panes.
      if passthrough.asksOuterTerminal {
        out += TmuxPassthrough.wrapEach(kitty)
        out += TmuxPassthrough.wrap(version)
      }
    } else {
      out += kitty
    }
    out += version
    out += Array("\u{1B}[?1;1;0S\u{1B}[?2;4;0S".utf8)
    out += colors
    out += Array("\u{1B}[16t\u{1B}[c".utf8)
    return out
  }

  /// Whether the answers needed to decide have all come.
  public var isComplete: Bool {
    let attributes = replies.contains {
      if case .primaryDeviceAttributes = $0 { return true }
      return false
    }
    // Inside tmux device attributes come from tmux at once: the outer terminal's kitty
    // answer is waited for (kitty answers in order, the file query's with it), unless
    // it was not asked.
    return attributes
      && (!inTmux || !asksGraphics || !passthrough.asksOuterTerminal || kittyAnswer != nil)
  }

  /// Takes bytes read from the terminal; returns `isComplete`.
  @discardableResult
  public mutating func receive(_ bytes: some Sequence<UInt8>) -> Bool {
    take(parser.feed(bytes))
    return isComplete
  }

  private mutating func take(_ pieces: [TerminalReplyParser.Piece]) {
    for piece in pieces {
      switch piece {
      case .reply(let reply): replies.append(reply)
      case .input(let bytes): typedInput += bytes
      }
    }
  }

  /// The kitty graphics answer to our query, if one came.
  var kittyAnswer: String? { kittyAnswer(to: Self.queryImageID) }

  func kittyAnswer(to imageID: Int) -> String? {
    for case .kittyGraphics(let id, let message) in replies where id == imageID {
      return message
    }
    return nil
  }

  /// Decides, once the wait is over (complete or at the deadline).
  /// `windowCellSize` is the cell size from `TIOCGWINSZ`, when the kernel had
  /// pixel sizes; it wins over the `CSI 16 t` answer.
  public mutating func finish(windowCellSize: CellPixelSize? = nil) -> GraphicsCapabilities {
    take(parser.flush())
    var result = GraphicsCapabilities(inTmux: inTmux)
    var reasons: [String] = []
    var attributes: [Int]?
    var versions: [String] = []
    var answeredCellSize: CellPixelSize?
    for reply in replies {
      switch reply {
      case .primaryDeviceAttributes(let values): attributes = attributes ?? values
      case .terminalVersion(let text): versions.append(text)
      case .graphicsAttribute(1, 0, let values) where !values.isEmpty:
        result.colorRegisters = values[0]
      case .graphicsAttribute(2, 0, let values) where values.count >= 2:
        if values[0] > 0, values[1] > 0 {
          result.sixelMaximum = PixelSize(width: values[0], height: values[1])
        }
      case .defaultColor(11, let color): result.defaultBackground = color
      case .defaultColor(10, let color): result.defaultForeground = color
      case .cellPixelSize(let width, let height) where width > 0 && height > 0:
        answeredCellSize = CellPixelSize(width: width, height: height)
      default: break
      }
    }
    result.deviceAttributes = attributes
    // Inside tmux, tmux's own answer names tmux; another one is the outer terminal.
    let outer = versions.first { !$0.lowercased().hasPrefix("tmux") }
    let own = versions.first
    var named = inTmux ? outer : own
    if named == nil, case .reachesWithoutPlaceholders(let terminal) = passthrough {
      named = terminal
    }
    if let (name, version) = (named ?? own).map(Self.nameAndVersion) {
      result.terminalName = name
      result.terminalVersion = version
    }
    result.cellPixelSize = windowCellSize ?? answeredCellSize
    if windowCellSize != nil {
      reasons.append("cell size from the kernel's window size (TIOCGWINSZ)")
    } else if answeredCellSize != nil {
      reasons.append("cell size from the terminal's answer to CSI 16 t")
    } else {
      reasons.append("cell size unknown: no pixels in TIOCGWINSZ and no answer to CSI 16 t")
    }
    guard asksGraphics else {
      reasons.append("--graphics cells: only the colours were asked")
      result.reasons = reasons
      return result
    }
    result.graphicsProtocol = decide(
      attributes: attributes, name: result.terminalName, version: result.terminalVersion,
      reasons: &reasons)
    if result.graphicsProtocol.isKitty, kittyFileQuery != nil {
      let answer = kittyAnswer(to: Self.fileQueryImageID)
      result.kittyReadsFiles = answer == "OK"
      reasons.append(
        answer == "OK"
          ? "kitty read the query's temporary file: pictures go by temporary files (t=t)"
          : "kitty did not read the query's temporary file (\(answer ?? "no answer"): on another"
            + " machine?): pictures go inside the escape sequences")
    }
    result.reasons = reasons
    return result
  }

  private func decide(
    attributes: [Int]?, name: String?, version: String?, reasons: inout [String]
  ) -> GraphicsProtocol {
    let program = environment["TERM_PROGRAM"] ?? ""
    let term = environment["TERM"] ?? ""
    let lowerName = (name ?? "").lowercased()
    if term == "linux" || term == "dumb" {
      reasons.append("TERM=\(term): a console without graphics")
      return .none
    }
    guard let attributes else {
      reasons.append(
        "the terminal did not answer device attributes in time: it answers no queries,"
          + " so no graphics")
      return .none
    }
    if inTmux && passthrough.asksOuterTerminal {
      reasons.append(
        "inside tmux (TMUX is set): queries for the outer terminal go through passthrough")
    }

    if let answer = kittyAnswer {
      if answer == "OK" {
        let placeholders = Self.hasUnicodePlaceholders(
          name: lowerName, version: version, program: program)
        reasons.append(
          "the terminal answered the kitty graphics query with OK"
            + (inTmux ? " (through tmux passthrough)" : ""))
        if placeholders {
          reasons.append(
            "\(name ?? program) supports Unicode placeholders (kitty 0.28+, Ghostty)")
        } else {
          reasons.append(
            "no Unicode placeholders: they need kitty 0.28+ or Ghostty, this is "
              + (name.map { n in version.map { "\(n) \($0)" } ?? n } ?? "an unnamed terminal"))
        }
        if !inTmux { return .kitty(unicodePlaceholders: placeholders) }
        if placeholders { return .kitty(unicodePlaceholders: true) }
        reasons.append(
          "inside tmux only placeholders follow the panes; direct placements would not")
      } else {
        reasons.append("the kitty graphics query was refused: \(answer)")
      }
    } else if inTmux, case .reachesWithoutPlaceholders(let terminal) = passthrough {
      reasons.append(
        "tmux says the terminal outside is \(terminal), which draws no pictures that follow"
          + " tmux's panes (only kitty 0.28+ and Ghostty do): it was not asked")
    } else if inTmux, case .reachesUnnamedTerminal(let term) = passthrough {
      reasons.append(
        "the terminal outside tmux (TERM \(term.isEmpty ? "not said" : term)) gave tmux no name"
          + " when it attached; kitty 0.28+ and Ghostty, the only terminals whose pictures"
          + " follow tmux's panes, give theirs: it was not asked")
    } else if inTmux && passthrough == .none {
      reasons.append(
        "tmux passes no queries to the terminal outside (allow-passthrough is off, or no"
          + " client is attached): set `set -g allow-passthrough on` (tmux 3.3+) for pixels")
    } else if inTmux {
      reasons.append(
        "no answer to the kitty graphics query through tmux: set `set -g allow-passthrough on`"
          + " (tmux 3.3+), or the outer terminal has no kitty graphics")
    } else if !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty || term == "xterm-kitty" {
      reasons.append(
        "the environment names kitty (KITTY_WINDOW_ID or TERM=xterm-kitty) but no kitty"
          + " graphics answer came (over SSH, or another terminal?)")
    } else {
      reasons.append("no answer to the kitty graphics query")
    }

    let iterm2Names = ["iterm2", "wezterm"]
    let iterm2 =
      program == "iTerm.app" || program == "WezTerm"
      || iterm2Names.contains { lowerName.hasPrefix($0) }
    if iterm2 && !inTmux {
      reasons.append(
        "\(name ?? program) shows iTerm2 inline images (TERM_PROGRAM or XTVERSION says so)")
      return .iterm2
    }
    if attributes.contains(4) {
      reasons.append("device attributes include 4: sixel graphics")
      return .sixel
    }
    reasons.append(
      "device attributes \(attributes.map(String.init).joined(separator: ";")) have no 4:"
        + " no sixel")
    if iterm2 && inTmux {
      reasons.append("iTerm2 images do not follow tmux's panes: cells instead")
    }
    return .none
  }

  /// Whether this terminal shows kitty Unicode placeholders: kitty 0.28 or
  /// later (XTVERSION `kitty(0.28.1)`), or Ghostty.
  static func hasUnicodePlaceholders(name: String, version: String?, program: String) -> Bool {
    if name.hasPrefix("ghostty") || program.lowercased() == "ghostty" { return true }
    guard name == "kitty", let version else { return false }
    let parts = version.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 }
    let major = parts.first ?? 0
    let minor = parts.count > 1 ? parts[1] : 0
    return major > 0 || minor >= 28
  }

  /// `kitty(0.26.5)` → (kitty, 0.26.5); `tmux 3.3a` → (tmux, 3.3a).
  static func nameAndVersion(_ text: String) -> (String, String?) {
    let trimmed = Substring(text).drop { $0 == " " }
    if let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") {
      let name = String(trimmed[..<open])
      let version = trimmed[trimmed.index(after: open)...].dropLast()
      return (name, version.isEmpty ? nil : String(version))
    }
    if let space = trimmed.firstIndex(of: " ") {
      return (String(trimmed[..<space]), String(trimmed[trimmed.index(after: space)...]))
    }
    return (String(trimmed), nil)
  }
}

import TestSupport
import Testing

@testable import TerminalKit

@Suite struct TerminalReplyParserTests {
  static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
  static let attributes = "\u{1B}[?62;4;22c"
  static let version = "\u{1B}P>|kitty(0.26.5)\u{1B}\\"
  static let registers = "\u{1B}[?1;0;256S"
  static let cellSize = "\u{1B}[6;20;10t"

  static func pieces(_ text: String) -> [TerminalReplyParser.Piece] {
    var parser = TerminalReplyParser()
    return parser.feed(Array(text.utf8)) + parser.flush()
  }

  @Test func recognisesEachAnswer() {
    let all = Self.kittyOK + Self.version + Self.registers + Self.cellSize + Self.attributes
    #expect(
      Self.pieces(all) == [
        .reply(.kittyGraphics(imageID: 31, message: "OK")),
        .reply(.terminalVersion("kitty(0.26.5)")),
        .reply(.graphicsAttribute(item: 1, status: 0, values: [256])),
        .reply(.cellPixelSize(width: 10, height: 20)),
        .reply(.primaryDeviceAttributes([62, 4, 22])),
      ])
  }

  @Test func keysBetweenAnswersStayKeysInOrder() {
    // An arrow key, a letter, UTF-8, a mouse report and Alt-x around the answers.
    let text =
      "\u{1B}[A" + Self.kittyOK + "qé" + "\u{1B}[<0;10;5M" + Self.attributes + "\u{1B}x"
    #expect(
      Self.pieces(text) == [
        .input(Array("\u{1B}[A".utf8)),
        .reply(.kittyGraphics(imageID: 31, message: "OK")),
        .input(Array("qé\u{1B}[<0;10;5M".utf8)),
        .reply(.primaryDeviceAttributes([62, 4, 22])),
        .input(Array("\u{1B}x".utf8)),
      ])
  }

  @Test func answersSplitAnywhereComeOutWhole() {
    let text = Self.version + "j" + Self.kittyOK + Self.cellSize + "\u{1B}[B" + Self.attributes
    let bytes = Array(text.utf8)
    let whole = Self.pieces(text)
    for cut in 1..<bytes.count {
      var parser = TerminalReplyParser()
      var pieces = parser.feed(bytes[..<cut])
      pieces += parser.feed(bytes[cut...])
      pieces += parser.flush()
      #expect(pieces.joiningInput == whole.joiningInput, "cut at \(cut)")
    }
    // Byte by byte.
    var parser = TerminalReplyParser()
    var pieces: [TerminalReplyParser.Piece] = []
    for byte in bytes { pieces += parser.feed([byte]) }
    #expect((pieces + parser.flush()).joiningInput == whole.joiningInput)
  }

  @Test func anUnfinishedSequenceWaitsThenBecomesInput() {
    var parser = TerminalReplyParser()
    #expect(parser.feed(Array("\u{1B}_Gi=31;O".utf8)).isEmpty)
    #expect(parser.hasPendingBytes)
    #expect(parser.flush() == [.input(Array("\u{1B}_Gi=31;O".utf8))])
    // A lone Escape key.
    #expect(parser.feed([0x1B]).isEmpty)
    #expect(parser.flush() == [.input([0x1B])])
  }

  @Test func garbageIsInputNeverACrash() {
    var generator = SplitMix64(seed: 13)
    for _ in 0..<500 {
      let length = Int(generator.next() % 40)
      let bytes = (0..<length).map { _ -> UInt8 in
        // Mostly the bytes answers are made of.
        let pool: [UInt8] = [0x1B, 0x5B, 0x3F, 0x5F, 0x50, 0x5C, 0x3B, 0x63, 0x74, 0x07, 0x31]
        return generator.next() % 3 == 0
          ? UInt8(truncatingIfNeeded: generator.next()) : pool[Int(generator.next() % 11)]
      }
      var parser = TerminalReplyParser()
      let pieces = parser.feed(bytes) + parser.flush()
      // Nothing is lost: input bytes plus replies' bytes account for everything,
      // and input comes out in its order.
      var input: [UInt8] = []
      for case .input(let part) in pieces { input += part }
      #expect(input.count <= bytes.count)
      #expect(!parser.hasPendingBytes)
    }
  }

  @Test func anOverlongStringIsInput() {
    let text = "\u{1B}P" + String(repeating: "a", count: TerminalReplyParser.maximumReplyLength + 5)
    var parser = TerminalReplyParser()
    let pieces = parser.feed(Array(text.utf8))
    #expect(pieces == [.input(Array(text.utf8))])
  }

  /// An answer longer than the limit is input whether it comes whole or in pieces (fed
  /// whole, a finished one used to be a reply; found by fuzzing).
  @Test func anOverlongFinishedAnswerIsInputHoweverItArrives() {
    for long in [
      "\u{1B}]11;" + String(repeating: "x", count: TerminalReplyParser.maximumReplyLength)
        + "\u{07}",
      "\u{1B}[?" + String(repeating: "1;", count: TerminalReplyParser.maximumReplyLength) + "c",
    ] {
      let bytes = Array(long.utf8)
      var whole = TerminalReplyParser()
      let together = whole.feed(bytes) + whole.flush()
      var split = TerminalReplyParser()
      var pieces: [TerminalReplyParser.Piece] = []
      for start in stride(from: 0, to: bytes.count, by: 300) {
        pieces += split.feed(bytes[start..<min(bytes.count, start + 300)])
      }
      pieces += split.flush()
      let typed = { (pieces: [TerminalReplyParser.Piece]) in
        pieces.flatMap { piece -> [UInt8] in
          if case .input(let bytes) = piece { return bytes }
          return []
        }
      }
      #expect(typed(together) == bytes && typed(pieces) == bytes)
    }
  }

  @Test func otherAnswersAreSwallowed() {
    #expect(Self.pieces("\u{1B}[>1;4000;15c") == [.reply(.other("DA2 >1;4000;15"))])
    #expect(Self.pieces("\u{1B}]12;rgb:0000/0000/0000\u{07}").count == 1)
    #expect(Self.pieces("\u{1B}[?2026;2$y") == [.reply(.other("DECRPM ?2026;2"))])
    // A key with modifiers that looks like a report is still a key.
    #expect(Self.pieces("\u{1B}[1;5A") == [.input(Array("\u{1B}[1;5A".utf8))])
  }
}

@Suite struct GraphicsProbeTests {
  static func probe(
    _ answers: String, environment: [String: String] = ["TERM": "xterm-256color"],
    cell: CellPixelSize? = nil
  ) -> (GraphicsCapabilities, GraphicsProbe, Bool) {
    var probe = GraphicsProbe(environment: environment)
    let complete = probe.receive(Array(answers.utf8))
    return (probe.finish(windowCellSize: cell), probe, complete)
  }

  @Test func kittyWithoutPlaceholders() {
    let (result, _, complete) = Self.probe(
      "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c",
      environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"],
      cell: CellPixelSize(width: 9, height: 18))
    #expect(complete)
    #expect(result.graphicsProtocol == .kitty(unicodePlaceholders: false))
    #expect(result.terminalName == "kitty")
    #expect(result.terminalVersion == "0.26.5")
    #expect(result.cellPixelSize == CellPixelSize(width: 9, height: 18))
    #expect(result.reasons.contains { $0.contains("no Unicode placeholders") })
    #expect(result.explanation.contains("graphics: kitty"))
  }

  @Test func newKittyAndGhosttyHavePlaceholders() {
    let (kitty, _, _) = Self.probe(
      "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[?62;c")
    #expect(kitty.graphicsProtocol == .kitty(unicodePlaceholders: true))
    let (ghostty, _, _) = Self.probe(
      "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|ghostty 1.1.0\u{1B}\\\u{1B}[?62;22c")
    #expect(ghostty.graphicsProtocol == .kitty(unicodePlaceholders: true))
  }

  @Test func theDefaultColoursEndedByBellOrST() {
    let white = TerminalColor(red: 255, green: 255, blue: 255)
    #expect(
      TerminalReplyParserTests.pieces(
        "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}\u{1B}]10;rgb:00/00/00\u{1B}\\") == [
          .reply(.defaultColor(slot: 11, white)),
          .reply(.defaultColor(slot: 10, TerminalColor(red: 0, green: 0, blue: 0))),
        ])
    #expect(
      TerminalColor(xParseColor: "rgb:1111/1111/1111")
        == TerminalColor(red: 17, green: 17, blue: 17))
    #expect(TerminalColor(xParseColor: "rgb:f/8/0") == TerminalColor(red: 255, green: 136, blue: 0))
    #expect(
      TerminalColor(xParseColor: "rgba:ffff/0000/0000/ffff")
        == TerminalColor(red: 255, green: 0, blue: 0))
    #expect(TerminalColor(xParseColor: "#FFFFDD") == TerminalColor(red: 255, green: 255, blue: 221))
    for bad in ["rgb:", "rgb:1/2", "rgb:12345/0/0", "rgb:g/0/0", "cmyk:0/0/0/0", "#fff", ""] {
      #expect(TerminalColor(xParseColor: bad) == nil, "\(bad)")
    }
    #expect(white.isLight)
    #expect(TerminalColor(red: 0x11, green: 0x11, blue: 0x11).isLight == false)
    // Konsole's grey and Solarized's light and dark bases.
    #expect(TerminalColor(red: 0xEF, green: 0xF0, blue: 0xF1).isLight)
    #expect(TerminalColor(red: 0xFD, green: 0xF6, blue: 0xE3).isLight)
    #expect(TerminalColor(red: 0x00, green: 0x2B, blue: 0x36).isLight == false)
    #expect(TerminalColor(red: 0x30, green: 0x0A, blue: 0x24).isLight == false)
  }

  @Test func coloursAndTheLargestSixelAreRead() {
    let (result, _, complete) = Self.probe(
      "\u{1B}[?1;0;1024S\u{1B}[?2;0;1000;1000S\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"
        + "\u{1B}]10;rgb:0000/0000/0000\u{1B}\\\u{1B}[?63;4c")
    #expect(complete)
    #expect(result.colorRegisters == 1024)
    #expect(result.sixelMaximum == PixelSize(width: 1000, height: 1000))
    #expect(result.defaultBackground == TerminalColor(red: 255, green: 255, blue: 255))
    #expect(result.defaultForeground == TerminalColor(red: 0, green: 0, blue: 0))
    #expect(result.explanation.contains("largest sixel: 1000×1000 px"))
    #expect(result.explanation.contains("background colour: #ffffff"))
    let (silent, _, _) = Self.probe("\u{1B}[?2;3;0S\u{1B}[?63;4c")
    #expect(silent.sixelMaximum == nil)
    #expect(silent.explanation.contains("background colour: no answer to OSC 11"))
    let probe = GraphicsProbe(environment: [:])
    let query = String(decoding: probe.query, as: UTF8.self)
    // Asked before device attributes, which end the wait.
    for asked in ["\u{1B}[?2;4;0S", "\u{1B}]11;?\u{1B}\\", "\u{1B}]10;?\u{1B}\\"] {
      #expect(query.contains(asked + "") && query.hasSuffix("\u{1B}[c"))
    }
  }

  @Test func sixelOnlyXterm() {
    let (result, _, complete) = Self.probe(
      "\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?1;0;256S\u{1B}[6;17;8t\u{1B}[?63;1;2;4;6;9;15;22c")
    #expect(complete)
    #expect(result.graphicsProtocol == .sixel)
    #expect(result.colorRegisters == 256)
    #expect(result.cellPixelSize == CellPixelSize(width: 8, height: 17))
    #expect(result.reasons.contains { $0.contains("CSI 16 t") })
  }

  @Test func bothPrefersKitty() {
    let (result, _, _) = Self.probe(
      "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|WezTerm 20240203\u{1B}\\\u{1B}[?65;4;6;18;22c",
      environment: ["TERM_PROGRAM": "WezTerm"])
    #expect(result.graphicsProtocol == .kitty(unicodePlaceholders: false))
  }

  @Test func iterm2FromTheEnvironment() {
    let (result, _, _) = Self.probe(
      "\u{1B}[?62;4c", environment: ["TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"])
    #expect(result.graphicsProtocol == .iterm2)
  }

  @Test func noneWhenOnlyAttributes() {
    let (result, _, complete) = Self.probe("\u{1B}[?62;22c")
    #expect(complete)
    #expect(result.graphicsProtocol == .none)
    #expect(result.reasons.contains { $0.contains("no sixel") })
  }

  @Test func slowOrSilentTerminal() {
    // Only the kitty answer came before the deadline: not complete; decided without.
    let (result, _, complete) = Self.probe("\u{1B}_Gi=31;OK\u{1B}\\")
    #expect(!complete)
    #expect(result.graphicsProtocol == .none)
    #expect(result.reasons.contains { $0.contains("did not answer device attributes") })
  }

  @Test func garbageAndTypedKeysAreKeptAsInput() {
    let (result, probe, complete) = Self.probe(
      "j\u{1B}[Bzz\u{1B}_Gi=31;EINVAL:bad\u{1B}\\k\u{1B}[?62;4c")
    #expect(complete)
    #expect(probe.typedInput == Array("j\u{1B}[Bzzk".utf8))
    #expect(result.graphicsProtocol == .sixel)
    #expect(result.reasons.contains { $0.contains("refused: EINVAL:bad") })
  }

  @Test func tmuxWrapsTheOuterQueriesAndWaitsForKitty() {
    let environment = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]
    var probe = GraphicsProbe(environment: environment)
    let query = String(decoding: probe.query, as: UTF8.self)
    #expect(query.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,"))
    #expect(query.hasSuffix("\u{1B}[c"))
    // tmux answers device attributes at once; the outer kitty later.
    let early = probe.receive(Array("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2;4c".utf8))
    #expect(!early)
    let late = probe.receive(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\".utf8))
    #expect(late)
    let result = probe.finish()
    #expect(result.inTmux)
    #expect(result.terminalName == "kitty")
    // kitty 0.26 in tmux: no placeholders, so not kitty; tmux's own DA1 says sixel.
    #expect(result.graphicsProtocol == .sixel)
    #expect(result.reasons.contains { $0.contains("only placeholders follow the panes") })

    var newer = GraphicsProbe(environment: environment)
    newer.receive(
      Array(
        "\u{1B}P>|tmux 3.4\u{1B}\\\u{1B}[?1;2c\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.36.1)\u{1B}\\"
          .utf8))
    #expect(newer.finish().graphicsProtocol == .kitty(unicodePlaceholders: true))

    var silent = GraphicsProbe(environment: environment)
    silent.receive(Array("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c".utf8))
    let fallback = silent.finish()
    #expect(fallback.graphicsProtocol == .none)
    #expect(fallback.reasons.contains { $0.contains("allow-passthrough on") })
  }

  @Test func tmuxWithPassthroughWaitsForKittyOnly() {
    let environment = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]
    var probe = GraphicsProbe(environment: environment, passthrough: .reaches)
    let query = String(decoding: probe.query, as: UTF8.self)
    #expect(query.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,"))
    let tmuxAnswered = probe.receive(Array("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c".utf8))
    #expect(!tmuxAnswered)
    let kittyAnswered = probe.receive(Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8))
    #expect(kittyAnswered)
  }

  /// A probe inside tmux whose outer terminal is not asked (`passthrough` says so): no
  /// query is wrapped for passthrough, and tmux's own answers end it. Its query, and what
  /// it found.
  static func probedWithoutTheOuterTerminal(_ passthrough: PassthroughReach) -> (
    query: String, result: GraphicsCapabilities
  ) {
    let environment = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]
    var probe = GraphicsProbe(environment: environment, passthrough: passthrough)
    let query = String(decoding: probe.query, as: UTF8.self)
    #expect(!query.contains("\u{1B}Ptmux;"))
    let answered = probe.receive(Array("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c".utf8))
    #expect(answered)
    let result = probe.finish()
    #expect(result.graphicsProtocol == .none)
    return (query, result)
  }

  @Test func nothingIsWaitedForWhenTmuxPassesNothing() {
    let (query, result) = Self.probedWithoutTheOuterTerminal(.none)
    #expect(query.hasSuffix("\u{1B}[c"))
    #expect(result.reasons.contains { $0.contains("tmux passes no queries") })
  }

  @Test func aTerminalThatGaveTmuxNoNameIsNotAskedAndNotNamed() {
    let (_, result) = Self.probedWithoutTheOuterTerminal(
      .reachesUnnamedTerminal(term: "xterm-256color"))
    // Its TERM is not a name: the terminal named is tmux, which answered.
    #expect(result.terminalName == "tmux")
    #expect(result.reasons.contains { $0.contains("(TERM xterm-256color) gave tmux no name") })
  }

  @Test func tmuxNamingATerminalWithoutPlaceholdersEndsTheWaitAtTmux() {
    let (_, result) = Self.probedWithoutTheOuterTerminal(
      .reachesWithoutPlaceholders(terminal: "XTerm(379)"))
    #expect(result.terminalName == "XTerm")
    #expect(result.terminalVersion == "379")
    #expect(result.reasons.contains { $0.contains("outside is XTerm(379)") })
    #expect(!result.reasons.contains { $0.contains("go through passthrough") })
  }

  @Test func tmuxNamesTheTerminalOutside() {
    func reach(_ type: String, _ name: String = "xterm-256color") -> PassthroughReach {
      PassthroughReach(
        allowPassthrough: "on", attachedClients: "1", terminalType: type, terminalName: name)
    }
    #expect(reach("XTerm(379)") == .reachesWithoutPlaceholders(terminal: "XTerm(379)"))
    #expect(
      reach("Konsole 22.12.3") == .reachesWithoutPlaceholders(terminal: "Konsole 22.12.3"))
    // kitty before 0.28 draws no placeholders; later, or of a version not said, may.
    #expect(
      reach("kitty(0.26.5)", "xterm-kitty")
        == .reachesWithoutPlaceholders(terminal: "kitty(0.26.5)"))
    #expect(reach("kitty(0.36.1)", "xterm-kitty") == .reaches)
    #expect(reach("kitty", "xterm-kitty") == .reaches)
    #expect(reach("ghostty 1.1.2", "xterm-ghostty") == .reaches)
    // No XTVERSION answer (yet): a TERM only one terminal sets names it; a shared one not.
    #expect(reach("", "alacritty") == .reachesWithoutPlaceholders(terminal: "alacritty"))
    #expect(reach("", "mlterm") == .reachesWithoutPlaceholders(terminal: "mlterm"))
    #expect(reach("", "xterm-256color") == .reaches)
    #expect(reach("", "xterm-kitty") == .reaches)
    // No answer from a client attached long enough ago: a terminal that gives no name
    // (VTE's), never kitty nor Ghostty; from one just attached, the answer may be on its way.
    func attached(_ seconds: Int?, _ type: String = "") -> PassthroughReach {
      PassthroughReach(
        allowPassthrough: "on", attachedClients: "1", terminalType: type,
        terminalName: "xterm-256color", clientSeconds: seconds)
    }
    #expect(attached(2) == .reachesUnnamedTerminal(term: "xterm-256color"))
    #expect(attached(3600) == .reachesUnnamedTerminal(term: "xterm-256color"))
    #expect(attached(1) == .reaches)
    #expect(attached(nil) == .reaches)
    #expect(attached(3600, "kitty(0.36.1)") == .reaches)
    #expect(!attached(3600).asksOuterTerminal)
    // A tmux before 3.3 (no allow-passthrough option, nor an XTVERSION of its clients),
    // and a TERM only kitty or Ghostty set: asked.
    #expect(
      PassthroughReach(
        allowPassthrough: "", attachedClients: "1", terminalName: "xterm-256color",
        clientSeconds: 3600) == .reaches)
    for name in ["xterm-kitty", "xterm-ghostty"] {
      #expect(
        PassthroughReach(
          allowPassthrough: "on", attachedClients: "1", terminalName: name, clientSeconds: 3600)
          == .reaches)
    }
    #expect(
      PassthroughReach(
        allowPassthrough: "on", attachedClients: "2", terminalName: "xterm-256color",
        clientSeconds: 3600) == .reaches)
    // With two clients, the name tmux gives is the latest's, and passthrough reaches both.
    #expect(
      PassthroughReach(
        allowPassthrough: "on", attachedClients: "2", terminalType: "XTerm(379)") == .reaches)
    // Nothing passing wins over the name.
    #expect(
      PassthroughReach(
        allowPassthrough: "off", attachedClients: "1", terminalType: "XTerm(379)") == .none)
  }

  @Test func tmuxSaysWhetherPassthroughReachesATerminal() {
    #expect(PassthroughReach(allowPassthrough: "1", attachedClients: "1\n") == .reaches)
    #expect(PassthroughReach(allowPassthrough: "on", attachedClients: "2") == .reaches)
    // tmux before 3.3 has no such option and always passes.
    #expect(PassthroughReach(allowPassthrough: "", attachedClients: "1") == .reaches)
    #expect(PassthroughReach(allowPassthrough: "0", attachedClients: "1") == .none)
    #expect(PassthroughReach(allowPassthrough: "off", attachedClients: "1") == .none)
    // A detached session: no terminal to answer.
    #expect(PassthroughReach(allowPassthrough: "1", attachedClients: "0") == .none)
    #expect(PassthroughReach(allowPassthrough: "1", attachedClients: "") == .unknown)
    // `on` passes only the shown window's panes; `all` every pane's.
    #expect(
      PassthroughReach(allowPassthrough: "1", attachedClients: "1", windowActive: "0") == .none)
    #expect(
      PassthroughReach(allowPassthrough: "all", attachedClients: "1", windowActive: "0")
        == .reaches)
    // Outside tmux the answer is not used.
    #expect(GraphicsProbe(environment: [:], passthrough: .none).passthrough == .unknown)
  }

  @Test func theOperatingStatusIsAnAnswerNotAKey() {
    #expect(TerminalReplyParserTests.pieces("\u{1B}[0n") == [.reply(.operatingStatus(0))])
    #expect(TerminalReplyParserTests.pieces("\u{1B}[3n") == [.reply(.operatingStatus(3))])
    #expect(
      TerminalReplyParserTests.pieces("\u{1B}[6n") == [.input(Array("\u{1B}[6n".utf8))])
  }

  @Test func linuxConsoleNeverGetsGraphics() {
    let (result, _, _) = Self.probe("\u{1B}[?6c", environment: ["TERM": "linux"])
    #expect(result.graphicsProtocol == .none)
  }
}

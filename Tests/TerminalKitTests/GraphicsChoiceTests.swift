import Testing

@testable import TerminalKit

/// The one place the protocol is chosen and let go: the user's choice over what the
/// terminal answered, then what the way frames are drawn and the colours allow.
@Suite struct GraphicsChoiceTests {
  static func answered(_ graphics: GraphicsProtocol, inTmux: Bool = false) -> GraphicsCapabilities {
    var capabilities = GraphicsCapabilities.cells(because: "test")
    capabilities.graphicsProtocol = graphics
    capabilities.inTmux = inTmux
    return capabilities
  }

  @Test func autoKeepsWhatTheTerminalAnswered() {
    let chosen = GraphicsChoice.auto.capabilities(
      detected: Self.answered(.sixel), drawsEscapes: true, colorMode: .truecolor)
    #expect(chosen.graphicsProtocol == .sixel)
  }

  @Test func aProtocolNamedByHandWinsAndSaysSo() {
    let chosen = GraphicsChoice.iterm2.capabilities(
      detected: Self.answered(.sixel), drawsEscapes: true, colorMode: .truecolor)
    #expect(chosen.graphicsProtocol == .iterm2)
    #expect(chosen.reasons.last == "--graphics iterm2 chose iterm2")
    let inTmux = GraphicsChoice.kitty.capabilities(
      detected: Self.answered(.none, inTmux: true), drawsEscapes: true, colorMode: .truecolor)
    #expect(inTmux.graphicsProtocol == .kitty(unicodePlaceholders: true), "only placeholders pass")
  }

  @Test func framesThroughNcursesShowNoPictures() {
    for choice in [GraphicsChoice.auto, .kitty, .sixel] {
      let chosen = choice.capabilities(
        detected: Self.answered(.sixel), drawsEscapes: false, colorMode: .truecolor)
      #expect(chosen.graphicsProtocol == .none, "\(choice)")
      #expect(chosen.reasons.last?.contains("through ncurses") == true)
    }
  }

  /// Placeholders name images by colour: below 256 colours kitty places images directly,
  /// and inside tmux shows none.
  @Test func placeholdersNeedColoursToNameImages() {
    let placeholders = Self.answered(.kitty(unicodePlaceholders: true))
    let sixteen = GraphicsChoice.auto.capabilities(
      detected: placeholders, drawsEscapes: true, colorMode: .ansi16)
    #expect(sixteen.graphicsProtocol == .kitty(unicodePlaceholders: false))
    #expect(sixteen.reasons.last?.contains("ansi16 cannot") == true)
    let tmux = GraphicsChoice.auto.capabilities(
      detected: Self.answered(.kitty(unicodePlaceholders: true), inTmux: true), drawsEscapes: true,
      colorMode: .ansi16)
    #expect(tmux.graphicsProtocol == .none)
    let full = GraphicsChoice.auto.capabilities(
      detected: placeholders, drawsEscapes: true, colorMode: .indexed256)
    #expect(full.graphicsProtocol == .kitty(unicodePlaceholders: true))
  }
}

import TestSupport
import Testing

@testable import TerminalKit

@Suite struct ColorTests {
  @Test func cubeAndGreyEntriesMapToThemselves() {
    for index in 16...255 {
      let (r, g, b) = Color.paletteRGB(UInt8(index))
      let nearest = Color.nearest256(r, g, b)
      #expect(Color.paletteRGB(nearest) == Color.paletteRGB(UInt8(index)), "index \(index)")
    }
  }

  @Test func nearest256IsNearestOverThePalette() {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<500 {
      let value = generator.next()
      let (r, g, b) = (UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF))
      let chosen = Color.distance((r, g, b), Color.paletteRGB(Color.nearest256(r, g, b)))
      let best =
        (16...255).map { Color.distance((r, g, b), Color.paletteRGB(UInt8($0))) }.min() ?? 0
      // The cube's level choice is xterm's, which can be off by a little from the
      // exhaustive optimum; never by much.
      #expect(chosen <= best + 3 * 20 * 20, "rgb \(r) \(g) \(b)")
    }
  }

  @Test func ansi16PicksTheNearest() {
    #expect(Color.rgb(250, 10, 10).converted(to: .ansi16) == .indexed(9))
    #expect(Color.rgb(0, 0, 0).converted(to: .ansi16) == .indexed(0))
    #expect(Color.indexed(196).converted(to: .ansi16) == .indexed(9))
    #expect(Color.indexed(3).converted(to: .ansi16) == .indexed(3))
    #expect(Color.rgb(1, 2, 3).converted(to: .monochrome) == .default)
    #expect(Color.default.converted(to: .ansi16) == .default)
    #expect(Color.rgb(1, 2, 3).converted(to: .truecolor) == .rgb(1, 2, 3))
    #expect(Color.rgb(128, 128, 128).converted(to: .indexed256) == .indexed(244))
  }

  @Test func colourRequestFollowsTheEnvironment() {
    #expect(ColorRequest(choice: .auto, environment: [:]).mode(terminalColors: 256) == .indexed256)
    #expect(
      ColorRequest(choice: .auto, environment: ["NO_COLOR": "1"]).mode(terminalColors: 256)
        == .monochrome)
    #expect(
      ColorRequest(choice: .always, environment: ["NO_COLOR": "1"]).mode(terminalColors: 256)
        == .indexed256)
    #expect(ColorRequest(choice: .never, environment: [:]).mode(terminalColors: 256) == .monochrome)
    let truecolor = ColorRequest(choice: .auto, environment: ["COLORTERM": "24bit"])
    #expect(truecolor.preferDirectColor)
    #expect(truecolor.mode(terminalColors: 1 << 24) == .truecolor)
    #expect(
      !ColorRequest(choice: .never, environment: ["COLORTERM": "truecolor"]).preferDirectColor)
    #expect(ColorRequest(choice: .auto, environment: [:]).mode(terminalColors: 8) == .ansi16)
    #expect(ColorRequest(choice: .auto, environment: [:]).mode(terminalColors: 0) == .monochrome)
  }

  /// Inside tmux COLORTERM is usually unset: tmux's word on its client, or the terminfo
  /// entry's flags, ask for 24-bit colour instead; each reason is said.
  @Test func trueColourWithoutColorterm() {
    let tmux = ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]
    let rgb = ColorRequest(
      choice: .auto, environment: tmux, tmuxClientFeatures: "bpaste,ccolour,RGB,title")
    #expect(rgb.preferDirectColor)
    #expect(rgb.directColorReason.contains("tmux's client has the RGB feature"))
    let none = ColorRequest(choice: .auto, environment: tmux, tmuxClientFeatures: "title")
    #expect(!none.preferDirectColor)
    #expect(none.directColorReason.contains("no RGB feature (title)"))
    // A feature whose name only contains RGB is not it.
    #expect(
      !ColorRequest(choice: .auto, environment: tmux, tmuxClientFeatures: "noRGB")
        .preferDirectColor)
    let flag = ColorRequest(choice: .auto, environment: [:], terminfoDirectColor: true)
    #expect(flag.preferDirectColor)
    #expect(flag.directColorReason.contains("RGB or Tc flag"))
    let off = ColorRequest(
      choice: .auto, environment: tmux.merging(["NO_COLOR": "1"]) { $1 },
      tmuxClientFeatures: "RGB")
    #expect(!off.preferDirectColor)
    #expect(off.directColorReason == "no colour: NO_COLOR is set")
  }

  @Test func controlKeys() {
    #expect(Key.fromControlCode(0x02) == .control("b"))
    #expect(Key.fromControlCode(0x06) == .control("f"))
    #expect(Key.fromControlCode(0x09) == .tab)
    #expect(Key.fromControlCode(0x0D) == .enter)
    #expect(Key.fromControlCode(0x7F) == .backspace)
    #expect(Key.fromControlCode(0x1B) == .escape)
    #expect(Key.fromControlCode(0x41) == nil)
  }
}

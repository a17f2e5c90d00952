import TerminalKit
import Testing

@testable import GalleryRuntime

/// The sixel colour registers pictures are made for, from the terminal's answer.
@Suite struct SixelRegistersLaunchTests {
  static func graphics(
    _ registers: Int?, tmux: Bool = false, protocol chosen: GraphicsProtocol = .sixel
  )
    -> GraphicsCapabilities
  {
    GraphicsCapabilities(graphicsProtocol: chosen, colorRegisters: registers, inTmux: tmux)
  }

  @Test func theAnswerUpTo1024OutsideTmux() {
    let launch = GalleryLaunch(options: GalleryOptions(), unicode: true, environment: [:])
    #expect(launch.sixelRegisters(Self.graphics(1024)) == 1024)
    #expect(launch.sixelRegisters(Self.graphics(4096)) == 1024)
    #expect(launch.sixelRegisters(Self.graphics(16)) == 16)
    #expect(launch.sixelRegisters(Self.graphics(256)) == 256)
    #expect(launch.sixelRegisters(Self.graphics(1)) == nil, "no answer worth the name")
    #expect(launch.sixelRegisters(Self.graphics(nil)) == nil)
    #expect(
      launch.sixelRegisters(Self.graphics(1024, tmux: true)) == nil, "tmux answers for itself")
    #expect(launch.sixelRegisters(Self.graphics(1024, protocol: .iterm2)) == nil)
    #expect(launch.sixelRegisters(nil) == nil)
  }
}

import Testing

@testable import TerminalKit

@Suite struct ANSIWriterTests {
  func string(_ bytes: [UInt8]) -> String {
    String(String(decoding: bytes, as: UTF8.self).map { $0 == "\u{1B}" ? "␛" : $0 })
  }

  @Test func documentWritesMinimalSGR() {
    var frame = Frame(width: 4, height: 2)
    let red = Style(foreground: .red)
    frame.put("ab", x: 0, y: 0, style: red)
    frame.put("c", x: 2, y: 0, style: Style(foreground: .red, attributes: .bold))
    frame.put("写", x: 0, y: 1)
    var writer = ANSIWriter(mode: .truecolor)
    #expect(string(writer.document(frame)) == "␛[31mab␛[1mc␛[0m \n写  \n")
  }

  @Test func attributesOnlyResetWhenRemoved() {
    var frame = Frame(width: 3, height: 1)
    frame.put("a", x: 0, y: 0, style: Style(attributes: .underline))
    frame.put("b", x: 1, y: 0, style: Style(attributes: [.underline, .bold]))
    frame.put("c", x: 2, y: 0, style: Style(foreground: .green, attributes: .bold))
    var writer = ANSIWriter(mode: .indexed256)
    #expect(string(writer.document(frame)) == "␛[4ma␛[1mb␛[0;1;32mc␛[0m\n")
  }

  @Test(arguments: [
    (ColorMode.truecolor, "␛[38;2;255;128;0;48;5;200m"), (.indexed256, "␛[38;5;208;48;5;200m"),
    (.ansi16, "␛[33;105m"), (.monochrome, ""),
  ])
  func colourModes(mode: ColorMode, expected: String) {
    var frame = Frame(width: 1, height: 1)
    frame.put(
      "x", x: 0, y: 0, style: Style(foreground: .rgb(255, 128, 0), background: .indexed(200)))
    var writer = ANSIWriter(mode: mode)
    let reset = mode == .monochrome ? "" : "␛[0m"
    #expect(string(writer.document(frame)) == expected + "x" + reset + "\n")
  }

  @Test func diffMovesTheCursorOnlyBetweenRuns() {
    let old = Frame(text: "aaaaaa\naaaaaa")
    var new = old
    new.put("XY", x: 1, y: 0)
    new.put("Z", x: 4, y: 0)
    new.put("W", x: 0, y: 1)
    var writer = ANSIWriter(mode: .ansi16)
    let bytes = writer.update(FrameDiff(from: old, to: new))
    #expect(string(bytes) == "␛[1;2H␛[0mXY␛[1;5HZ␛[2;1HW")
    // A second, empty update writes nothing.
    #expect(writer.update(FrameDiff(from: new, to: new)).isEmpty)
  }

  @Test func consecutiveRunsSkipTheMove() {
    let old = Frame(text: "ab\ncd")
    let new = Frame(text: "aX\nYd")
    var writer = ANSIWriter(mode: .ansi16)
    _ = writer.update(FrameDiff(from: nil, to: old))
    // After "X" at the last column the cursor position is unknown: a move is needed.
    #expect(string(writer.update(FrameDiff(from: old, to: new))) == "␛[1;2HX␛[2;1HY")
  }

  @Test func fullRedrawClears() {
    var writer = ANSIWriter(mode: .ansi16)
    let text = string(writer.update(.fullRedraw(of: Frame(text: "hi"))))
    #expect(text == "␛[0m␛[2J␛[1;1Hhi")
  }
}

@Suite struct TerminalEventTests {
  @Test func onlyWhatTheUserDidIsInput() {
    let input: [TerminalEvent] = [
      .key(.down), .mouse(MouseEvent(.click, x: 1, y: 2)),
      .resize(TerminalSize(width: 80, height: 24)),
    ]
    let other: [TerminalEvent] = [.wake, .timeout, .terminate(signal: 15)]
    #expect(input.allSatisfy { $0.isInput })
    #expect(!other.contains { $0.isInput })
  }
}

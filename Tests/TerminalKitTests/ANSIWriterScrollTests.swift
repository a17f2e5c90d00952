import TestSupport
import Testing

@testable import TerminalKit

@Suite struct ANSIWriterScrollTests {
  func string(_ bytes: [UInt8]) -> String {
    String(String(decoding: bytes, as: UTF8.self).map { $0 == "\u{1B}" ? "␛" : $0 })
  }

  @Test func scrollUpSetsTheRegionIndexesAndResets() {
    let old = Frame(text: "h\n1\n2\n3\n4\ns")
    let new = Frame(text: "h\n2\n3\n4\n5\ns")
    let diff = FrameDiff(from: old, to: new, scrolling: true)
    #expect(diff.scroll == FrameDiff.Scroll(top: 1, bottom: 4, count: 1))
    var writer = ANSIWriter(mode: .ansi16)
    // The style is unknown at first, so the writer resets before scrolling.
    #expect(string(writer.update(diff)) == "␛[0m␛[2;5r␛[5;1H␛D␛[r␛[5;1H5")
    #expect(writer.cursor?.x == nil)
  }

  @Test func scrollDownUsesReverseIndexAtTheTop() {
    let old = Frame(text: "h\n1\n2\n3\n4\ns")
    let new = Frame(text: "h\n0\n1\n2\n3\ns")
    var writer = ANSIWriter(mode: .ansi16)
    var prelude: [UInt8] = []
    writer.reset(into: &prelude)
    let diff = FrameDiff(from: old, to: new, scrolling: true)
    #expect(diff.scroll == FrameDiff.Scroll(top: 1, bottom: 4, count: -1))
    // Known plain: no reset needed.
    #expect(string(writer.update(diff)) == "␛[2;5r␛[2;1H␛M␛[r␛[2;1H0")
  }

  @Test func resetOnlyWhenNotPlain() {
    var writer = ANSIWriter(mode: .truecolor)
    var out: [UInt8] = []
    writer.reset(into: &out)
    #expect(string(out) == "␛[0m")
    writer.reset(into: &out)
    #expect(string(out) == "␛[0m")
    var frame = Frame(width: 2, height: 1)
    frame.put("x", x: 0, y: 0, style: Style(foreground: .red))
    out = writer.update(.fullRedraw(of: frame))
    #expect(writer.currentStyle == .plain)
    out = writer.update(FrameDiff(from: Frame(width: 2, height: 1), to: frame))
    #expect(string(out) == "␛[1;1H␛[31mx")
    out = []
    writer.reset(into: &out)
    #expect(string(out) == "␛[0m")
    #expect(writer.currentStyle == .plain)
  }

  @Test func oneLineRegionErasesTheLine() {
    let old = Frame(text: "ab\ncd\nef", style: Style(background: .blue))
    var diff = FrameDiff(from: old, to: old)
    diff.scroll = FrameDiff.Scroll(top: 1, bottom: 1, count: 1)
    var writer = ANSIWriter(mode: .ansi16)
    var screen = ScreenModel(width: 2, height: 3)
    screen.apply(writer.update(.fullRedraw(of: old)))
    screen.apply(writer.update(diff))
    #expect(screen.errors.isEmpty)
    #expect(screen.frame == old.scrolled(FrameDiff.Scroll(top: 1, bottom: 1, count: 1)))
  }

  @Test func largeCoordinatesAreWrittenWhole() {
    var out: [UInt8] = []
    ANSIWriter.appendCursorPosition(x: 1234, y: 7, to: &out)
    #expect(string(out) == "␛[8;1235H")
  }
}

import TestSupport
import Testing

@testable import TerminalKit

/// Marks at the ends of untrusted text, which would join the cell drawn beside it.
@Suite struct TextSanitizerJoiningTests {
  @Test func aLeadingMarkIsEscaped() {
    // U+302E, a spacing mark two columns wide: found by the terminal-bytes fuzz target.
    #expect(TextSanitizer.sanitize("\u{302E}gp") == "\\u{302E}gp")
    #expect(TextSanitizer.sanitize(bytes: Array("\u{301}x".utf8)) == "\\u{301}x")
    #expect(TextSanitizer.sanitize("\u{1F3FB}") == "\\u{1F3FB}")
  }

  @Test func aTrailingPrependOrJoinerIsEscaped() {
    #expect(TextSanitizer.sanitize("x\u{D4E}") == "x\\u{D4E}")
    #expect(TextSanitizer.sanitize("🙂\u{200D}") == "🙂\\u{200D}")
  }

  @Test func marksInsideTheTextStay() {
    for text in ["e\u{301}", "café", "写真", "👩\u{200D}👩\u{200D}👧", "🇫🇷", "a\u{302E}"] {
      #expect(TextSanitizer.sanitize(text) == text)
      #expect(TextSanitizer.sanitize(TextSanitizer.sanitize(text)) == text)
    }
  }

  @Test func aLoneRegionalIndicatorIsEscapedAndAFlagStays() {
    #expect(TextSanitizer.sanitize("🇫") == "\\u{1F1EB}")
    #expect(TextSanitizer.sanitize("🇫🇷🇫") == "🇫🇷\\u{1F1EB}")
    // U+1D177 is a format character drawn in no cell: the two would meet on screen. It is
    // escaped itself, as every format character but the joiners is.
    #expect(TextSanitizer.sanitize("a🇫\u{1D177}🇫b") == #"a\u{1F1EB}\u{1D177}\u{1F1EB}b"#)
  }

  @Test func lonesInNeighbouringCellsKeepTheirColumns() {
    var frame = Frame(width: 48, height: 1)
    var x = frame.put("x🇫", x: 0, y: 0)
    x += frame.put("🇫y", x: x, y: 0)
    frame.put("🇫\u{1D177}🇫", x: x, y: 0)
    var writer = ANSIWriter(mode: .truecolor)
    var screen = ScreenModel(width: 48, height: 1)
    screen.apply(writer.update(.fullRedraw(of: frame)))
    #expect(screen.errors.isEmpty)
    #expect(screen.frame.firstDifference(from: frame) == nil)
  }

  @Test func drawnAfterAnotherCellTheTextKeepsItsColumns() {
    var frame = Frame(width: 12, height: 1)
    frame.put("ab", x: 0, y: 0)
    frame.put("\u{302E}gp", x: 2, y: 0)
    var writer = ANSIWriter(mode: .truecolor)
    var screen = ScreenModel(width: 12, height: 1)
    screen.apply(writer.update(.fullRedraw(of: frame)))
    #expect(screen.errors.isEmpty)
    #expect(screen.frame.firstDifference(from: frame) == nil)
  }
}

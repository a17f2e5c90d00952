import Testing

@testable import Curses

/// The crash report repeats the runtime's last line, which can hold a file name: nothing
/// in it may reach the terminal as a control.
@Suite struct CrashReportTests {
  static func shown(_ bytes: [UInt8]) -> String {
    String(decoding: CrashReport.shownLastWords(bytes), as: UTF8.self)
  }

  @Test(arguments: [
    ("C0 and DEL", Array("a\u{1B}]52;c;x\u{07}b\u{7F}".utf8), "a?]52;c;x?b?"),
    ("C1 as UTF-8: CSI, NEL, ST", Array("a\u{9B}2J\u{85}\u{9C}b".utf8), "a?2J??b"),
    (
      "direction controls",
      Array("\u{202E}gpj.exe\u{202C}\u{200E}\u{200F}\u{2066}\u{2069}\u{061C}".utf8),
      "?gpj.exe??????"
    ),
    ("raw C1 bytes", [0x61, 0x9B, 0x32, 0x4A, 0x8D, 0x62], "a?2J?b"),
    (
      "malformed UTF-8", [0xC0, 0xAF, 0xE0, 0x80, 0xAF, 0xED, 0xA0, 0x80, 0xF8, 0xC3], "??????????"
    ),
  ])
  func controlsBecomeQuestionMarks(kind: String, bytes: [UInt8], expected: String) {
    #expect(Self.shown(bytes) == expected, "\(kind)")
  }

  /// A crash the tests forced asks for no bug report; a real one does.
  @Test func aForcedCrashAsksForNoReport() {
    #expect(CrashReport.advice(forced: false).contains("This is a bug in gallery."))
    #expect(CrashReport.advice(forced: true) == "(forced by GALLERY_TEST_TRAP)\n")
  }

  @Test func textAndWellFormedUTF8StayAsTheyAre() {
    let text = "Fatal error: cannot open 'Café — 写真 🎞.jpg' (…)"
    #expect(Self.shown(Array(text.utf8)) == text)
  }
}

import TestSupport
import Testing

@testable import TerminalKit

@Suite struct TextSanitizerTests {
  @Test func controlsAreEscaped() {
    #expect(TextSanitizer.sanitize("a\u{1B}[31mb") == "a^[[31mb")
    #expect(TextSanitizer.sanitize("tab\there\nnew") == "tab^Ihere^Jnew")
    #expect(TextSanitizer.sanitize("del\u{7F}") == "del^?")
    #expect(TextSanitizer.sanitize("c1\u{9B}x") == "c1\\u{9B}x")
    #expect(TextSanitizer.sanitize("rtl\u{202E}gpj.exe") == "rtl\\u{202E}gpj.exe")
  }

  /// The format characters (Cf) a name has no business holding are escaped: the
  /// bidirectional marks, which reorder the text around them on a terminal that does
  /// bidirectional text, and the invisible ones; the joiners that emoji and scripts are
  /// spelt with stay.
  @Test func formatCharactersAreEscapedButJoinersStay() {
    #expect(
      TextSanitizer.sanitize("a\u{200E}b\u{200F}c\u{61C}d") == #"a\u{200E}b\u{200F}c\u{61C}d"#)
    #expect(TextSanitizer.sanitize("a\u{2066}b\u{2069}") == #"a\u{2066}b\u{2069}"#)
    #expect(
      TextSanitizer.sanitize("a\u{200B}b\u{FEFF}c\u{AD}d\u{2060}e")
        == #"a\u{200B}b\u{FEFF}c\u{AD}d\u{2060}e"#)
    #expect(TextSanitizer.sanitize("tag\u{E0041}") == #"tag\u{E0041}"#)
    #expect(
      TextSanitizer.sanitize("family 👨\u{200D}👩\u{200D}👧.jpg") == "family 👨\u{200D}👩\u{200D}👧.jpg")
    #expect(TextSanitizer.sanitize("می\u{200C}خواهم") == "می\u{200C}خواهم")
    #expect(!TextSanitizer.needsEscape("é") && !TextSanitizer.needsEscape("\u{A0}"))
  }

  @Test func cleanTextIsUnchanged() {
    for text in ["photo.jpg", "写真 2024.png", "Café 😀", ""] {
      #expect(TextSanitizer.sanitize(text) == text)
    }
  }

  @Test func invalidUTF8BytesAreShownNotPassed() {
    let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xC3, 0xA9, 0xE2, 0x28, 0x1B, 0xED, 0xA0, 0x80]
    let text = TextSanitizer.sanitize(bytes: bytes)
    #expect(text == "a\\xFFbé\\xE2(^[\\xED\\xA0\\x80")
    #expect(!text.unicodeScalars.contains { TextSanitizer.needsEscape($0) })
  }

  /// A name that is not UTF-8 holds escapes (`PathBytes`): each shows as its byte, in
  /// two capital hex digits, as `ls -b` writes it.
  @Test func theBytesOfANameThatIsNotUTF8ShowAsHex() {
    let name = PathBytes.string(fileSystemBytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
    #expect(TextSanitizer.sanitize(name) == "caf\\xE9.jpg")
    #expect(
      TextSanitizer.sanitize(bytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        == "caf\\xE9.jpg")
    let all = PathBytes.string(fileSystemBytes: [0x80, 0xFF, 0x0A, 0xC3, 0xA9])
    #expect(TextSanitizer.sanitize(all) == "\\x80\\xFF^Jé")
    // A real name holding a reserved scalar shows its four bytes.
    let reserved = PathBytes.string(fileSystemBytes: Array("\u{10FCE9}".utf8))
    #expect(TextSanitizer.sanitize(reserved) == "\\xF4\\x8F\\xB3\\xA9")
    #expect(TextSanitizer.needsEscape("\u{10FC80}") && TextSanitizer.needsEscape("\u{10FCFF}"))
    #expect(!TextSanitizer.needsEscape("\u{10FC7F}") && !TextSanitizer.needsEscape("\u{10FD00}"))
    let shown = TextSanitizer.sanitize(name)
    #expect(TextSanitizer.sanitize(shown) == shown, "sanitising twice changes nothing")
    var frame = Frame(width: 20, height: 1)
    frame.put(name, x: 0, y: 0)
    #expect(frame.text == "caf\\xE9.jpg         ", "a frame sanitises what it is given")
  }

  @Test func nothingEscapableSurvives() {
    var all = ""
    for value in 0..<0x300 {
      if let scalar = Unicode.Scalar(value) { all.unicodeScalars.append(scalar) }
    }
    let clean = TextSanitizer.sanitize(all)
    #expect(!clean.unicodeScalars.contains { TextSanitizer.needsEscape($0) })
    #expect(clean.contains("^@"))
  }

  /// Plane 15's private use characters mark a picture's cells in a frame, and U+10EEEE is
  /// kitty's placeholder: in a name, the writer drew the first as a blank (a Nerd Font
  /// icon at U+F0001 and up would vanish) and kitty would draw the second as an image.
  @Test func whatFramesUseForPicturesIsEscaped() {
    #expect(TextSanitizer.sanitize("icon \u{F0001}.png") == "icon \\u{F0001}.png")
    #expect(TextSanitizer.sanitize("x\u{10EEEE}\u{305}") == "x\\u{10EEEE}\u{305}")
    #expect(TextSanitizer.sanitize("bmp \u{E000}") == "bmp \u{E000}", "the BMP's private use stays")
    var frame = Frame(width: 20, height: 1)
    frame.put(TextSanitizer.sanitize(bytes: [0xF3, 0xB7, 0x90, 0x90]), x: 0, y: 0)
    var writer = ANSIWriter(mode: .truecolor)
    var screen = ScreenModel(width: 20, height: 1)
    screen.apply(writer.update(.fullRedraw(of: frame)))
    #expect(screen.frame.firstDifference(from: frame) == nil)
    #expect(frame.text.hasPrefix("\\u{F7410}"))
  }

  @Test func frameTextIsSanitised() {
    var frame = Frame(width: 10, height: 1)
    frame.put("a\u{1B}b", x: 0, y: 0)
    #expect(frame.text == "a^[b      ")
  }
}

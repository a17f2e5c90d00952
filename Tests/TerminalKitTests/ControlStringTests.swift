import Testing

@testable import TerminalKit

@Suite struct ControlStringTests {
  @Test func clipboardIsOSC52WithBase64EndedByST() {
    let control = ControlString.clipboard("/photos/a b.jpg")
    let text = String(decoding: control.bytes, as: UTF8.self)
    #expect(text == "\u{1B}]52;c;L3Bob3Rvcy9hIGIuanBn\u{1B}\\")
  }

  @Test func base64PadsAsRFC4648Says() {
    func encode(_ text: String) -> String {
      String(decoding: Base64.encode(Array(text.utf8)), as: UTF8.self)
    }
    #expect(encode("") == "")
    #expect(encode("f") == "Zg==")
    #expect(encode("fo") == "Zm8=")
    #expect(encode("foo") == "Zm9v")
    #expect(encode("foobar") == "Zm9vYmFy")
    #expect(encode("写真") == "5YaZ55yf")
  }

  @Test func thePayloadCannotEndTheStringEarly() {
    let hostile = "a\u{1B}\\b\u{7}\u{9C}\n"
    let bytes = ControlString.clipboard(hostile).bytes
    let inside = bytes.dropFirst(2).dropLast(2)
    #expect(inside.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
  }

  @Test func tmuxPassthroughDoublesEveryEscape() {
    let plain = ControlString.clipboard("x")
    let wrapped = String(decoding: plain.passingThroughTmux.bytes, as: UTF8.self)
    #expect(wrapped == "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;eA==\u{1B}\u{1B}\\\u{1B}\\")
  }
}

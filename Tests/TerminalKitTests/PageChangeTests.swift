import TestSupport
import Testing

@testable import TerminalKit

/// A page change in kitty: the new page's pictures travel while the old page still shows,
/// and the screen changes from one page to the other in a short run of bytes.
@Suite struct PageChangeTests {
  /// A grid of `count` pictures 6×3 cells, two rows of them, for the page at `offset`;
  /// image ids from `firstID`.
  static func page(offset: Int, firstID: UInt32) -> Frame {
    var scene = ImageWriterTests.Scene(format: .kitty)
    scene.offset = offset
    for index in 0..<8 {
      let image = ImageWriterTests.image(
        firstID + UInt32(index), .kitty, columns: 6, rows: 3)
      scene.pictures.append((image, 1 + (index % 4) * 7, offset + 2 + (index / 4) * 5))
    }
    return scene.frame()
  }

  /// Cuts `bytes` after each complete escape string (ST), where a terminal could show
  /// what it has: the offsets.
  static func cuts(_ bytes: [UInt8]) -> [Int] {
    var cuts: [Int] = []
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 0x1B && bytes[index + 1] == UInt8(ascii: "\\") { cuts.append(index + 2) }
      index += 1
    }
    return cuts + [bytes.count]
  }

  @Test func theOldPageShowsUntilTheNewPicturesAreStored() {
    let first = Self.page(offset: 0, firstID: 10)
    let second = Self.page(offset: 7, firstID: 40)
    var writer = ANSIWriter(mode: .truecolor)
    var model = ScreenModel(width: 30, height: 14)
    model.apply(writer.update(from: nil, to: first, scrolling: true))
    let bytes = writer.update(from: first, to: second, scrolling: true)
    let before = model
    // While the screen shows few pictures (between the old page's going and the new page's
    // coming), no picture's data is on its way: that is sent before.
    var blankBytes = 0
    var blankSince: Int?
    var sentWhileBlank = false
    for cut in Self.cuts(bytes) {
      var screen = before
      screen.apply(Array(bytes[..<cut]))
      let seen = screen.seen
      let pictures = seen.filter {
        if case .picture = $0 { return true }
        return false
      }.count
      if pictures < 8 * 6 * 3 / 2 {
        blankSince = blankSince ?? cut
      } else if let since = blankSince {
        blankBytes = max(blankBytes, cut - since)
        let window = String(decoding: bytes[since..<cut], as: UTF8.self)
        sentWhileBlank = sentWhileBlank || window.contains("a=t,")
        blankSince = nil
      }
    }
    #expect(blankSince == nil, "the page ends with its pictures")
    #expect(!sentWhileBlank, "\(blankBytes) bytes, picture data among them, with few pictures")
    #expect(String(decoding: bytes, as: UTF8.self).components(separatedBy: "a=t,").count == 9)
    model.apply(bytes)
    #expect(model.errors.isEmpty, "\(model.errors.prefix(3))")
    #expect(model.seen == ImageWriterTests.expected(second))
  }
}

import TestSupport
import Testing

@testable import TerminalKit

/// The mapping between a path's bytes and the text the program carries for it.
@Suite struct PathBytesTests {
  /// The escape of `byte`, as a one-scalar string.
  static func escape(_ byte: UInt8) -> String {
    String(PathBytes.escape(byte))
  }

  /// The scalars of `text`, for comparisons that canonical equivalence cannot blur.
  static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

  @Test func validNamesAreTheirOwnText() {
    for name in ["photo.jpg", "café.jpg", "写真 2024.png", "😀.heic", "a\u{301}.png", ""] {
      let text = PathBytes.string(fileSystemBytes: Array(name.utf8))
      #expect(Self.scalars(text) == Self.scalars(name))
      #expect(PathBytes.fileSystemBytes(text) == Array(name.utf8))
      #expect(!PathBytes.hasEscapes(text))
    }
  }

  @Test func aLatin1NameKeepsItsByte() {
    let bytes = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
    let text = PathBytes.string(fileSystemBytes: bytes)
    #expect(Self.scalars(text) == Self.scalars("caf" + Self.escape(0xE9) + ".jpg"))
    #expect(Self.scalars(text)[3] == 0x10FCE9)
    #expect(PathBytes.fileSystemBytes(text) == bytes)
    #expect(PathBytes.hasEscapes(text))
    #expect(text.hasSuffix(".jpg") && text.hasPrefix("caf"), "the rest stays text")
  }

  @Test func overlongFormsAreBytesNeverTheirScalar() {
    // An overlong slash must never become a slash: it would split the name.
    for bytes: [UInt8] in [
      [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF],
    ] {
      let text = PathBytes.string(fileSystemBytes: bytes)
      #expect(Self.scalars(text) == bytes.map { 0x10FC00 + UInt32($0) }, "\(bytes)")
      #expect(!text.contains("/"))
      #expect(PathBytes.fileSystemBytes(text) == bytes)
    }
  }

  @Test func surrogatesWrittenInUTF8AreBytes() {
    for bytes: [UInt8] in [
      [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xED, 0xA0, 0xBD, 0xED, 0xB8],
    ] {
      let text = PathBytes.string(fileSystemBytes: bytes)
      #expect(Self.scalars(text) == bytes.map { 0x10FC00 + UInt32($0) }, "\(bytes)")
      #expect(PathBytes.fileSystemBytes(text) == bytes)
    }
    // The last scalar before the surrogates is one scalar.
    #expect(Self.scalars(PathBytes.string(fileSystemBytes: [0xED, 0x9F, 0xBF])) == [0xD7FF])
  }

  @Test func truncatedSequencesGiveUpOnlyTheirBytes() {
    // A euro sign cut short, before text and at the very end.
    let cut: [UInt8] = [0xE2, 0x82]
    let before = PathBytes.string(fileSystemBytes: cut + Array("x.jpg".utf8))
    #expect(Self.scalars(before) == [0x10FCE2, 0x10FC82] + Self.scalars("x.jpg"))
    let atEnd = PathBytes.string(fileSystemBytes: Array("a".utf8) + [0xF0, 0x9F, 0x98])
    #expect(Self.scalars(atEnd) == [0x61, 0x10FCF0, 0x10FC9F, 0x10FC98])
    // A lead byte followed by a valid sequence: the lead alone is escaped.
    let joined = PathBytes.string(fileSystemBytes: [0xC3] + Array("é".utf8))
    #expect(Self.scalars(joined) == [0x10FCC3, 0xE9])
    for bytes in [cut + Array("x.jpg".utf8), [0x61, 0xF0, 0x9F, 0x98], [0xC3, 0xC3, 0xA9]] {
      #expect(PathBytes.fileSystemBytes(PathBytes.string(fileSystemBytes: bytes)) == bytes)
    }
  }

  @Test func scalarsPastTheLastAndStrayBytesAreBytes() {
    for bytes: [UInt8] in [
      [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xFE],
    ] {
      let text = PathBytes.string(fileSystemBytes: bytes)
      #expect(Self.scalars(text) == bytes.map { 0x10FC00 + UInt32($0) }, "\(bytes)")
      #expect(PathBytes.fileSystemBytes(text) == bytes)
    }
    #expect(
      Self.scalars(PathBytes.string(fileSystemBytes: [0xF4, 0x8F, 0xBF, 0xBF])) == [0x10FFFF])
  }

  /// A real name may hold one of the reserved scalars, written in UTF-8: its bytes are
  /// escaped one by one, so an escape in the text always stands for a byte, and the name
  /// still goes back to what it was.
  @Test func theReservedScalarsInARealNameAreEscapedByteByByte() {
    let reserved = Array("x\u{10FCE9}.jpg".utf8)
    #expect(Array(reserved[1..<5]) == [0xF4, 0x8F, 0xB3, 0xA9])
    let text = PathBytes.string(fileSystemBytes: reserved)
    #expect(
      Self.scalars(text) == [0x78, 0x10FCF4, 0x10FC8F, 0x10FCB3, 0x10FCA9] + Self.scalars(".jpg"))
    #expect(PathBytes.fileSystemBytes(text) == reserved)
    // Either side of the range: ordinary private-use scalars, kept as they are.
    for outside: Unicode.Scalar in ["\u{10FC7F}", "\u{10FD00}", "\u{10FC00}"] {
      let bytes = Array(String(outside).utf8)
      #expect(Self.scalars(PathBytes.string(fileSystemBytes: bytes)) == [outside.value])
    }
    for edge: Unicode.Scalar in ["\u{10FC80}", "\u{10FCFF}"] {
      let bytes = Array(String(edge).utf8)
      let escaped = PathBytes.string(fileSystemBytes: bytes)
      #expect(Self.scalars(escaped) == bytes.map { 0x10FC00 + UInt32($0) })
      #expect(PathBytes.fileSystemBytes(escaped) == bytes)
    }
  }

  @Test func theWayBackWritesEachEscapeAsItsByte() {
    #expect(
      PathBytes.fileSystemBytes("/p/caf" + Self.escape(0xE9) + ".jpg") == Array("/p/caf".utf8) + [
        0xE9
      ] + Array(".jpg".utf8))
    #expect(PathBytes.fileSystemBytes(Self.escape(0x80) + Self.escape(0xFF)) == [0x80, 0xFF])
    #expect(PathBytes.byte(escapedBy: "\u{10FCE9}") == 0xE9)
    #expect(PathBytes.byte(escapedBy: "\u{10FC7F}") == nil)
    #expect(PathBytes.byte(escapedBy: "é") == nil)
  }

  /// Random byte strings, most of them near UTF-8 (valid sequences, cut ones, stray
  /// continuation bytes, the reserved scalars, slashes): every one goes back to its
  /// bytes, and its text decodes to itself again.
  @Test func randomBytesRoundTrip() {
    var random = SplitMix64(seed: 0x5EED_0F_B17E5)
    let pieces: [[UInt8]] = [
      Array("/".utf8), Array("a".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8),
      Array("\u{10FCE9}".utf8), Array("\u{10FC80}".utf8), Array("\u{10FC7F}".utf8),
      [0xE9], [0x80], [0xBF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xE2, 0x82], [0xF0, 0x9F], [0xFF], [0x00],
    ]
    var seen: [[UInt32]: [UInt8]] = [:]
    for _ in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<random.below(12) {
        if random.chance(30) {
          bytes.append(UInt8(random.below(256)))
        } else if let piece = random.pick(pieces) {
          bytes += piece
        }
      }
      let text = PathBytes.string(fileSystemBytes: bytes)
      #expect(PathBytes.fileSystemBytes(text) == bytes, "\(bytes)")
      let again = PathBytes.string(fileSystemBytes: PathBytes.fileSystemBytes(text))
      #expect(Self.scalars(again) == Self.scalars(text))
      // One to one: two byte strings never share a text.
      let key = Self.scalars(text)
      if let other = seen[key] { #expect(other == bytes, "\(other) and \(bytes) share a text") }
      seen[key] = bytes
    }
  }

}

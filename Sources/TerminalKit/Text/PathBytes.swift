/// The bytes of a file's path, and the text the program carries for them: one lossless
/// mapping, so that every name the system gives (Linux names are bytes, not always
/// UTF-8) is a `String` like any other and goes back to the system byte for byte.
///
/// Bytes are read as UTF-8, strictly (no overlong forms, no surrogates, nothing past
/// U+10FFFF): each well-formed sequence is its scalar. Each byte that is not part of one
/// becomes an *escape*, the private-use scalar U+10FC00 plus the byte (U+10FC80…U+10FCFF:
/// only bytes 0x80…0xFF are ever invalid). A real name holding one of those 128 scalars
/// has each byte of its UTF-8 escaped too, so an escape in the text always stands for a
/// byte. The way back writes an escape as its byte and every other scalar as UTF-8.
/// A name that is valid UTF-8 without a reserved scalar is its own text: nothing changes
/// for it, and `fileSystemBytes(string(fileSystemBytes: b)) == b` for every `b`.
///
/// Why escapes in plane 16's private use area rather than Python's lone surrogates: a
/// Swift `String` cannot hold a lone surrogate, while these are ordinary scalars that
/// survive every `String` operation, JSON and UTF-8 files (the favourites keep them as
/// they are). The screen shows an escape as `\xE9` (`TextSanitizer`).
///
/// Pure: no file is touched. Lives in TerminalKit, the one target the sanitiser, the
/// state (Gallery) and the system's side (SystemSupport) all import. Handing a path to
/// the system (`withFileSystemRepresentation`) and taking a name from it as a C string
/// are SystemSupport's (`PathBytes+System.swift`), beside the system calls they serve.
public enum PathBytes {
  /// The scalar of byte 0x00; an escape is this plus its byte.
  public static let escapeBase: UInt32 = 0x10FC00

  /// The scalars that stand for a byte: those of the bytes 0x80…0xFF.
  public static let escapes: ClosedRange<UInt32> = 0x10FC80...0x10FCFF

  /// The text for `bytes` (a name or a whole path), escapes where they are not UTF-8.
  ///
  /// O(bytes); a name that is valid UTF-8 with no byte 0xF4 (which every reserved
  /// scalar's UTF-8 starts with) is taken as it is.
  public static func string(fileSystemBytes bytes: some Collection<UInt8>) -> String {
    if !bytes.contains(0xF4), let text = String(validating: bytes, as: UTF8.self) {
      return text
    }
    let all = Array(bytes)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < all.count {
      let length = sequenceLength(all, at: index)
      if length > 0, let scalar = decode(all, at: index, length: length),
        !escapes.contains(scalar.value)
      {
        result.append(scalar)
        index += length
      } else {
        // Not UTF-8, or a reserved scalar written in it: escaped byte by byte. A
        // sequence that is not well formed gives up its first byte only; the next
        // starts a sequence of its own, so no byte is ever dropped or joined.
        let count = max(length, 1)
        for byte in all[index..<(index + count)] { result.append(escape(byte)) }
        index += count
      }
    }
    return String(result)
  }

  /// The bytes `path` stands for: escapes as their byte, every other scalar as UTF-8.
  public static func fileSystemBytes(_ path: some StringProtocol) -> [UInt8] {
    guard path.utf8.contains(0xF4) else { return Array(path.utf8) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.utf8.count)
    for scalar in path.unicodeScalars {
      if let byte = byte(escapedBy: scalar) {
        bytes.append(byte)
      } else {
        bytes += Array(String(scalar).utf8)
      }
    }
    return bytes
  }

  /// The byte `scalar` stands for, or nil when it is no escape.
  public static func byte(escapedBy scalar: Unicode.Scalar) -> UInt8? {
    escapes.contains(scalar.value) ? UInt8(scalar.value - escapeBase) : nil
  }

  /// Whether `text` holds an escape: a name that is not UTF-8. O(bytes), without
  /// allocating.
  ///
  /// A `String`, not any `StringProtocol`: the filter asks it of every name at every key,
  /// and a generic function called from another module runs unspecialised, a byte at a
  /// time through witness tables (the filter's key took 3× as long over 10,000 names).
  public static func hasEscapes(_ text: String) -> Bool {
    var text = text
    // Every escape's UTF-8 starts with 0xF4 (plane 16), which few names hold.
    let mayHold = text.withUTF8 { $0.contains(0xF4) }
    return mayHold && text.unicodeScalars.contains { escapes.contains($0.value) }
  }

  /// The escape of `byte`.
  static func escape(_ byte: UInt8) -> Unicode.Scalar {
    // U+10FC00 + a byte is a valid scalar (plane 16, no surrogate); the fallback is never
    // taken.
    Unicode.Scalar(escapeBase + UInt32(byte)) ?? "\u{FFFD}"
  }

  /// The length of the well-formed UTF-8 sequence starting at `index` (Unicode's table
  /// 3-7: the second byte's range rules out overlong forms, surrogates and scalars past
  /// U+10FFFF), or 0 when none starts there.
  static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let length: Int
    let second: ClosedRange<UInt8>
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: return 0
    }
    guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
    return length
  }

  /// The scalar of the well-formed sequence of `length` bytes at `index`.
  private static func decode(_ bytes: [UInt8], at index: Int, length: Int) -> Unicode.Scalar? {
    if length == 1 { return Unicode.Scalar(bytes[index]) }
    let leadBits: [UInt8] = [0, 0, 0x1F, 0x0F, 0x07]
    var value = UInt32(bytes[index] & leadBits[length])
    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    return Unicode.Scalar(value)
  }
}

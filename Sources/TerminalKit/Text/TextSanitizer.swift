/// Makes untrusted text (file names, EXIF fields) safe to draw.
///
/// Control characters would move the cursor or start escape sequences, so they
/// are shown escaped instead: C0 controls and DEL in caret notation (`ESC` → `^[`,
/// DEL → `^?`), C1 controls, bidirectional overrides and the other format characters
/// (`isHiddenFormat`) as `\u{202E}`. Bytes of a name
/// that are not valid UTF-8 (the escapes of `PathBytes`) appear as `\xE9`, two hex
/// digits, as `ls -b` writes them. A mark or joiner that would join the character drawn
/// beside the text is escaped too (see `escapingJoiningEnds`), and so is a regional
/// indicator standing alone, which a terminal joins into a flag with a lone one drawn in
/// the next cell (see `escapingLoneRegionalIndicators`). Nothing else changes.
public enum TextSanitizer {
  /// The text with every control character escaped.
  public static func sanitize(_ text: some StringProtocol) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var clean = true
    for scalar in text.unicodeScalars where needsEscape(scalar) {
      clean = false
      break
    }
    if clean { return escapingJoiningEnds(escapingLoneRegionalIndicators(String(text))) }
    for scalar in text.unicodeScalars {
      append(scalar, to: &result)
    }
    return escapingJoiningEnds(escapingLoneRegionalIndicators(result))
  }

  /// `text` with each regional indicator that is not half of a flag escaped.
  ///
  /// Two lone indicators in neighbouring cells (from two strings, or one string whose
  /// zero-width character between them is not drawn) reach the terminal side by side,
  /// and it shows them as one flag two columns wide: the rest of the line then lands a
  /// column from where the frame has it. Found by the terminal-bytes fuzz target.
  static func escapingLoneRegionalIndicators(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isRegionalIndicator) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      let scalars = character.unicodeScalars
      if let first = scalars.first, isRegionalIndicator(first),
        scalars.dropFirst().first.map(isRegionalIndicator) != true
      {
        result += forcedEscape(first)
        result.unicodeScalars.append(contentsOf: scalars.dropFirst())
      } else {
        result.append(character)
      }
    }
    return result
  }

  static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// Decodes bytes as a name is decoded (`PathBytes`), then escapes as `sanitize(_:)`
  /// does: each byte that is not part of valid UTF-8 shows as `\xFF`, never dropped or
  /// passed raw. File names on Linux are bytes, not always UTF-8.
  public static func sanitize(bytes: some Sequence<UInt8>) -> String {
    sanitize(PathBytes.string(fileSystemBytes: Array(bytes)))
  }

  /// `text` with the scalars at its ends escaped that would join a character drawn
  /// beside it: a combining or spacing mark (or a joiner) first, with no base of its
  /// own, and a prepended mark (or a joiner after an emoji) last.
  ///
  /// The text is drawn in cells next to others', and a terminal that joins such a mark
  /// to the neighbouring cell's character puts the two in one cell: what follows on the
  /// line then lands a column or two from where the frame has it. The test is Swift's own
  /// grapheme breaking against an emoji, which every mark and joiner attaches to.
  static func escapingJoiningEnds(_ text: String) -> String {
    var result = text
    while let scalar = result.unicodeScalars.first, !scalar.isASCII,
      let first = result.first, ("🙂" + String(first)).count == 1
    {
      result = forcedEscape(scalar) + String(result.unicodeScalars.dropFirst())
    }
    while let scalar = result.unicodeScalars.last, !scalar.isASCII,
      let last = result.last, (String(last) + "🙂").count == 1
    {
      result = String(result.unicodeScalars.dropLast()) + forcedEscape(scalar)
    }
    return result
  }

  /// `\u{…}` for any scalar.
  static func forcedEscape(_ scalar: Unicode.Scalar) -> String {
    "\\u{" + hex(scalar.value, digits: 2) + "}"
  }

  /// Whether the scalar must be escaped before it reaches a terminal: controls, the
  /// bidirectional overrides and line separators, and what the frames themselves use to
  /// stand for pictures (plane 15's private use characters, which the writers draw as a
  /// picture or a blank, and kitty's placeholder U+10EEEE, which kitty draws as part of an
  /// image; found by fuzzing names to the screen), and the bytes of names that are not
  /// UTF-8 (`PathBytes.escapes`).
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0xAD { return value < 0x20 || (0x7F...0x9F).contains(value) }
    return value == 0x2028 || value == 0x2029 || isHiddenFormat(scalar)
      || Cell.imageMarkerScalars.contains(value) || value == KittyPlaceholder.character.value
      || PathBytes.escapes.contains(value)
  }

  /// Whether `scalar` is a format character (general category Cf) that a name has no
  /// business holding: the bidirectional overrides, isolates and marks (U+202A–U+202E,
  /// U+2066–U+2069, U+200E, U+200F, U+061C), which turn the text around it; the invisible
  /// ones (U+200B, U+2060, U+FEFF, the soft hyphen, the tags), which hide what it says;
  /// and the rest of Cf. The joiners U+200C and U+200D stay: emoji sequences and the
  /// words of several scripts are spelt with them (a joiner at an end is escaped by
  /// `escapingJoiningEnds`).
  public static func isHiddenFormat(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.value != 0x200C, scalar.value != 0x200D else { return false }
    return scalar.properties.generalCategory == .format
  }

  static func append(_ scalar: Unicode.Scalar, to result: inout String) {
    let value = scalar.value
    if value < 0x20 {
      result += "^"
      result.unicodeScalars.append(Unicode.Scalar(UInt8(value + 0x40)))
    } else if value == 0x7F {
      result += "^?"
    } else if let byte = PathBytes.byte(escapedBy: scalar) {
      result += "\\x" + hex(UInt32(byte), digits: 2)
    } else if needsEscape(scalar) {
      result += forcedEscape(scalar)
    } else {
      result.unicodeScalars.append(scalar)
    }
  }

  static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}

/// Display width: how many terminal columns a character occupies.
///
/// The rules follow `wcwidth` as terminals implement it: control characters and
/// combining marks take no columns, East Asian wide and fullwidth characters and
/// emoji shown as pictures take two, everything else one. Tables are sorted ranges
/// searched by bisection, so a lookup is O(log n) in the table size.
public enum DisplayWidth {
  /// The columns one Unicode scalar takes: 0, 1 or 2.
  ///
  /// Controls (C0, DEL, C1) count as 0 here; sanitise text before drawing it so
  /// that they never reach the terminal.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
    if value < 0x300 { return 1 }
    if isZeroWidth(value) { return 0 }
    if contains(wideRanges, value) { return 2 }
    return 1
  }

  /// The columns one grapheme cluster takes: the width of its base scalar, or 2
  /// when an emoji presentation selector (U+FE0F) or a regional-indicator pair
  /// asks for a picture.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.isASCII { return of(first) }
    var base = of(first)
    var count = 0
    for scalar in scalars {
      count += 1
      if base == 0 && count > 1 { base = of(scalar) }
      if scalar.value == 0xFE0F, base == 1, first.properties.isEmoji { return 2 }
    }
    if count > 1, (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
    return base
  }

  /// The columns a string takes when drawn in one line.
  public static func of(_ string: some StringProtocol) -> Int {
    var total = 0
    for character in string { total += of(character) }
    return total
  }

  static func isZeroWidth(_ value: UInt32) -> Bool {
    if value == 0x200B || value == 0x200C || value == 0x200D || value == 0x2060
      || value == 0xFEFF || (0xFE00...0xFE0F).contains(value)
      || (0xE0100...0xE01EF).contains(value) || (0x1160...0x11FF).contains(value)
    {
      return true
    }
    guard let scalar = Unicode.Scalar(value) else { return false }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return false
    }
  }

  static func contains(_ table: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = table.count - 1
    while low <= high {
      let mid = (low + high) / 2
      let range = table[mid]
      if value < range.lowerBound {
        high = mid - 1
      } else if value > range.upperBound {
        low = mid + 1
      } else {
        return true
      }
    }
    return false
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges, and emoji with default emoji
  /// presentation, from Unicode 15 `EastAsianWidth.txt`, merged and sorted.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
    0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
    0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
    0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
    0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
    0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF,
    0x1AFF0...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
    0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
    0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335,
    0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
    0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440,
    0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567,
    0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F,
    0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7,
    0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB,
    0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF,
    0x1FA70...0x1FA7C, 0x1FA80...0x1FA88, 0x1FA90...0x1FABD, 0x1FABF...0x1FAC5,
    0x1FACE...0x1FADB, 0x1FAE0...0x1FAE8, 0x1FAF0...0x1FAF8, 0x20000...0x2FFFD,
    0x30000...0x3FFFD,
  ]
}

extension StringProtocol {
  /// The columns this string takes on a terminal; see `DisplayWidth`.
  public var displayWidth: Int { DisplayWidth.of(self) }
}

extension Character {
  /// The columns this character takes on a terminal: 0, 1 or 2.
  public var displayWidth: Int { DisplayWidth.of(self) }
}

/// The numbers a query's values are written in: `3200`, `2.8`, `1/500`, `2s`, `35mm`.
///
/// Strict: digits with at most one decimal point, so `1e3`, `inf`, `0x10` or a sign are
/// malformed values rather than numbers no camera writes.
enum QueryNumber {
  /// A whole number (`3200`); nil for anything else or one too large.
  static func whole(_ text: Substring) -> Double? {
    guard !text.isEmpty, text.count <= 12, text.allSatisfy(\.isASCIIDigit) else { return nil }
    return Double(text)
  }

  /// A decimal number (`2.8`, `.5`, `11`), optionally followed by `unit` (`35mm`).
  static func decimal(_ text: Substring, unit: String = "") -> Double? {
    var text = text
    if !unit.isEmpty, text.lowercased().hasSuffix(unit) { text = text.dropLast(unit.count) }
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard !text.isEmpty, text != ".", text.count <= 24,
      parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) })
    else { return nil }
    return Double(text.hasPrefix(".") ? "0" + text : String(text))
  }

  /// An exposure time in seconds: a fraction (`1/500`), a decimal (`0.5`), either with
  /// an `s` after it (`2s`); nil for anything else or a fraction over nought.
  static func seconds(_ text: Substring) -> Double? {
    var text = text
    if text.last == "s" || text.last == "S" { text = text.dropLast() }
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    if parts.count == 2 {
      guard let numerator = decimal(parts[0]), let denominator = decimal(parts[1]),
        denominator > 0
      else { return nil }
      return numerator / denominator
    }
    return decimal(text)
  }
}

extension Character {
  /// Whether it is one of `0`…`9` (not another script's digit, which `Int` refuses).
  var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Numbers written as `printf` writes them in the C locale (`%04d`, `%.1f`, `%02X`), in
/// plain Swift: `String(format:)` is Foundation's, not FoundationEssentials', and the C
/// library's `printf` writes a decimal comma where the locale (`LC_NUMERIC`) has one.
package enum NumberText {
  /// `value` in decimal, zero-padded to `width`: `%0*d` (`7` at 2 is `07`; a sign counts
  /// in the width, as printf counts it: `-7` at 3 is `-07`).
  package static func padded(_ value: some BinaryInteger, width: Int) -> String {
    pad(String(value.magnitude), width: width - (value < 0 ? 1 : 0), negative: value < 0)
  }

  /// `value` in hexadecimal, zero-padded to `width` digits: `%0*X` or `%0*x`.
  package static func hex(_ value: some BinaryInteger, width: Int, uppercase: Bool = true)
    -> String
  {
    pad(String(value.magnitude, radix: 16, uppercase: uppercase), width: width, negative: value < 0)
  }

  /// `value` with `places` decimals, rounded as `printf`'s `%.*f` rounds: to the nearest,
  /// a tie to the even digit, the tie judged on the exact binary value (`0.15` is a little
  /// less than a half-tenth, so `0.1`). `-0.04` at one place is `-0.0`, as printf writes it.
  package static func fixed(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
    let places = max(0, min(places, 17))
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let magnitude = abs(value)
    // The product and its rounding error, exactly (`magnitude × scale` = high + low).
    let high = magnitude * scale
    let low = (-high).addingProduct(magnitude, scale)
    var rounded = high.rounded(.toNearestOrEven)
    if abs(high - rounded) == 0.5 {
      if low > 0 { rounded = high.rounded(.up) } else if low < 0 { rounded = high.rounded(.down) }
    }
    guard rounded < 9e18 else { return (value.sign == .minus ? "-" : "") + String(magnitude) }
    var digits = String(UInt64(rounded))
    if digits.count <= places {
      digits = String(repeating: "0", count: places + 1 - digits.count) + digits
    }
    let sign = value.sign == .minus ? "-" : ""
    guard places > 0 else { return sign + digits }
    let point = digits.index(digits.endIndex, offsetBy: -places)
    return sign + digits[..<point] + "." + digits[point...]
  }

  private static func pad(_ digits: String, width: Int, negative: Bool) -> String {
    let zeros = String(repeating: "0", count: max(0, width - digits.count))
    return (negative ? "-" : "") + zeros + digits
  }
}

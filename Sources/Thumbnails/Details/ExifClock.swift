/// EXIF's times as numbers, by integer arithmetic (no calendar per file): a date taken
/// (`2024:05:01 12:30:00`) as seconds of its wall clock, an offset (`+09:00`) as seconds.
enum ExifClock {
  /// `2024:05:01 12:30:00` (EXIF's form; dashes and a `T` taken too, as `ExifDate` takes
  /// them) as seconds from 1970-01-01 00:00:00 of the same clock; nil for anything else,
  /// such as the `0000:00:00 00:00:00` some cameras write. A day past its month's end
  /// runs on into the next month, as the calendar reads it.
  static func wallClock(_ text: String) -> Int64? {
    var fields: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
    var count = 0
    var current = -1
    func store(_ value: Int) {
      switch count {
      case 0: fields.0 = value
      case 1: fields.1 = value
      case 2: fields.2 = value
      case 3: fields.3 = value
      case 4: fields.4 = value
      case 5: fields.5 = value
      default: break
      }
      count += 1
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard current < 100_000_000 else { return nil }
        current = max(current, 0) * 10 + Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "T"):
        if current >= 0 { store(current) }
        current = -1
      default:
        return nil  // as `ExifDate`: every field a number
      }
    }
    if current >= 0 { store(current) }
    let (year, month, day, hour, minute, second) = fields
    guard count >= 6, (1...9999).contains(year), (1...12).contains(month),
      (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
      (0...60).contains(second)
    else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
  }

  /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (H. Hinnant's
  /// `days_from_civil`); a day past the month's end counts on.
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// `+09:00`, `-05:30` (EXIF 2.31's `OffsetTime`; `+0900` too) as seconds east of UTC;
  /// nil for anything else (the blank `   :  ` some cameras write).
  static func offset(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
      return nil
    }
    let digits = bytes.dropFirst().filter { $0 != UInt8(ascii: ":") }
    guard digits.count == 4, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    let values = digits.map { Int($0 - 0x30) }
    let hours = values[0] * 10 + values[1]
    let minutes = values[2] * 10 + values[3]
    guard hours <= 14, minutes < 60 else { return nil }
    let seconds = hours * 3600 + minutes * 60
    return sign == UInt8(ascii: "-") ? -seconds : seconds
  }
}

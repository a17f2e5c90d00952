import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// A moment written as EXIF writes a date taken, `2024:05:01 12:00:00`: the wall clock of
/// the local time zone, which EXIF leaves unnamed (what LibRaw and a video's container
/// give as seconds since 1970 goes back to the text the other formats carry).
enum LocalExifDate {
  /// `seconds` since 1970 in the local time zone as EXIF text; nil for none (0 or less).
  static func text(secondsSince1970 seconds: Int64) -> String? {
    guard seconds > 0 else { return nil }
    var time = time_t(seconds)
    var fields = tm()
    guard localtime_r(&time, &fields) != nil else { return nil }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(fields.tm_year + 1900):\(two(fields.tm_mon + 1)):\(two(fields.tm_mday)) "
      + "\(two(fields.tm_hour)):\(two(fields.tm_min)):\(two(fields.tm_sec))"
  }

  /// An ISO 8601 moment in UTC (a container's `creation_time`,
  /// `2024-05-01T12:34:56.000000Z`) as EXIF text in the local time zone; nil when it
  /// cannot be read.
  static func text(iso8601UTC text: String?) -> String? {
    seconds(iso8601UTC: text).flatMap { Self.text(secondsSince1970: $0) }
  }

  /// Seconds since 1970 of an ISO 8601 moment in UTC (its first six numbers: date and
  /// time; a fraction and the zone letter ignored); nil when it cannot be read.
  static func seconds(iso8601UTC text: String?) -> Int64? {
    guard let text else { return nil }
    let digits = text.split(whereSeparator: { !$0.isNumber }).prefix(6).compactMap { Int($0) }
    guard digits.count == 6, digits[0] > 1970 else { return nil }
    var fields = tm()
    fields.tm_year = Int32(digits[0] - 1900)
    fields.tm_mon = Int32(digits[1] - 1)
    fields.tm_mday = Int32(digits[2])
    fields.tm_hour = Int32(digits[3])
    fields.tm_min = Int32(digits[4])
    fields.tm_sec = Int32(digits[5])
    let seconds = Int64(timegm(&fields))
    return seconds > 0 ? seconds : nil
  }
}

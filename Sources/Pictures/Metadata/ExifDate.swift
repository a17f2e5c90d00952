import FoundationEssentials

/// The dates EXIF writes (`DateTimeOriginal`, `DateTime`), read as dates. Pure: the text
/// comes from a file's header (`ImageDecoder.dateTaken`) or a picture's metadata.
package enum ExifDate {
  /// `2024:05:01 12:30:00` (EXIF's form; dashes taken too) as a date in `timeZone`; nil
  /// for anything else, such as the `0000:00:00 00:00:00` some cameras write.
  package static func date(_ text: String, timeZone: LocalTimeZone) -> Date? {
    let fields = text.split(whereSeparator: { ":- T".contains($0) }).map { Int($0) }
    guard fields.count >= 6, fields.allSatisfy({ $0 != nil }) else { return nil }
    let values = fields.compactMap { $0 }
    guard (1...9999).contains(values[0]), (1...12).contains(values[1]),
      (1...31).contains(values[2]), (0...23).contains(values[3]), (0...59).contains(values[4]),
      (0...60).contains(values[5])
    else { return nil }
    // The wall clock as a time of UTC (Gregorian arithmetic, which FoundationEssentials
    // has), then read in the zone.
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let wallClock = calendar.date(
      from: DateComponents(
        year: values[0], month: values[1], day: values[2], hour: values[3], minute: values[4],
        second: values[5]))
    return wallClock.map {
      TakenTime(wallClock: Int64($0.timeIntervalSince1970)).date(readingWallClockIn: timeZone)
    }
  }
}

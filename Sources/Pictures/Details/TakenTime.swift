import FoundationEssentials

/// When a picture was taken, as its file says: the wall-clock time of the camera, and
/// the zone when the file gives one.
///
/// EXIF's `DateTimeOriginal` is a clock's reading with no zone; `OffsetTimeOriginal`
/// (EXIF 2.31) adds its offset from UTC, and a video's container keeps a moment in UTC.
/// The day a picture belongs on is the day its camera's clock showed, so the wall clock is
/// kept as it was written and a zone applied only when asked.
package struct TakenTime: Hashable, Sendable {
  /// The clock's reading, as seconds from 1970-01-01 00:00:00 of that same clock (no
  /// zone applied): `2024:08:03 14:30:00` is 1,722,695,400 whatever the zone.
  package var wallClock: Int64
  /// The clock's offset from UTC in seconds east (`+09:00` is 32,400), when the file
  /// says; nil when it does not.
  package var utcOffset: Int?

  package init(wallClock: Int64, utcOffset: Int? = nil) {
    self.wallClock = wallClock
    self.utcOffset = utcOffset
  }

  /// A moment in UTC (a video's creation time): its wall clock is UTC's.
  package init(utcMoment seconds: Int64) {
    self.init(wallClock: seconds, utcOffset: 0)
  }

  /// The moment it was taken: the wall clock less its offset, or, with no offset
  /// known, the wall clock read as a time of `zone` (EXIF's own rule: local time).
  package func date(readingWallClockIn zone: LocalTimeZone) -> Date {
    if let utcOffset {
      return Date(timeIntervalSince1970: TimeInterval(wallClock - Int64(utcOffset)))
    }
    let guess = Date(timeIntervalSince1970: TimeInterval(wallClock))
    // The zone's offset at the wall clock read as UTC, then corrected once: right but for
    // the hour a clock change repeats or skips.
    let first = zone.secondsEastOfUTC(for: guess)
    let corrected = zone.secondsEastOfUTC(for: guess.addingTimeInterval(-TimeInterval(first)))
    return guess.addingTimeInterval(-TimeInterval(corrected))
  }
}

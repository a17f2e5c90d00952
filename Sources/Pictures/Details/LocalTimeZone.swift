import FoundationEssentials

/// The time zone a picture's clock is read in and its day found: the offset from UTC at
/// each moment, as a rule the runtime gives (the C library's `localtime_r`, which honours
/// `TZ`), or a fixed one.
///
/// Not Foundation's `TimeZone`: without FoundationInternationalization (and its ICU, which
/// the gallery does not load at start) that knows GMT alone. The offset is asked per
/// moment, so the days around a change of the clocks (summer time) are each read with
/// their own. Two zones are equal when their names are: the runtime names its rule by
/// `TZ` (or the system's zone file), so the same setting gives an equal zone.
package struct LocalTimeZone: Hashable, Sendable, CustomStringConvertible {
  /// What the zone is called: `TZ`'s value, `localtime` (the system's), `UTC+09:00`.
  package let name: String
  private let offset: @Sendable (_ secondsSince1970: Int64) -> Int

  /// A zone named `name` whose offset from UTC, in seconds east, at a moment (seconds
  /// since 1970 in UTC) is `secondsEastOfUTC`'s answer.
  package init(
    name: String, secondsEastOfUTC: @escaping @Sendable (_ secondsSince1970: Int64) -> Int
  ) {
    self.name = name
    self.offset = secondsEastOfUTC
  }

  /// A zone always `seconds` east of UTC (`32_400` is Tokyo's `+09:00`).
  package init(fixedSecondsEastOfUTC seconds: Int) {
    let minutes = abs(seconds) / 60
    let hours = minutes / 60 < 10 ? "0\(minutes / 60)" : "\(minutes / 60)"
    let rest = minutes % 60 < 10 ? "0\(minutes % 60)" : "\(minutes % 60)"
    self.init(
      name: seconds == 0 ? "UTC" : "UTC\(seconds < 0 ? "-" : "+")\(hours):\(rest)",
      secondsEastOfUTC: { _ in seconds })
  }

  /// UTC itself: what a pure target reads in until the runtime gives the machine's zone.
  package static let utc = LocalTimeZone(fixedSecondsEastOfUTC: 0)

  /// The offset from UTC in seconds east at `secondsSince1970`.
  package func secondsEastOfUTC(at secondsSince1970: Int64) -> Int {
    offset(secondsSince1970)
  }

  /// The offset from UTC in seconds east at `date` (its whole second, rounded down).
  package func secondsEastOfUTC(for date: Date) -> Int {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    guard seconds.isFinite, abs(seconds) < 1e15 else { return offset(0) }
    return offset(Int64(seconds))
  }

  package var description: String { name }

  package static func == (lhs: LocalTimeZone, rhs: LocalTimeZone) -> Bool {
    lhs.name == rhs.name
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

import FoundationEssentials
import Pictures

/// What the pictures' files said of when they were taken: the dates read, the files
/// read that carry none, and the day each date falls on in the time zone. Derived from
/// the pictures' details by `LibraryDetails`, its one keeper.
///
/// Its rules: a path is dated or undated, never both; a date's day follows the date and
/// the time zone, so a new zone puts every date on its day again. The zone is a value the
/// configuration gives (UTC until then): a pure target never reads the machine's.
package struct TakenDates: Sendable {
  /// When each picture was taken, by path.
  package private(set) var dates: [String: Date] = [:]
  /// The pictures whose files were read and carry no date: the timeline's last section
  /// keeps them for good, where those not yet read wait for theirs.
  package private(set) var undated: Set<String> = []
  /// The time zone a moment is put on a day in (a camera's EXIF date was read as a time
  /// of this zone, so it lands on the day the camera said).
  package private(set) var timeZone = LocalTimeZone.utc
  /// The day of each picture in `dates`, in `timeZone`. Derived as dates arrive.
  private(set) var days: [String: CalendarDay] = [:]

  /// The files answered for, dated or not.
  var count: Int { dates.count + undated.count }

  /// Whether the file at `path` has been read for its date (it has one, or none).
  func isRead(_ path: String) -> Bool { dates[path] != nil || undated.contains(path) }

  /// Puts every date on its day in `zone`.
  mutating func setTimeZone(_ zone: LocalTimeZone) {
    timeZone = zone
    days = [:]
    noteDays(of: Array(dates.keys))
  }

  /// Takes the dates of files read, and the files read that carry none.
  mutating func note(dates read: [String: Date], undated readUndated: [String]) {
    dates.merge(read) { _, new in new }
    undated.formUnion(readUndated)
    for path in read.keys { undated.remove(path) }
    for path in readUndated where read[path] == nil {
      dates[path] = nil
      days[path] = nil
    }
    noteDays(of: Array(read.keys))
  }

  /// Forgets what was read of the files at `paths` (rewritten: they are read again).
  mutating func forget(_ paths: [String]) {
    for path in paths {
      dates[path] = nil
      days[path] = nil
      undated.remove(path)
    }
  }

  /// Keeps what was read of the files `holds` keeps, forgets the rest.
  mutating func keepOnly(_ holds: (String) -> Bool) {
    dates = dates.filter { holds($0.key) }
    days = days.filter { holds($0.key) }
    undated = undated.filter(holds)
  }

  /// Notes the day of each of `paths`' dates in the time zone. The offset of each hour
  /// is asked once: a zone's rules are slow to consult 100,000 times.
  private mutating func noteDays(of paths: [String]) {
    var offsets: [Int: Int] = [:]
    for path in paths {
      guard let date = dates[path] else { continue }
      let hour = Int((date.timeIntervalSince1970 / 3600).rounded(.down))
      let offset =
        offsets[hour]
        ?? {
          let found = timeZone.secondsEastOfUTC(for: date)
          offsets[hour] = found
          return found
        }()
      days[path] = CalendarDay(date, offsetSeconds: offset)
    }
  }
}

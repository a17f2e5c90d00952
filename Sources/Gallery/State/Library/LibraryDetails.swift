import FoundationEssentials
import Pictures

/// What the library index and the files' heads said of each picture (`PictureDetails`),
/// by path, and when each was taken, derived from them (`TakenDates`).
///
/// Its rules: a path has details once its file was read, whatever it said; a file read
/// that gives no time is undated, for good (the timeline's last section keeps it), where
/// one not read yet waits. A date is the details' `taken` read in the time zone
/// (`TakenTime.date(readingWallClockIn:)`: a wall clock without an offset is a time of
/// the zone), so a new zone derives every date again. A rewritten file's details are
/// forgotten (`forget`: it is read again), and only the files the library or the
/// favourites still hold are kept (`keepOnly`). A batch replaces what was known of its
/// files.
package struct LibraryDetails: Sendable {
  /// The details of each file read, by path.
  package private(set) var byPath: [String: PictureDetails] = [:]
  /// When each picture was taken, derived from `byPath` in the time zone.
  package private(set) var taken = TakenDates()

  /// Nothing read yet, in UTC.
  package init() {}

  /// The files read.
  var count: Int { byPath.count }

  /// Whether the file at `path` has been read (it may have said nothing).
  func isRead(_ path: String) -> Bool { byPath[path] != nil }

  /// What the file at `path` said, nil while it is not read.
  package func details(for path: String) -> PictureDetails? { byPath[path] }

  /// Reads every wall clock without an offset in `zone`, and puts each date on its day
  /// there.
  mutating func setTimeZone(_ zone: LocalTimeZone) {
    taken = TakenDates()
    taken.setTimeZone(zone)
    noteDates(of: Array(byPath.keys))
  }

  /// Takes a batch read.
  ///
  /// - Returns: whether a date came or went (a batch of files without one moves nothing
  ///   in an order by date).
  ///
  /// O(batch).
  mutating func note(_ batch: PictureDetailsBatch) -> Bool {
    let paths = Array(batch.details.keys)
    let hadDate = paths.contains { taken.dates[$0] != nil }
    byPath.merge(batch.details) { _, new in new }
    taken.forget(paths)
    noteDates(of: paths)
    return hadDate || paths.contains { taken.dates[$0] != nil }
  }

  /// Forgets what was read of the files at `paths` (rewritten: they are read again).
  mutating func forget(_ paths: [String]) {
    for path in paths { byPath[path] = nil }
    taken.forget(paths)
  }

  /// Keeps what was read of the files `holds` keeps, forgets the rest.
  mutating func keepOnly(_ holds: (String) -> Bool) {
    byPath = byPath.filter { holds($0.key) }
    taken.keepOnly(holds)
  }

  /// Derives the dates of `paths`' details. A zone's rules are slow to consult for
  /// 100,000 pictures: its offset is asked once for each quarter of an hour of wall clock
  /// (zones move their clocks at quarter hours, by quarter hours, so the answer is the
  /// same for every time in one).
  private mutating func noteDates(of paths: [String]) {
    let zone = taken.timeZone
    var offsets: [Int64: Int64] = [:]
    var dates: [String: Date] = [:]
    var undated: [String] = []
    for path in paths {
      guard let details = byPath[path] else { continue }
      guard let time = details.taken else {
        undated.append(path)
        continue
      }
      if time.utcOffset != nil {
        dates[path] = time.date(readingWallClockIn: zone)
        continue
      }
      let quarter = time.wallClock.dividedRoundingDown(by: 900)
      let offset =
        offsets[quarter]
        ?? {
          let start = quarter * 900
          let moment = TakenTime(wallClock: start).date(readingWallClockIn: zone)
          let found = start - Int64(moment.timeIntervalSince1970.rounded())
          offsets[quarter] = found
          return found
        }()
      dates[path] = Date(timeIntervalSince1970: TimeInterval(time.wallClock - offset))
    }
    taken.note(dates: dates, undated: undated)
  }
}

extension Int64 {
  /// The quotient rounded toward minus infinity: `-1` by 900 is `-1`, not `0`.
  fileprivate func dividedRoundingDown(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}

import Foundation
import Gallery
import Pictures

/// A stand-in reader of pictures' details until the library index's reader is in: the
/// reader of dates taken (`DateTakenReader`, with its cache of dates), each date handed
/// on as details that know only when the picture was taken. Delete it, and the dates'
/// reader with it, once the index's reader answers `PictureDetailsReading`.
///
/// A date read is a moment; the details keep the camera's clock, so it is turned back
/// into the wall clock of the zone it was read in, with that zone's offset then: the
/// state finds the very moment again whatever its own zone, so the timeline and the
/// order are as they were with dates (the detail view shows the offset the reader
/// assumed, where the index's reader will show the file's own).
package struct DatesAsDetails: PictureDetailsReading {
  /// The reader of dates.
  package let dates: DateTakenReader
  /// The zone `dates` reads wall clocks in.
  package let timeZone: TimeZone

  package init(dates: DateTakenReader, timeZone: TimeZone) {
    self.dates = dates
    self.timeZone = timeZone
  }

  package func read(
    _ stamps: [FileStamp], deliver: @escaping @Sendable (PictureDetailsBatch) -> Void
  ) {
    let timeZone = self.timeZone
    dates.read(stamps) { deliver(Self.details(of: $0, in: timeZone)) }
  }

  /// The details of `stamps`' files, waiting for them (`DateTakenReader.readAll`): for
  /// `--print`.
  package func readAll(_ stamps: [FileStamp]) -> PictureDetailsBatch {
    Self.details(of: dates.readAll(stamps), in: timeZone)
  }

  package func stop() { dates.stop() }

  /// `taken` as details: a date's wall clock and offset in `zone`, an undated file's
  /// details empty.
  static func details(of taken: DatesTaken, in zone: TimeZone) -> PictureDetailsBatch {
    var details: [String: PictureDetails] = [:]
    details.reserveCapacity(taken.count)
    for path in taken.undated { details[path] = PictureDetails() }
    // The zone's offset is asked once a quarter of an hour: it moves at quarter hours.
    var offsets: [Int64: Int] = [:]
    for (path, date) in taken.dates {
      let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
      let quarter = seconds >= 0 ? seconds / 900 : (seconds - 899) / 900
      let offset =
        offsets[quarter]
        ?? {
          let found = zone.secondsFromGMT(for: date)
          offsets[quarter] = found
          return found
        }()
      details[path] = PictureDetails(
        taken: TakenTime(wallClock: seconds + Int64(offset), utcOffset: offset))
    }
    return PictureDetailsBatch(details)
  }
}

import Foundation
import Pictures
import Testing

/// EXIF's dates read as dates (from the head of a file: `DateTakenTests`).
@Suite struct ExifDateTests {
  @Test func exifDatesParseStrictly() throws {
    let utc = LocalTimeZone.utc
    #expect(
      ExifDate.date("2024:05:01 12:30:00", timeZone: utc)
        == Date(timeIntervalSince1970: 1_714_566_600))
    #expect(ExifDate.date("2024-05-01 12:30:00", timeZone: utc) != nil)
    for bad in ["0000:00:00 00:00:00", "2024:13:01 00:00:00", "2024:05:01", "soon", ""] {
      #expect(ExifDate.date(bad, timeZone: utc) == nil, "\(bad)")
    }
  }
}

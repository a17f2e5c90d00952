import Foundation
import Pictures
import Testing

/// The zone a camera's clock is read in: its offset asked per moment, so the days around
/// a change of the clocks are each read with their own.
@Suite struct LocalTimeZoneTests {
  /// Berlin in 2026 as a known rule: summer time (+02:00) from 29 March 01:00 UTC to
  /// 25 October 01:00 UTC, else +01:00.
  static let berlin2026 = LocalTimeZone(name: "Berlin 2026") { seconds in
    (1_774_746_000..<1_792_890_000).contains(seconds) ? 7200 : 3600
  }

  @Test func aWallClockIsReadWithTheOffsetOfItsOwnMoment() {
    func moment(_ exif: String) -> Date? { ExifDate.date(exif, timeZone: Self.berlin2026) }
    // Winter: 12:00 in Berlin is 11:00 UTC; summer: 10:00 UTC.
    #expect(moment("2026:03:28 12:00:00") == Date(timeIntervalSince1970: 1_774_695_600))
    #expect(moment("2026:03:30 12:00:00") == Date(timeIntervalSince1970: 1_774_864_800))
    // The first hour of summer time, either side of the change at 02:00 local.
    #expect(moment("2026:03:29 01:30:00") == Date(timeIntervalSince1970: 1_774_744_200))
    #expect(moment("2026:03:29 03:30:00") == Date(timeIntervalSince1970: 1_774_747_800))
    #expect(moment("2026:10:26 12:00:00") == Date(timeIntervalSince1970: 1_793_012_400))
  }

  @Test func anOffsetTheFileGivesWinsOverTheZone() {
    let taken = TakenTime(wallClock: 1_774_868_400, utcOffset: 9 * 3600)
    #expect(
      taken.date(readingWallClockIn: Self.berlin2026)
        == Date(timeIntervalSince1970: 1_774_868_400 - 9 * 3600))
  }

  @Test func zonesAreEqualByTheirNames() {
    #expect(LocalTimeZone.utc == LocalTimeZone(fixedSecondsEastOfUTC: 0))
    #expect(LocalTimeZone(fixedSecondsEastOfUTC: 9 * 3600).name == "UTC+09:00")
    #expect(LocalTimeZone(fixedSecondsEastOfUTC: -(4 * 3600 + 1800)).name == "UTC-04:30")
    #expect(Self.berlin2026 != .utc)
    #expect(Self.berlin2026.secondsEastOfUTC(at: 1_774_746_000) == 7200)
    #expect(Self.berlin2026.secondsEastOfUTC(at: 1_774_745_999) == 3600)
  }
}

import Foundation
import GalleryRuntime
import Pictures
import Testing

/// The machine's zone as the C library reads it, against Foundation's reading of the
/// same zone (the test process keeps Foundation; the gallery does not load it).
@Suite struct LocalTimeZoneSystemTests {
  @Test func theCLibrarysOffsetsAreFoundationsForEveryMonthOfTwoCenturies() {
    let zone = LocalTimeZone.system()
    let foundation = TimeZone.current
    // Every fortnight from 1950 to 2100: each change of the clocks is near one.
    for seconds in stride(from: Int64(-631_152_000), to: 4_102_444_800, by: 14 * 86_400) {
      let date = Date(timeIntervalSince1970: TimeInterval(seconds))
      let expected = foundation.secondsFromGMT(for: date)
      guard zone.secondsEastOfUTC(at: seconds) == expected else {
        Issue.record("\(date): \(zone.secondsEastOfUTC(at: seconds)) against \(expected)")
        return
      }
    }
    #expect(zone == LocalTimeZone.system(), "the same setting gives an equal zone")
  }
}

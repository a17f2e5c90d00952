import Foundation
import Gallery
import Pictures
import Testing

@testable import GalleryRuntime

/// The stand-in reader of details hands each date on as a time the state reads back to
/// the very same moment, whatever the zones, so the timeline and the order by date are
/// as they were with dates.
@Suite struct DatesAsDetailsTests {
  static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

  @Test func everyDateComesBackTheSameMomentThroughTheState() {
    // Every 7 minutes for a year, through both of Berlin's clock changes.
    let start = 1_711_500_000
    var dates: [String: Date] = [:]
    for step in 0..<(366 * 24 * 60 / 7) {
      dates["/p/\(step).jpg"] = Date(timeIntervalSince1970: TimeInterval(start + step * 420))
    }
    let batch = DatesAsDetails.details(
      of: DatesTaken(dates: dates, undated: ["/p/shot.png"]), in: Self.berlin)
    #expect(batch.count == dates.count + 1)
    #expect(batch.details["/p/shot.png"] == PictureDetails(), "read, and no date")
    // The state's zone is not the reader's: the moment is the same all the same.
    for zone in [TimeZone.gmt, Self.berlin] {
      let pictures = (dates.keys.sorted() + ["/p/shot.png"]).map {
        Picture(
          path: $0, fileName: ($0 as NSString).lastPathComponent, byteSize: 1,
          modificationDate: nil, format: .jpeg)
      }
      let library = Library(sections: [
        LibrarySection(name: "p", folder: URL(fileURLWithPath: "/p"), pictures: pictures)
      ])
      var state = GalleryState(
        library: library, width: 80, height: 24, configuration: .init(timeZone: zone))
      _ = state.update(.detailsRead(batch))
      #expect(state.content.datesTaken == dates, "in \(zone.identifier)")
      #expect(state.content.undatedPaths == ["/p/shot.png"])
    }
  }

  @Test func theWallClockIsTheReadersZones() throws {
    // 2024-08-03 12:30 UTC is 14:30 in Berlin (+02:00 in summer).
    let moment = Date(timeIntervalSince1970: 1_722_688_200)
    let batch = DatesAsDetails.details(of: ["/a.jpg": moment], in: Self.berlin)
    let taken = try #require(batch.details["/a.jpg"]?.taken)
    #expect(taken == TakenTime(wallClock: 1_722_688_200 + 7200, utcOffset: 7200))
  }
}

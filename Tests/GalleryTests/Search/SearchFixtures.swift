import Foundation
import Pictures
import TerminalKit

@testable import Gallery

/// Pictures and their details for the search's tests.
enum SearchFixture {
  static func picture(
    _ path: String, _ format: ImageFormat? = .jpeg, companions: [Picture] = []
  ) -> Picture {
    Picture(
      path: path, fileName: String(path.split(separator: "/").last ?? ""), byteSize: 1,
      modificationDate: Date(timeIntervalSince1970: 0), format: format, companions: companions)
  }

  /// The wall clock of `2024-08-03 14:30:00`, as the camera wrote it.
  static let august3 = TakenTime(wallClock: 1_722_695_400)

  /// An X100V's picture, turned (orientation 6: shown 4000 wide, 6000 high).
  static let x100v = PictureDetails(
    format: .jpeg, storedSize: PixelSize(width: 6000, height: 4000), orientation: 6,
    taken: august3, cameraMake: "FUJIFILM", cameraModel: "X100V", lens: "XF35mmF1.4 R",
    exposure: Exposure(seconds: 1.0 / 250, fNumber: 2.8000001, iso: 3200, focalLength: 23),
    position: GPSPosition(latitude: 34.69, longitude: 135.50))

  /// A Z 6's picture at 135 mm.
  static let z6 = PictureDetails(
    format: .jpeg, storedSize: PixelSize(width: 6048, height: 4024),
    taken: TakenTime(wallClock: 1_704_067_199), cameraMake: "NIKON CORPORATION",
    cameraModel: "NIKON Z 6", lens: "NIKKOR Z 24-70mm f/4 S",
    exposure: Exposure(seconds: 2, fNumber: 4, iso: 100, focalLength: 70))

  /// A screenshot's details: a size, nothing else.
  static let screenshot = PictureDetails(
    format: .png, storedSize: PixelSize(width: 2560, height: 1600))

  static func facts(
    _ details: PictureDetails?, path: String = "/photos/Ōsaka 2024/DSCF0001.JPG",
    format: ImageFormat? = .jpeg, companions: [Picture] = [], marked: Bool = false,
    favourite: Bool = false
  ) -> PictureFacts {
    PictureFacts(
      picture(path, format, companions: companions), details: details, isMarked: marked,
      isFavorite: favourite)
  }

  /// Whether `query` matches `facts`, and it has no problem.
  static func matches(_ query: String, _ facts: PictureFacts) -> Bool {
    let parsed = PictureQuery(query)
    return parsed.problems.isEmpty && parsed.matches(facts)
  }

  /// The messages of `query`'s problems.
  static func problems(_ query: String) -> [String] {
    PictureQuery(query).problems.map(\.message)
  }

  /// The text each problem of `query` concerns.
  static func problemTexts(_ query: String) -> [String] {
    PictureQuery(query).problems.map { String(query[$0.range]) }
  }
}

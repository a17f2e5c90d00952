import Foundation
import Gallery
import Pictures
import TerminalKit

extension FuzzTarget {
  /// The filter's query language (`PictureQuery`): any text is a query, never a trap;
  /// each problem concerns a part of the text and says something; and the sound terms,
  /// written out (`rendered`), read back with no problem, as the same terms, matching
  /// the same pictures.
  static let searchQuery = FuzzTarget("search-query", "the filter's query language") {
    bytes throws(FuzzFailure) in
    let text = String(decoding: bytes, as: UTF8.self)
    let query = PictureQuery(text)
    for problem in query.problems {
      try require(
        text.startIndex <= problem.range.lowerBound && problem.range.upperBound <= text.endIndex,
        "a problem's range is outside the text: \(problem.message)")
      try require(!problem.message.isEmpty, "a problem says nothing")
    }
    let rendered = query.rendered
    let again = PictureQuery(rendered)
    try require(
      again.problems.isEmpty,
      "\(rendered) has problems: \(again.problems.map(\.message))")
    try require(
      again.terms.map(\.rendered) == query.terms.map(\.rendered),
      "\(rendered) read back as \(again.rendered)")
    for facts in SearchQueryFacts.all {
      try require(
        query.matches(facts) == again.matches(facts),
        "\(rendered) matches \(facts.picture.fileName) unlike \(text)")
    }
  }
}

/// Pictures the fuzzed queries are matched against: one with every detail, a pair, one
/// whose details are not read, one with a name that is not ASCII.
enum SearchQueryFacts {
  static let all: [PictureFacts] = {
    func picture(_ path: String, _ format: ImageFormat?, _ companions: [Picture] = [])
      -> Picture
    {
      Picture(
        path: path, fileName: String(path.split(separator: "/").last ?? ""), byteSize: 1,
        modificationDate: nil, format: format, companions: companions)
    }
    let details = PictureDetails(
      format: .jpeg, storedSize: PixelSize(width: 6000, height: 4000), orientation: 6,
      taken: TakenTime(wallClock: 1_722_695_400), cameraMake: "FUJIFILM",
      cameraModel: "X100V", lens: "XF35mmF1.4 R",
      exposure: Exposure(seconds: 1.0 / 250, fNumber: 2.8000001, iso: 3200, focalLength: 35),
      position: GPSPosition(latitude: 34.69, longitude: 135.50))
    return [
      PictureFacts(
        picture("/photos/Ōsaka 2024/DSCF0001.JPG", .jpeg), details: details, isMarked: true),
      PictureFacts(
        picture(
          "/photos/Lyon/IMG_1.HEIC", .heic,
          [picture("/photos/Lyon/IMG_1.CR3", .raw), picture("/photos/Lyon/IMG_1.MOV", .video)]),
        details: PictureDetails(format: .heic, cameraMake: "Canon", cameraModel: "EOS R5"),
        isFavorite: true),
      PictureFacts(picture("/tmp/café 写真.png", .png)),
      PictureFacts(picture("/tmp/broken.jpg", nil), details: PictureDetails(brokenReason: "x")),
    ]
  }()
}

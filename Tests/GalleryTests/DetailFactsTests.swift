import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// The detail view's lines about the picture: what decoding found, and what the library
/// index holds where decoding found nothing.
@Suite struct DetailFactsTests {
  static let path = "/photos/Tokyo/DSCF0001.jpg"

  /// Every field the index keeps.
  static let everything = PictureDetails(
    format: .jpeg, storedSize: PixelSize(width: 4000, height: 3000), orientation: 6,
    taken: TakenTime(wallClock: DetailsStateTests.clock("2024-08-03 14:30"), utcOffset: 32_400),
    cameraMake: "FUJIFILM", cameraModel: "X100V", lens: "XF23mmF2 R WR",
    exposure: Exposure(seconds: 1.0 / 250, fNumber: 2.8, iso: 400, focalLength: 23),
    position: GPSPosition(latitude: 35.6586, longitude: 139.7454), duration: 42,
    codec: "hevc", brokenReason: "truncated")

  /// One picture in the detail view, with `details` read and `described` by decoding.
  static func state(
    details: PictureDetails?, described: ThumbnailOutcome? = nil, unicode: Bool = true
  ) -> GalleryState {
    let picture = Picture(
      path: path, fileName: "DSCF0001.jpg", byteSize: 2_100_000,
      modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
    let library = Library(sections: [
      LibrarySection(
        name: "Tokyo", folder: URL(fileURLWithPath: "/photos/Tokyo"), pictures: [picture])
    ])
    var state = GalleryState(
      library: library, width: 200, height: 40,
      configuration: .init(appearance: Appearance(unicode: unicode)))
    _ = state.update(.key(.enter))
    if let details { _ = state.update(.detailsRead(PictureDetailsBatch([path: details]))) }
    if let described { _ = state.update(.pictureDescribed(path: path, outcome: described)) }
    return state
  }

  static func lines(_ state: GalleryState) throws -> [DetailFacts.Line] {
    let picture = try #require(state.focus.flatMap { state.picture(at: $0) })
    return DetailFacts.lines(state, picture: picture)
  }

  @Test func everyFieldTheIndexHoldsIsShownBeforeDecoding() throws {
    let state = Self.state(details: Self.everything)
    #expect(
      try Self.lines(state) == [
        DetailFacts.Line(label: "file", text: "JPEG · 3000×4000 pixels · 0:42 · HEVC · 2.1 MB"),
        DetailFacts.Line(label: "error", text: "truncated", isBroken: true),
        DetailFacts.Line(
          label: "exif",
          text: "taken 2024-08-03 14:30 +09:00 · FUJIFILM X100V · XF23mmF2 R WR · 1/250 s · "
            + "f/2.8 · ISO 400 · 23 mm · 35.6586° N, 139.7454° E"),
      ])
    // And on the screen, under the picture.
    let screen = GalleryView.render(state).text
    #expect(screen.contains("exif   taken 2024-08-03 14:30 +09:00 · FUJIFILM X100V"))
    #expect(screen.contains("error  truncated"))
  }

  @Test func nothingKnownShowsTheFileAlone() throws {
    let state = Self.state(details: nil)
    #expect(try Self.lines(state) == [DetailFacts.Line(label: "file", text: "JPEG · 2.1 MB")])
    // Read, and nothing said: the same.
    let read = Self.state(details: PictureDetails())
    #expect(try Self.lines(read) == [DetailFacts.Line(label: "file", text: "JPEG · 2.1 MB")])
  }

  @Test func decodingWinsAndTheIndexFillsInWhatItLacks() throws {
    let metadata = ImageMetadata(
      format: .jpeg, originalWidth: 6000, originalHeight: 4000, dateTaken: "2024:08:03 14:30:00",
      cameraModel: "X100VI", lens: "decoded lens")
    let state = Self.state(
      details: Self.everything, described: .ready(metadata: metadata, isPartial: false))
    #expect(
      try Self.lines(state) == [
        DetailFacts.Line(label: "file", text: "JPEG · 6000×4000 pixels · 0:42 · HEVC · 2.1 MB"),
        DetailFacts.Line(
          label: "exif",
          text: "taken 2024-08-03 14:30 +09:00 · FUJIFILM X100VI · decoded lens · 1/250 s · "
            + "f/2.8 · ISO 400 · 23 mm · 35.6586° N, 139.7454° E"),
      ], "decoded: the head's reason is no longer news; the index's offset and maker added")
  }

  @Test func aTimeWithoutAnOffsetIsTheCamerasClockAlone() throws {
    var details = PictureDetails(
      taken: TakenTime(wallClock: DetailsStateTests.clock("2024-08-03 14:30")))
    #expect(try Self.lines(Self.state(details: details)).last?.text == "taken 2024-08-03 14:30")
    details.taken = TakenTime(
      wallClock: DetailsStateTests.clock("2024-08-03 14:30"), utcOffset: -12_600)
    #expect(
      try Self.lines(Self.state(details: details)).last?.text == "taken 2024-08-03 14:30 -03:30")
  }

  /// Where the camera focused, in whole percents across and down, before the place.
  @Test func theFocusPointIsShownInPercents() throws {
    var details = Self.everything
    details.focusPoint = FocusPoint(x: 0.4166, y: 0.375)
    let exif = try #require(try Self.lines(Self.state(details: details)).last)
    #expect(exif.text.hasSuffix("23 mm · focus 42 %, 38 % · 35.6586° N, 139.7454° E"))
  }

  @Test func theCameraIsNamedByItsMakerOnce() {
    #expect(DetailFacts.camera(make: "FUJIFILM", model: "X100V") == "FUJIFILM X100V")
    #expect(DetailFacts.camera(make: "Canon", model: "Canon EOS R5") == "Canon EOS R5")
    #expect(DetailFacts.camera(make: "NIKON CORPORATION", model: "NIKON Z 6") == "NIKON Z 6")
    #expect(DetailFacts.camera(make: "Apple", model: nil) == "Apple")
    #expect(DetailFacts.camera(make: " ", model: "X100V") == "X100V")
    #expect(DetailFacts.camera(make: nil, model: nil) == nil)
  }

  @Test func aPlaceSaysItsHemispheres() throws {
    let rio = GPSPosition(latitude: -22.95192, longitude: -43.21049)
    #expect(DetailFacts.place(try #require(rio), Appearance()) == "22.9519° S, 43.2105° W")
    #expect(
      DetailFacts.place(try #require(rio), Appearance(unicode: false)) == "22.9519 S, 43.2105 W")
  }

  @Test func textFromTheIndexIsSanitized() throws {
    let hostile = PictureDetails(cameraModel: "X\u{1B}[2J", brokenReason: "bad\u{9B}31m")
    let lines = try Self.lines(Self.state(details: hostile))
    for line in lines {
      #expect(
        !line.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B }, "\(line)")
    }
  }
}

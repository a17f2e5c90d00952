import Foundation
import Pictures
import TerminalKit
import TestSupport
import Testing

@testable import Thumbnails

/// A picture's details read from the head of its file, for the library index: every field
/// of every format, checked against the values written and against exiftool's reading.
@Suite struct PictureDetailsTests {
  let decoder = ImageDecoder()

  @Test func aJPEGGivesEveryField() async throws {
    let details = decoder.details(path: try await DetailsCorpus.path("full.jpg"))
    #expect(details.format == .jpeg && details.brokenReason == nil)
    #expect(details.storedSize == PixelSize(width: 64, height: 48))
    #expect(details.orientation == 6)
    #expect(details.shownSize == PixelSize(width: 48, height: 64))
    #expect(details.taken == TakenTime(wallClock: 1_722_695_400, utcOffset: 32_400))
    #expect(details.cameraMake == "Gallery Cams" && details.cameraModel == "GX 1")
    #expect(details.lens == "Zoom 24-70mm F2.8")
    #expect(details.exposure == Exposure(seconds: 0.004, fNumber: 2.8, iso: 400, focalLength: 35))
    let position = try #require(details.position)
    #expect(abs(position.latitude - 35.6586) < 1e-6 && abs(position.longitude - 139.7454) < 1e-6)
    #expect(position.altitude == 40)
  }

  @Test func southWestBelowTheSeaAndANegativeOffset() async throws {
    let details = decoder.details(path: try await DetailsCorpus.path("south-west.jpg"))
    let position = try #require(details.position)
    #expect(abs(position.latitude + 22.9068) < 1e-6 && abs(position.longitude + 43.1729) < 1e-6)
    #expect(position.altitude == -12.5)
    // DateTime with OffsetTime, no DateTimeOriginal.
    #expect(details.taken == TakenTime(wallClock: 1_704_067_199, utcOffset: -19_800))
    let utc = LocalTimeZone.utc
    #expect(
      details.taken?.date(readingWallClockIn: utc)
        == Date(timeIntervalSince1970: 1_704_067_199 + 19_800))
  }

  @Test func aJPEGWithoutExifHasItsSizeAlone() async throws {
    let details = decoder.details(path: try await DetailsCorpus.path("plain.jpg"))
    #expect(
      details
        == PictureDetails(format: .jpeg, storedSize: PixelSize(width: 64, height: 48)))
  }

  /// The formats that carry EXIF elsewhere give the same fields; the size and orientation
  /// are what the decoder reports (HEIF's as shown: libheif applies its turns).
  @Test(arguments: ["full.tif", "full.png", "full.webp", "full.heic", "full.jxl"])
  func otherFormatsGiveTheirFields(name: String) async throws {
    let path = try await DetailsCorpus.path(name)
    let details = decoder.details(path: path)
    #expect(details.brokenReason == nil)
    #expect(details.format == ImageFormat(fileName: name))
    let metadata = try decoder.metadata(path: path)
    #expect(
      details.storedSize
        == PixelSize(width: metadata.originalWidth, height: metadata.originalHeight))
    #expect(details.orientation == metadata.orientation)
    #expect(details.taken == TakenTime(wallClock: 1_722_695_400, utcOffset: 32_400))
    #expect(details.cameraModel == "GX 1" && details.lens == "Zoom 24-70mm F2.8")
    #expect(details.exposure?.iso == 400)
    #expect(details.position.map { abs($0.longitude - 139.7454) < 1e-6 } == true)
  }

  /// Where exiftool reads a tag, the details read the same value. (Not the JPEG XL:
  /// cjxl compresses its EXIF with Brotli, which Debian's exiftool does not unpack.)
  @Test(arguments: [
    "full.jpg", "south-west.jpg", "full.tif", "full.png", "full.webp", "full.heic",
    "camera.dng", "camera.nef", "camera.orf",
  ])
  func exiftoolReadsTheSame(name: String) async throws {
    let path = try await DetailsCorpus.path(name)
    let details = decoder.details(path: path)
    let tags = try await DetailsCorpus.exiftool(path)
    #expect(details.cameraMake == tags["Make"].map { "\($0)" })
    #expect(details.cameraModel == tags["Model"].map { "\($0)" })
    #expect(details.lens == tags["LensModel"].map { "\($0)" })
    func close(_ ours: Double?, _ key: String) {
      let theirs = (tags[key] as? NSNumber)?.doubleValue
      #expect(
        ours.map { value in theirs.map { abs(value - $0) < 1e-4 } ?? false } ?? (theirs == nil),
        "\(key): \(String(describing: ours)) against \(String(describing: theirs))")
    }
    close(details.exposure?.seconds, "ExposureTime")
    close(details.exposure?.fNumber, "FNumber")
    close(details.exposure?.iso.map(Double.init), "ISO")
    close(details.exposure?.focalLength, "FocalLength")
    close(details.position?.latitude, "GPSLatitude")
    close(details.position?.longitude, "GPSLongitude")
    close(details.position?.altitude, "GPSAltitude")
    let written = (tags["DateTimeOriginal"] ?? tags["DateTime"] ?? tags["ModifyDate"])
      .map { "\($0)" }
    #expect(details.taken?.wallClock == written.flatMap(ExifClock.wallClock))
    if let offset = tags["OffsetTimeOriginal"] ?? tags["OffsetTime"] {
      #expect(details.taken?.utcOffset == ExifClock.offset("\(offset)"))
    }
  }

  /// Raw files whose directories give the size are read without LibRaw (which refuses
  /// these files: their sensor data is zeros), the sensor's size from the sub-directory.
  @Test(arguments: [("camera.nef", 6048, 4024), ("camera.orf", 5240, 3912), ("camera.dng", 64, 48)])
  func rawFilesAreReadFromTheirDirectories(name: String, width: Int, height: Int) async throws {
    let details = decoder.details(path: try await DetailsCorpus.path(name))
    #expect(details.format == .raw && details.brokenReason == nil)
    #expect(details.storedSize == PixelSize(width: width, height: height))
    #expect(details.taken != nil && details.cameraMake != nil)
  }

  @Test func aVideoGivesItsStreamCreationTimeAndPlace() async throws {
    let details = decoder.details(path: try await DetailsCorpus.path("placed.mov"))
    #expect(details.format == .video && details.brokenReason == nil)
    #expect(details.storedSize == PixelSize(width: 64, height: 48))
    #expect(details.codec == "mpeg4")
    #expect(details.duration.map { abs($0 - 2) < 0.2 } == true)
    #expect(details.taken == TakenTime(utcMoment: 1_722_663_000))
    let position = try #require(details.position)
    #expect(position.latitude == 35.6586 && position.longitude == 139.7454)
    #expect(position.altitude == 40)
  }

  @Test(arguments: [
    ("empty.jpg", "empty"), ("garbage.jpg", "not a JPEG"), ("cut.jpg", "truncated"),
    ("cut.png", "truncated"),
  ])
  func brokenHeadsSayWhy(name: String, reason: String) async throws {
    let details = decoder.details(path: try await DetailsCorpus.path(name))
    #expect(details.brokenReason == reason)
    #expect(details.isBroken)
  }

  @Test func aMissingFileSaysSo() {
    #expect(decoder.details(path: "/nonexistent/picture.jpg").brokenReason == "missing")
  }

  /// The date taken is the details' `taken`: a picture's wall clock read in the zone asked
  /// (its offset from UTC not applied: it belongs on its camera's day), a video's moment.
  @Test func theDateTakenComesFromTheDetails() async throws {
    let tokyo = LocalTimeZone(fixedSecondsEastOfUTC: 9 * 3600)
    let utc = LocalTimeZone.utc
    let path = try await DetailsCorpus.path("full.jpg")
    #expect(
      decoder.dateTaken(path: path, timeZone: utc) == Date(timeIntervalSince1970: 1_722_695_400))
    #expect(
      decoder.dateTaken(path: path, timeZone: tokyo) == Date(timeIntervalSince1970: 1_722_663_000))
    let video = try await DetailsCorpus.path("placed.mov")
    #expect(
      decoder.dateTaken(path: video, timeZone: tokyo) == Date(timeIntervalSince1970: 1_722_663_000))
    #expect(
      decoder.dateTaken(path: video, timeZone: utc) == Date(timeIntervalSince1970: 1_722_663_000))
  }
}

/// EXIF's clock readings as numbers.
@Suite struct ExifClockTests {
  @Test func wallClocks() {
    #expect(ExifClock.wallClock("2024:08:03 14:30:00") == 1_722_695_400)
    #expect(ExifClock.wallClock("2024-08-03T14:30:00") == 1_722_695_400)
    #expect(ExifClock.wallClock("1969:12:31 00:00:00") == -86_400)
    // A day past the month's end runs on, as the calendar reads it.
    #expect(ExifClock.wallClock("2024:02:31 00:00:00") == 1_709_337_600)
    #expect(ExifClock.wallClock("0000:00:00 00:00:00") == nil)
    #expect(ExifClock.wallClock("2024:13:01 00:00:00") == nil)
    #expect(ExifClock.wallClock("2024:08:03") == nil)
    #expect(ExifClock.wallClock("2024:08:03 14:30:00.5") == nil)
  }

  @Test func offsets() {
    #expect(ExifClock.offset("+09:00") == 32_400)
    #expect(ExifClock.offset("-05:30") == -19_800)
    #expect(ExifClock.offset("+0545") == 20_700)
    #expect(ExifClock.offset("   :  ") == nil)
    #expect(ExifClock.offset("+25:00") == nil)
  }

  @Test func placesInISO6709() {
    let place = ISO6709.position("-33.8688+151.2093-005.5/")
    #expect(place?.latitude == -33.8688 && place?.longitude == 151.2093 && place?.altitude == -5.5)
    #expect(ISO6709.position("+35.6586+139.7454/")?.altitude == nil)
    #expect(ISO6709.position("nowhere") == nil)
  }
}

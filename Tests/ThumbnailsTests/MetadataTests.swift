import Foundation
import Pictures
import TestSupport
import Testing

@testable import Thumbnails

/// A picture's details without its pixels: what the detail view shows for a picture whose
/// thumbnail came from the disk cache.
@Suite struct MetadataTests {
  let decoder = ImageDecoder()

  @Test func jpegHeaderAndExifWithoutDecoding() throws {
    let bytes = Fixtures.jpegWithExif(
      Fixtures.quadrants(width: 64, height: 32), orientation: 6, model: "Test Camera",
      date: "2024:05:01 12:34:56")
    let metadata = try decoder.metadata(bytes: bytes)
    #expect(metadata == (try decoder.decode(bytes: bytes)).metadata)
    #expect(metadata.originalWidth == 64 && metadata.displayWidth == 32)
    #expect(metadata.cameraModel == "Test Camera")
  }

  @Test func pngHeader() throws {
    let bytes = Fixtures.png(Fixtures.quadrants(width: 40, height: 30), kind: .rgba)
    let metadata = try decoder.metadata(bytes: bytes)
    #expect(metadata.format == .png && metadata.originalWidth == 40)
    #expect(metadata.originalHeight == 30)
  }

  @Test func limitsAndDamageAreErrors() {
    #expect(throws: ThumbnailError.empty) { try decoder.metadata(bytes: []) }
    #expect(throws: ThumbnailError.unsupportedFormat) {
      try decoder.metadata(bytes: Array("not a picture".utf8))
    }
    #expect(throws: ThumbnailError.tooLarge(width: 100_000, height: 100_000, cap: .side(30_000))) {
      try decoder.metadata(bytes: Fixtures.pngHeader(width: 100_000, height: 100_000))
    }
    #expect(throws: ThumbnailError.truncated) { try decoder.metadata(bytes: [0xFF, 0xD8, 0xFF]) }
  }

  @Test func thePipelineDescribesOnAWorker() async throws {
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(
      Fixtures.jpegWithExif(
        Fixtures.quadrants(width: 48, height: 16), orientation: 1, model: "Cam",
        date: "2020:01:02 03:04:05"),
      "described.jpg", in: folder)
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(diskCache: ThumbnailDiskCache(isEnabled: false))
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let done = TestSignal()
    let answer = Recorder<Result<ImageMetadata, ThumbnailError>>()
    pipeline.describe(path: path, priority: 4) { described, result in
      if described == path { answer.append(result) }
      done.signal()
    }
    #expect(await done.wait())
    let metadata = try #require(try answer.elements.first?.get())
    #expect(metadata.originalWidth == 48 && metadata.dateTaken == "2020:01:02 03:04:05")
  }
}

/// The EXIF date alone, for sorting by date taken: read from the head of the file.
@Suite struct DateTakenTests {
  @Test func theDateComesFromTheHeadOfAJPEGInTheGivenZone() throws {
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(
      Fixtures.jpegWithExif(
        Fixtures.quadrants(width: 48, height: 16), orientation: 1, model: "Cam",
        date: "2020:01:02 03:04:05"),
      "dated.jpg", in: folder)
    let utc = LocalTimeZone.utc
    let date = try #require(ImageDecoder().dateTaken(path: path, timeZone: utc))
    #expect(date == Date(timeIntervalSince1970: 1_577_934_245))
    let plain = Fixtures.write(
      Fixtures.jpeg(Fixtures.quadrants(width: 8, height: 8)), "plain.jpg", in: folder)
    #expect(ImageDecoder().dateTaken(path: plain, timeZone: .utc) == nil)
    #expect(ImageDecoder().dateTaken(path: folder + "/missing.jpg", timeZone: .utc) == nil)
  }

  /// Every format that carries EXIF gives its date: from the head (JPEG, PNG's eXIf, TIFF)
  /// or from its boxes and chunks, read whole (HEIF, JPEG XL, WebP), no pixels decoded.
  @Test(arguments: [
    ("dated.jpg", "2023-07-08T09:10:11Z"), ("dated.png", "2023-07-08T09:10:11Z"),
    ("dated.tif", "2023-07-08T09:10:11Z"), ("dated.heic", "2023-07-08T09:10:11Z"),
    ("dated.jxl", "2023-07-08T09:10:11Z"), ("q-exif6.webp", "2024-05-01T12:00:00Z"),
  ])
  func everyFormatWithExifGivesItsDate(name: String, expected: String) async throws {
    let utc = LocalTimeZone.utc
    let path = try await Corpus.path(name)
    let date = try #require(ImageDecoder().dateTaken(path: path, timeZone: utc))
    #expect(date == ISO8601DateFormatter().date(from: expected))
    // The details the detail view shows agree.
    let text = try #require(try ImageDecoder().metadata(path: path).dateTaken)
    #expect(ExifDate.date(text, timeZone: utc) == date)
  }

  @Test func formatsWithoutExifGiveNoDate() async throws {
    for name in ["q.gif", "q.bmp", "q.png", "q.heic"] {
      #expect(
        ImageDecoder().dateTaken(path: try await Corpus.path(name), timeZone: .utc) == nil,
        "\(name)")
    }
  }
}

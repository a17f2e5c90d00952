import Foundation
import Pictures
import TestSupport
import Testing

@testable import Thumbnails

/// Camera raw files: told apart from TIFFs by their bytes, shown from the embedded preview
/// when it covers the box, developed (at half size when that covers it) when not, turned by
/// the raw's orientation, described by LibRaw, and refused with a reason when broken.
@Suite struct RAWDecodingTests {
  /// The colour of each quadrant of `image` (sampled at the middle of each), as the
  /// channel that leads it: "r", "g", "b", or "w" when all three are high.
  static func quadrants(_ image: PixelImage) -> [String] {
    let points = [(1, 1), (3, 1), (1, 3), (3, 3)].map {
      (image.width * $0.0 / 4, image.height * $0.1 / 4)
    }
    return points.map { x, y in
      let pixel = Fixtures.pixel(image, x, y)
      if pixel[0] > 160 && pixel[1] > 160 && pixel[2] > 160 { return "w" }
      let lead = pixel[0..<3].max() ?? 0
      guard lead > 100 else { return "dark \(pixel)" }
      if pixel[0] == lead && pixel[1] < lead / 2 && pixel[2] < lead / 2 { return "r" }
      if pixel[1] == lead && pixel[0] < lead / 2 && pixel[2] < lead / 2 { return "g" }
      if pixel[2] == lead && pixel[0] < lead / 2 && pixel[1] < lead / 2 { return "b" }
      return "mixed \(pixel)"
    }
  }

  @Test func rawFilesAreToldFromTIFFsByTheirBytes() throws {
    #expect(ImageFormat.sniff(RAWFixtures.dng()) == .raw)
    #expect(ImageFormat.sniff(RAWFixtures.dng(preview: nil)) == .raw)
    #expect(ImageFormat.sniff(RAWFixtures.noRawData) == .raw, "a DNG version decides")
    #expect(ImageFormat.sniff(Fixtures.exifTIFF(orientation: 1, model: "M", date: "x")) == .tiff)
    var head = [UInt8](repeating: 0, count: 64)
    head.replaceSubrange(0..<4, with: [0x49, 0x49, 0x2A, 0x00])
    head.replaceSubrange(8..<11, with: [0x43, 0x52, 0x02])
    #expect(ImageFormat.sniff(head) == .raw, "CR2")
    let cr3: [UInt8] =
      [0, 0, 0, 0x18] + Array("ftypcrx ".utf8) + [0, 0, 0, 1] + Array("crx isom".utf8)
    #expect(ImageFormat.sniff(cr3) == .raw, "CR3, before HEIF")
    for signature in ["FUJIFILMCCD-RAW 0201", "IIRO\u{8}\0\0\0", "IIU\0\u{8}\0\0\0"] {
      #expect(ImageFormat.sniff(Array(signature.utf8)) == .raw, "\(signature)")
    }
    for name in ["a.CR2", "b.cr3", "c.NEF", "d.arw", "e.DNG", "f.raf", "g.ORF", "h.rw2", "i.PEF"] {
      #expect(ImageFormat(fileName: name) == .raw, "\(name)")
    }
  }

  @Test func aTileComesFromTheEmbeddedPreview() throws {
    let decoded = try ImageDecoder().decode(bytes: RAWFixtures.dng(), target: (60, 40))
    #expect(decoded.metadata.rawRendition == .embeddedPreview(width: 120, height: 80))
    #expect((decoded.image.width, decoded.image.height) == (60, 40))
    #expect(Self.quadrants(decoded.image) == ["r", "g", "b", "w"])
    #expect(decoded.metadata.format == .raw)
    #expect((decoded.metadata.originalWidth, decoded.metadata.originalHeight) == (480, 320))
  }

  @Test func aBoxThePreviewCannotCoverIsDevelopedAtHalfSizeWhenThatCovers() throws {
    let decoded = try ImageDecoder().decode(bytes: RAWFixtures.dng(), target: (200, 200))
    #expect(decoded.metadata.rawRendition == .developed(halfSize: true))
    #expect((decoded.image.width, decoded.image.height) == (200, 133))
    #expect(Self.quadrants(decoded.image) == ["r", "g", "b", "w"])
  }

  @Test func aLargerBoxOrFullSizeIsDevelopedWhole() throws {
    for target in [(600, 600), nil] as [(width: Int, height: Int)?] {
      let decoded = try ImageDecoder().decode(bytes: RAWFixtures.dng(), target: target)
      #expect(decoded.metadata.rawRendition == .developed(halfSize: false))
      #expect((decoded.image.width, decoded.image.height) == (480, 320))
      #expect(Self.quadrants(decoded.image) == ["r", "g", "b", "w"])
    }
  }

  @Test func withoutAPreviewOrWithOneOfAnotherShapeTheRawIsDeveloped() throws {
    let none = try ImageDecoder().decode(bytes: RAWFixtures.dng(preview: nil), target: (60, 40))
    #expect(none.metadata.rawRendition == .developed(halfSize: true))
    #expect(Self.quadrants(none.image) == ["r", "g", "b", "w"])
    let square = try ImageDecoder().decode(
      bytes: RAWFixtures.dng(preview: (120, 120)), target: (60, 40))
    #expect(square.metadata.rawRendition == .developed(halfSize: true))
  }

  @Test(arguments: 1...8)
  func everyOrientationIsKept(orientation: Int) throws {
    let metadata = try ImageDecoder().metadata(
      bytes: RAWFixtures.dng(orientation: UInt16(orientation)))
    #expect(metadata.orientation == orientation)
  }

  @Test func aPreviewThatCannotBeReadLeavesTheRawToDevelop() throws {
    let decoded = try ImageDecoder().decode(bytes: RAWFixtures.unreadablePreview, target: (60, 40))
    #expect(decoded.metadata.rawRendition == .developed(halfSize: true))
    #expect(Self.quadrants(decoded.image) == ["r", "g", "b", "w"])
  }

  @Test func theRawsOrientationTurnsPreviewAndDevelopmentAlike() throws {
    let bytes = RAWFixtures.dng(orientation: 6)
    let preview = try ImageDecoder().decode(bytes: bytes, target: (40, 60))
    let developed = try ImageDecoder().decode(bytes: bytes, target: (400, 600))
    #expect(preview.metadata.rawRendition == .embeddedPreview(width: 120, height: 80))
    #expect(developed.metadata.rawRendition == .developed(halfSize: false))
    for decoded in [preview, developed] {
      #expect(decoded.metadata.orientation == 6)
      #expect(decoded.image.height > decoded.image.width)
      // A quarter turn clockwise: the stored bottom-left (blue) is now top-left.
      #expect(Self.quadrants(decoded.image) == ["b", "r", "w", "g"])
    }
  }

  @Test func theDetailsComeFromTheRawsTags() throws {
    let metadata = try ImageDecoder().metadata(bytes: RAWFixtures.dng())
    #expect(metadata.format == .raw)
    #expect((metadata.originalWidth, metadata.originalHeight) == (480, 320))
    #expect(metadata.cameraModel == "Gallery Test Camera")
    #expect(metadata.lens == "Test Lens 35mm F2")
    #expect(metadata.exposure?.parts == ["1/250 s", "f/2.8", "ISO 400", "35 mm"])
    #expect(Exposure(seconds: 0.4).parts == ["0.4 s"])
    #expect(Exposure(seconds: 1.0 / 3).parts == ["1/3 s"])
    #expect(Exposure(seconds: 2.5).parts == ["2.5 s"])
    #expect(ExifFields.camera(make: "NIKON CORPORATION", model: "NIKON Z 6") == "NIKON Z 6")
    #expect(ExifFields.camera(make: "Canon", model: "EOS R5") == "Canon EOS R5")
    #expect(metadata.dateTaken == "2024:05:01 12:34:56")
    #expect(metadata.rawRendition == nil, "nothing decoded")
  }

  @Test func theDateTakenIsReadFromTheFilesHead() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Fixtures.write(RAWFixtures.dng(), "photo.dng", in: folder)
    let utc = LocalTimeZone.utc
    let date = try #require(ImageDecoder().dateTaken(path: path, timeZone: utc))
    #expect(date == Date(timeIntervalSince1970: 1_714_566_896))
  }

  /// A file on disk is read by LibRaw through its descriptor, in part: the same pictures,
  /// details and errors as from the bytes.
  @Test func aFileOnDiskDecodesAsItsBytesDo() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let decoder = ImageDecoder()
    let bytes = RAWFixtures.dng(orientation: 6)
    let path = Fixtures.write(bytes, "turned.nef", in: folder)
    for target in [(40, 60), (400, 600)] as [(width: Int, height: Int)] {
      let fromFile = try decoder.decode(path: path, target: target)
      let fromBytes = try decoder.decode(bytes: bytes, target: target)
      #expect(fromFile.metadata == fromBytes.metadata)
      #expect(fromFile.image == fromBytes.image)
    }
    #expect(try decoder.metadata(path: path) == decoder.metadata(bytes: bytes))
    let cut = Fixtures.write(RAWFixtures.truncated, "cut.dng", in: folder)
    #expect(throws: ThumbnailError.truncated) { try decoder.decode(path: cut, target: (600, 600)) }
  }

  @Test func brokenRawFilesSayWhy() throws {
    let decoder = ImageDecoder()
    #expect(throws: ThumbnailError.truncated) {
      try decoder.decode(bytes: RAWFixtures.truncated, target: (600, 600))
    }
    #expect(throws: ThumbnailError.tooLarge(width: 40_000, height: 40_000, cap: .side(30_000))) {
      try decoder.decode(bytes: RAWFixtures.huge, target: (60, 40))
    }
    #expect(throws: ThumbnailError.self) {
      try decoder.decode(bytes: RAWFixtures.noRawData, target: (60, 40))
    }
    #expect(throws: ThumbnailError.empty) { try decoder.decode(bytes: [], target: nil) }
  }

  @Test func theMemoryCapChoosesHalfSizeOrRefuses() throws {
    let bytes = RAWFixtures.dng(preview: nil)
    let facts = try RAWFile.reading(bytes, limits: .standard) { $0.facts }
    let full = RAWDecoder.cost(
      facts, halfSize: false, finishing: Finishing(target: nil, background: .black))
    // 2 bytes a photosite of the mosaic, 15 a developed pixel.
    #expect(full.bytes == 480 * 320 * 2 + 480 * 320 * 15)
    let tight = ImageDecoder(limits: DecodeLimits(maxDecodeBytes: full.bytes - 1))
    let halved = try tight.decode(bytes: bytes, target: nil)
    #expect(halved.metadata.rawRendition == .developed(halfSize: true))
    #expect((halved.image.width, halved.image.height) == (240, 160))
    let tiny = ImageDecoder(limits: DecodeLimits(maxDecodeBytes: 100_000))
    #expect {
      try tiny.decode(bytes: bytes, target: nil)
    } throws: { error in
      guard case ThumbnailError.tooLarge(480, 320, .memory) = error else { return false }
      return true
    }
  }

  @Test func aRawFileStopsAtTheTimeCap() throws {
    let decoder = ImageDecoder(limits: DecodeLimits(maxDecodeSeconds: 0))
    #expect(throws: ThumbnailError.tookTooLong(.raw, seconds: 0)) {
      try decoder.decode(bytes: RAWFixtures.dng(preview: nil), target: nil)
    }
  }
}

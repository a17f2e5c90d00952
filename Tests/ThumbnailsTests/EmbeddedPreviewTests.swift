import Foundation
import Testing

@testable import Thumbnails

/// The small preview cameras store in EXIF: found from the file's head, taken only when
/// it shows what the picture shows, turned upright.
@Suite struct EmbeddedPreviewTests {
  /// A 480×360 picture of quadrants whose 160×120 preview is plain blue: easy to tell
  /// which one was drawn.
  static let blue = PixelImage(width: 160, height: 120, filledWith: (0, 0, 255, 255))

  @Test func theHeadGivesTheFrameSizeAndTheExifBlock() throws {
    let bytes = Fixtures.jpegWithPreview(
      Fixtures.quadrants(width: 480, height: 360), preview: Self.blue, orientation: 6)
    let head = try #require(JPEGHead.read(bytes: bytes))
    #expect(head.width == 480 && head.height == 360)
    #expect(head.exif?.starts(with: JPEGHead.exifSignature) == true)
    // Without EXIF: the size alone. Not a JPEG, or cut before its frame header: nothing.
    let plain = Fixtures.jpeg(Fixtures.quadrants(width: 40, height: 30))
    #expect(JPEGHead.read(bytes: plain) == JPEGHead(width: 40, height: 30, exif: nil))
    #expect(JPEGHead.read(bytes: Array(plain.prefix(20))) == nil)
    #expect(JPEGHead.read(bytes: Fixtures.png(Self.blue, kind: .rgb)) == nil)
    #expect(JPEGHead.read(bytes: []) == nil)
  }

  @Test func theHeadIsReadWithoutReadingTheWholeFile() throws {
    let bytes = Fixtures.jpegWithPreview(
      Fixtures.scene(width: 640, height: 480), preview: Self.blue)
    var read = 0
    let head = JPEGHead.read { offset, count in
      read += count
      guard offset < bytes.count else { return [] }
      return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
    #expect(head?.width == 640)
    let exifSize = try #require(head?.exif?.count)
    #expect(read < exifSize + 200, "segment headers and the EXIF block only")
  }

  @Test(arguments: [
    (160, 120, 4032, 3024, true),  // 4:3 phone photo
    (160, 120, 4000, 3000, true),
    (320, 240, 4032, 3024, true),
    (160, 121, 4032, 3024, true),  // within 1%
    (160, 123, 4032, 3024, false),  // 2.4% off
    (160, 120, 4032, 2268, false),  // a 16:9 photo with a letterboxed 4:3 preview
    (160, 90, 1920, 1080, true),
    (4032, 3024, 4032, 3024, false),  // as large as the picture: nothing to gain
    (0, 120, 4032, 3024, false),
  ])
  func aPreviewServesOnlyWithThePicturesAspect(
    previewWidth: Int, previewHeight: Int, width: Int, height: Int, serves: Bool
  ) {
    #expect(
      EmbeddedPreview.serves(
        previewWidth: previewWidth, previewHeight: previewHeight, pictureWidth: width,
        pictureHeight: height) == serves)
  }

  @Test func thePreviewIsDecodedWithThePicturesMetadata() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Fixtures.write(
      Fixtures.jpegWithPreview(Fixtures.quadrants(width: 480, height: 360), preview: Self.blue),
      "photo.jpg", in: folder)
    let preview = try #require(ImageDecoder().embeddedPreview(path: path, target: (80, 60)))
    #expect(preview.image.width == 80 && preview.image.height == 60, "DCT-scaled to the box")
    #expect(Fixtures.close(Fixtures.pixel(preview.image, 40, 30), [0, 0, 255, 255]))
    #expect(preview.metadata.originalWidth == 480 && preview.metadata.originalHeight == 360)
    #expect(preview.metadata.format == .jpeg)
    // The picture itself is the quadrants.
    let full = try ImageDecoder().decode(path: path, target: (80, 60))
    #expect(Fixtures.close(Fixtures.pixel(full.image, 5, 5), [255, 0, 0, 255]))
  }

  @Test func thePicturesOrientationTurnsThePreview() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Stored 480×360 with orientation 6 (turn 90° clockwise): shown 360×480.
    let path = Fixtures.write(
      Fixtures.jpegWithPreview(
        Fixtures.quadrants(width: 480, height: 360),
        preview: Fixtures.quadrants(width: 160, height: 120), orientation: 6),
      "turned.jpg", in: folder)
    let preview = try #require(ImageDecoder().embeddedPreview(path: path, target: (120, 160)))
    #expect(preview.image.width == 120 && preview.image.height == 160)
    #expect(preview.metadata.orientation == 6)
    #expect(preview.metadata.displayWidth == 360 && preview.metadata.displayHeight == 480)
    // Turned clockwise, the stored bottom-left (blue) is shown top-left, red top-right.
    #expect(Fixtures.close(Fixtures.pixel(preview.image, 10, 10), [0, 0, 255, 255]))
    #expect(Fixtures.close(Fixtures.pixel(preview.image, 110, 10), [255, 0, 0, 255]))
    let full = try ImageDecoder().decode(path: path, target: (120, 160))
    #expect(Fixtures.close(Fixtures.pixel(full.image, 10, 10), [0, 0, 255, 255]))
  }

  @Test func noPreviewWhenMissingOrOfAnotherShape() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let none = Fixtures.write(
      Fixtures.jpeg(Fixtures.quadrants(width: 480, height: 360)), "none.jpg", in: folder)
    let wide = Fixtures.write(
      Fixtures.jpegWithPreview(Fixtures.quadrants(width: 640, height: 360), preview: Self.blue),
      "wide.jpg", in: folder)
    let png = Fixtures.write(Fixtures.png(Self.blue, kind: .rgb), "blue.png", in: folder)
    let decoder = ImageDecoder()
    #expect(decoder.embeddedPreview(path: none, target: (80, 60)) == nil)
    #expect(decoder.embeddedPreview(path: wide, target: (80, 60)) == nil, "16:9 against 4:3")
    #expect(decoder.embeddedPreview(path: png, target: (80, 60)) == nil)
    #expect(decoder.embeddedPreview(path: folder + "/missing.jpg", target: (80, 60)) == nil)
    #expect(decoder.embeddedPreview(path: folder, target: (80, 60)) == nil)
  }

  @Test func aPreviewMadeByExiftoolIsFound() async throws {
    let path = try await Corpus.path("phone6.jpg")
    let preview = try #require(ImageDecoder().embeddedPreview(path: path, target: (96, 128)))
    // exiftool stored a 160×120 preview of a 480×360 picture with orientation 6.
    #expect(preview.metadata.orientation == 6)
    #expect(preview.metadata.displayWidth == 360 && preview.metadata.displayHeight == 480)
    #expect(preview.image.width < preview.image.height, "turned upright")
  }

  /// Fill bytes and markers without a length (TEM, `FF 01`) may come before a segment,
  /// and libexif's own scan gave up on them: the preview was turned by orientation 6 and
  /// the picture then decoded unturned.
  @Test func thePictureAndItsPreviewReadTheSameExifPastFillBytes() throws {
    let plain = Fixtures.jpegWithPreview(
      Fixtures.quadrants(width: 480, height: 360), preview: Self.blue, orientation: 6)
    let filled = [0xFF, 0xD8, 0xFF, 0xFF, 0xFF, 0x01] + plain.dropFirst(2)
    let preview = try #require(
      DecoderEntryPoints.embeddedPreview(filled, target: (120, 160), limits: .standard))
    let metadata = try DecoderEntryPoints.jpegMetadata(filled, limits: .standard)
    let decoded = try DecoderEntryPoints.jpeg(filled, target: (120, 160), limits: .standard)
    #expect(preview.metadata.orientation == 6)
    #expect(metadata.orientation == 6 && decoded.metadata.orientation == 6)
    #expect(decoded.image.width < decoded.image.height, "turned upright")
  }
}

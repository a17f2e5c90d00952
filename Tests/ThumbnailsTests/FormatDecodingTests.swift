import Foundation
import Pictures
import Testing

@testable import Thumbnails

/// Every format of the corpus decodes to the picture it was made from.
@Suite struct FormatDecodingTests {
  let decoder = ImageDecoder()
  static let red = [255, 0, 0, 255]
  static let green = [0, 255, 0, 255]
  static let blue = [0, 0, 255, 255]
  static let white = [255, 255, 255, 255]

  /// Checks the four quadrants (red, green / blue, white) of an upright picture.
  static func expectQuadrants(
    _ image: PixelImage, tolerance: Int, corners: [[Int]] = [red, green, blue, white],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let w = image.width
    let h = image.height
    let points = [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)]
    for (point, expected) in zip(points, corners) {
      let got = Fixtures.pixel(image, point.0, point.1)
      #expect(
        Fixtures.close(got, expected, tolerance: tolerance), "\(got) at \(point), not \(expected)",
        sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: [
    ("q.webp", 0), ("q-lossy.webp", 40), ("q.gif", 0), ("q.heic", 4), ("q.avif", 4),
    ("q.tif", 0), ("q.bmp", 0), ("q-rle8.bmp", 0), ("q-4bit.bmp", 0), ("q-565.bmp", 8),
    ("q.jxl", 0), ("q-lossy.jxl", 40),
  ])
  func stillPictureDecodes(name: String, tolerance: Int) async throws {
    let path = try await Corpus.path(name)
    let decoded = try decoder.decode(path: path)
    let format = try #require(ImageFormat(fileName: name))
    #expect(decoded.metadata.format == format)
    #expect(ImageFormat.sniff(try await Corpus.bytes(name)) == format)
    #expect(decoded.image.width == 64 && decoded.image.height == 48)
    #expect(decoded.metadata.originalWidth == 64 && decoded.metadata.originalHeight == 48)
    #expect(decoded.metadata.frameCount == 1 && !decoded.metadata.isAnimated)
    #expect(decoded.metadata.colorProfile == nil)
    #expect(!decoded.isPartial)
    Self.expectQuadrants(decoded.image, tolerance: tolerance)
  }

  @Test func oneBitBMPIsBlackAndWhite() async throws {
    let image = try await decoder.decode(path: Corpus.path("q-1bit.bmp")).image
    for (x, y) in [(10, 10), (50, 10), (10, 40), (50, 40)] {
      let pixel = Fixtures.pixel(image, x, y)
      #expect(pixel == [0, 0, 0, 255] || pixel == [255, 255, 255, 255])
    }
    #expect(Fixtures.pixel(image, 50, 40) == [255, 255, 255, 255])
  }

  @Test(arguments: ["q.webp", "q.heic", "q.avif", "q.tif", "q.bmp", "q.jxl", "q.gif"])
  func targetShrinksTheResult(name: String) async throws {
    let decoded = try await decoder.decode(path: Corpus.path(name), target: (32, 32))
    #expect(decoded.image.width == 32 && decoded.image.height == 24)
    #expect(decoded.metadata.originalWidth == 64)
    Self.expectQuadrants(decoded.image, tolerance: 40)
  }

  @Test(arguments: ["qa.webp", "qa.tif", "qa.bmp"])
  func alphaIsCompositedOverTheBackground(name: String) async throws {
    let decoder = ImageDecoder(background: BackgroundColor(red: 10, green: 20, blue: 30))
    let image = try await decoder.decode(path: Corpus.path(name)).image
    // Red at alpha 128 over (10, 20, 30).
    let pixel = Fixtures.pixel(image, 8, 8)
    #expect(Fixtures.close(pixel, [133, 10, 15, 255], tolerance: 3), "\(pixel)")
    // So its thumbnail is noted as holding this background.
    #expect(image.compositedOver == BackgroundColor(red: 10, green: 20, blue: 30))
    let opaque = try await decoder.decode(path: Corpus.path(name.replacing("qa.", with: "q.")))
    #expect(opaque.image.compositedOver == nil)
  }

  /// The stored picture turned a quarter clockwise (EXIF orientation 6).
  static let turnedClockwise = [blue, red, white, green]

  @Test(arguments: [("q-exif6.webp", 0), ("q-orient6.tif", 0), ("q-exif6.jxl", 30)])
  func exifOrientationTurnsThePictureOnce(name: String, tolerance: Int) async throws {
    let decoded = try await decoder.decode(path: Corpus.path(name))
    #expect(decoded.metadata.orientation == 6)
    #expect(decoded.image.width == 48 && decoded.image.height == 64)
    #expect(decoded.metadata.displayWidth == 48 && decoded.metadata.displayHeight == 64)
    Self.expectQuadrants(decoded.image, tolerance: tolerance, corners: Self.turnedClockwise)
    if name.hasSuffix(".webp") {
      #expect(decoded.metadata.cameraModel == "Corpus Camera")
      #expect(decoded.metadata.dateTaken == "2024:05:01 12:00:00")
    }
  }

  @Test func exifOrientationTurnsAtATargetToo() async throws {
    let decoded = try await decoder.decode(path: Corpus.path("q-exif6.webp"), target: (24, 32))
    #expect(decoded.image.width == 24 && decoded.image.height == 32)
    Self.expectQuadrants(decoded.image, tolerance: 40, corners: Self.turnedClockwise)
  }

  @Test func avifIrotTurnsOnceAndItsExifOrientationIsNotAppliedAgain() async throws {
    // irot 1: a quarter turn anticlockwise; the file's EXIF also says 6 (clockwise).
    let decoded = try await decoder.decode(path: Corpus.path("q-irot.avif"))
    #expect(decoded.image.width == 48 && decoded.image.height == 64)
    #expect(decoded.metadata.orientation == 1)
    #expect(decoded.metadata.originalWidth == 48 && decoded.metadata.displayWidth == 48)
    Self.expectQuadrants(
      decoded.image, tolerance: 4, corners: [Self.green, Self.white, Self.red, Self.blue])
  }

  @Test func heicExifOrientationWithoutIrotIsNotApplied() async throws {
    // HEIF orients by its irot/imir properties alone; the EXIF orientation beside
    // them only describes them (applying it too would turn the picture twice).
    let decoded = try await decoder.decode(path: Corpus.path("q-exif6.heic"))
    #expect(decoded.image.width == 64 && decoded.image.height == 48)
    #expect(decoded.metadata.orientation == 1)
    Self.expectQuadrants(decoded.image, tolerance: 30)
  }

  @Test func heicThumbnailServesASmallTarget() async throws {
    let path = try await Corpus.path("q-thumb.heic")
    let full = try decoder.decode(path: path)
    #expect(full.image.width == 256 && full.image.height == 192)
    let small = try decoder.decode(path: path, target: (40, 30))
    #expect(small.image.width == 40 && small.image.height == 30)
    #expect(small.metadata.originalWidth == 256)
    Self.expectQuadrants(small.image, tolerance: 40)
  }

  @Test func multiPageTIFFShowsItsFirstPageAndCountsThem() async throws {
    let decoded = try await decoder.decode(path: Corpus.path("pages.tif"))
    #expect(decoded.metadata.frameCount == 3)
    #expect(!decoded.metadata.isAnimated)
    Self.expectQuadrants(decoded.image, tolerance: 0)
  }

  @Test func formatNamesAndMimeTypes() {
    #expect(ImageFormat.jxl.name == "JPEG XL" && ImageFormat.jxl.mimeType == "image/jxl")
    #expect(ImageFormat(mimeType: "image/heic") == .heic)
    #expect(ImageFormat(mimeType: "text/plain") == nil)
    #expect(ImageFormat(fileName: "IMG_0001.HEIC") == .heic)
    #expect(ImageFormat(fileName: "notes.txt") == nil)
    for format in ImageFormat.allCases {
      #expect(ImageFormat(mimeType: format.mimeType ?? "video/mp4") == format)
    }
    #expect(
      ImageFormat.svg.mimeType == "image/svg+xml" && ImageFormat.raw.mimeType == "image/x-dcraw")
    #expect(
      ImageFormat(mimeType: "video/webm") == .video && ImageFormat(mimeType: "image/svg") == nil)
  }

}

/// Colour profiles are converted to sRGB and named.
@Suite struct ColorProfileTests {
  let decoder = ImageDecoder()

  /// `Corpus.flat` read as Display P3, in sRGB: the standard P3-to-sRGB matrix on
  /// linear light, both with the sRGB curve.
  static let expected: [Int] = {
    func linear(_ v: UInt8) -> Double {
      let c = Double(v) / 255
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    func encoded(_ v: Double) -> Int {
      let c = min(1, max(0, v))
      let e = c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
      return Int((e * 255).rounded())
    }
    let (r, g, b) = (linear(Corpus.flat.0), linear(Corpus.flat.1), linear(Corpus.flat.2))
    return [
      encoded(1.2249 * r - 0.2247 * g), encoded(-0.0420 * r + 1.0419 * g),
      encoded(-0.0197 * r - 0.0786 * g + 1.0979 * b), 255,
    ]
  }()

  @Test(arguments: [
    "flat-p3.webp", "flat-p3.heic", "flat-p3.avif", "flat-nclx.avif", "flat-p3.tif",
    "flat-p3.jxl", "flat-p3.jpg",
  ])
  func displayP3IsConvertedToSRGB(name: String) async throws {
    let decoded = try await decoder.decode(path: Corpus.path(name))
    #expect(decoded.metadata.colorProfile == "Display P3")
    let pixel = Fixtures.pixel(decoded.image, 16, 16)
    // About (215, 93, 31): redder and less blue than the stored (200, 100, 50).
    #expect(Fixtures.close(pixel, Self.expected, tolerance: 5), "\(pixel) not \(Self.expected)")
  }

  @Test func withoutAProfileNothingIsConverted() async throws {
    let decoded = try await decoder.decode(path: Corpus.path("flat.webp"))
    #expect(decoded.metadata.colorProfile == nil)
    #expect(Fixtures.pixel(decoded.image, 16, 16) == [200, 100, 50, 255])
  }

  @Test func anSRGBProfileIsNamedButConvertsNothing() throws {
    let srgb = Corpus.iccProfile(
      primaries: [0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290], description: "sRGB test")
    #expect(ColorManagement.isSRGB(srgb))
    #expect(
      !ColorManagement.isSRGB(Corpus.iccProfile(primaries: Corpus.displayP3, description: "")))
    var image = PixelImage(width: 2, height: 1, filledWith: (200, 100, 50, 255))
    let transform = ColorManagement.transform(for: .icc(srgb))
    transform.apply(to: &image)
    #expect(transform.description == "sRGB test")
    #expect(Fixtures.pixel(image, 1, 0) == [200, 100, 50, 255])
  }
}

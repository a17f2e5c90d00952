import Foundation
import Pictures
import TestSupport
import Testing

@testable import Thumbnails

/// SVG drawings through librsvg: rendered at the size asked, in the right colours, over
/// the background; their own size from `width`/`height`, the `viewBox` or what they draw.
@Suite struct SVGDecodingTests {
  static let background = BackgroundColor(red: 10, green: 20, blue: 30)
  let decoder = ImageDecoder(background: Self.background)
  static let backgroundPixel = [10, 20, 30, 255]

  @Test func aRedRectangleRendersRedWhereItIs() throws {
    let decoded = try decoder.decode(bytes: SVGFixtures.redHalf)
    #expect(decoded.metadata.format == ImageFormat.svg)
    #expect(decoded.metadata.originalWidth == 100 && decoded.metadata.originalHeight == 50)
    #expect(decoded.image.width == 100 && decoded.image.height == 50)
    #expect(!decoded.isPartial)
    #expect(Fixtures.pixel(decoded.image, 10, 10) == [255, 0, 0, 255])
    #expect(Fixtures.pixel(decoded.image, 49, 49) == [255, 0, 0, 255])
    #expect(Fixtures.pixel(decoded.image, 50, 10) == Self.backgroundPixel)
    #expect(Fixtures.pixel(decoded.image, 75, 25) == [255, 255, 255, 255])
    #expect(Fixtures.pixel(decoded.image, 99, 49) == Self.backgroundPixel)
  }

  /// A 100×50 drawing asked for a 400×400 box is rendered at 400×200, not enlarged from
  /// 100×50: its one-unit line is four pixels of white with sharp edges.
  @Test func theSizeAskedForIsRenderedNotEnlarged() throws {
    let decoded = try decoder.decode(bytes: SVGFixtures.redHalf, target: (400, 400))
    #expect(decoded.image.width == 400 && decoded.image.height == 200)
    #expect(decoded.metadata.originalWidth == 100 && decoded.metadata.originalHeight == 50)
    for x in 300..<304 {
      #expect(Fixtures.pixel(decoded.image, x, 100) == [255, 255, 255, 255], "x = \(x)")
    }
    #expect(Fixtures.pixel(decoded.image, 299, 100) == Self.backgroundPixel)
    #expect(Fixtures.pixel(decoded.image, 304, 100) == Self.backgroundPixel)
    #expect(Fixtures.pixel(decoded.image, 199, 199) == [255, 0, 0, 255])
    #expect(Fixtures.pixel(decoded.image, 200, 0) == Self.backgroundPixel)
  }

  @Test func aSmallerBoxRendersSmaller() throws {
    let decoded = try decoder.decode(bytes: SVGFixtures.redHalf, target: (40, 40))
    #expect(decoded.image.width == 40 && decoded.image.height == 20)
    #expect(Fixtures.pixel(decoded.image, 5, 10) == [255, 0, 0, 255])
  }

  @Test func aViewBoxAloneGivesTheSizeAndAspect() throws {
    let own = try decoder.decode(bytes: SVGFixtures.viewBoxOnly)
    #expect(own.image.width == 24 && own.image.height == 12)
    let large = try decoder.decode(bytes: SVGFixtures.viewBoxOnly, target: (96, 96))
    #expect(large.image.width == 96 && large.image.height == 48)
    #expect(Fixtures.pixel(large.image, 10, 24) == [0, 0, 255, 255])
    #expect(Fixtures.pixel(large.image, 60, 24) == Self.backgroundPixel)
  }

  @Test func aWidthTakesItsHeightFromTheViewBox() throws {
    let metadata = try decoder.metadata(bytes: SVGFixtures.widthAndViewBox)
    #expect(metadata.format == .svg)
    #expect(metadata.originalWidth == 200 && metadata.originalHeight == 100)
  }

  @Test func withNeitherSizeNorViewBoxWhatIsDrawnGivesTheSize() throws {
    let decoded = try decoder.decode(bytes: SVGFixtures.drawnExtentOnly)
    #expect(decoded.image.width == 40 && decoded.image.height == 30)
    #expect(Fixtures.pixel(decoded.image, 39, 29) == [255, 0, 0, 255])
    #expect(throws: ThumbnailError.noSize(.svg)) {
      try decoder.decode(bytes: SVGFixtures.nothingKnown)
    }
  }

  @Test func alphaIsCompositedOverTheBackground() throws {
    let decoded = try decoder.decode(bytes: SVGFixtures.halfRed)
    #expect(decoded.image.compositedOver == Self.background)
    // Red at alpha 128 over (10, 20, 30), as a PNG's is.
    #expect(Fixtures.close(Fixtures.pixel(decoded.image, 4, 4), [133, 10, 15, 255], tolerance: 2))
    let white = ImageDecoder(background: BackgroundColor(red: 255, green: 255, blue: 255))
    let overWhite = try white.decode(bytes: SVGFixtures.halfRed)
    #expect(
      Fixtures.close(Fixtures.pixel(overWhite.image, 4, 4), [255, 127, 127, 255], tolerance: 2))
  }

  @Test func aCompressedSVGRendersAsThePlainOne() async throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let plain = Fixtures.write(SVGFixtures.redHalf, "plain.svg", in: folder)
    let compressed = try await Self.gzip(plain, in: folder)
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: compressed)))
    #expect(bytes.starts(with: [0x1F, 0x8B]))
    #expect(ImageFormat.sniff(bytes) == nil, "the bytes alone are gzip's")
    #expect(ImageDecoder.sniff(bytes) == .svg)
    let decoded = try decoder.decode(path: compressed, target: (200, 200))
    #expect(decoded.metadata.format == ImageFormat.svg)
    #expect(decoded.image == (try decoder.decode(path: plain, target: (200, 200))).image)
  }

  /// A gzip file that holds something else is no picture.
  @Test func aCompressedFileOfAnotherKindIsNotAnSVG() async throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let text = Fixtures.write(Array("<html><svg></svg></html>".utf8), "page.html", in: folder)
    let compressed = try await Self.gzip(text, in: folder)
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: compressed)))
    #expect(ImageDecoder.sniff(bytes) == nil)
  }

  @Test func detailsNeedNoRendering() throws {
    let metadata = try decoder.metadata(bytes: SVGFixtures.redHalf)
    #expect(metadata == ImageMetadata(format: .svg, originalWidth: 100, originalHeight: 50))
    #expect(metadata.format.name == "SVG")
  }

  /// A tall drawing rendered for a wide box fills it on one side only, yet the next
  /// request for that box is served from memory: the file is gone by then.
  @Test func aDrawingRenderedForABoxServesItAgainFromMemory() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tall = SVGFixtures.svg(
      #"width="50" height="100""#, #"<rect x="0" y="0" width="50" height="100" fill="red"/>"#)
    let path = Fixtures.write(tall, "tall.svg", in: folder)
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(diskCache: ThumbnailDiskCache(isEnabled: false))
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let request = ThumbnailRequest(path: path, size: TileSize(columns: 60, rows: 10))
    guard case .art? = pipeline.produce(request, isCancelled: { false }) else {
      Issue.record("the drawing was not drawn")
      return
    }
    try FileManager.default.removeItem(atPath: path)
    var again = request
    again.symbols = .braille  // not the art cached: drawn again from the rendered copy
    guard case .art? = pipeline.produce(again, isCancelled: { false }) else {
      Issue.record("the rendered copy did not serve the same box")
      return
    }
  }

  /// `gzip -n` of `path` beside it, as `.svgz`.
  static func gzip(_ path: String, in folder: String) async throws -> String {
    let out = folder + "/compressed.svgz"
    let made = try await Subprocess.run(["/bin/sh", "-c", "gzip -nc '\(path)' > '\(out)'"])
    try #require(made.status == 0, "\(made.errors)")
    return out
  }
}

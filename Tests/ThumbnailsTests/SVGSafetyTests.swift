import Foundation
import Pictures
import Testing

@testable import Thumbnails

/// SVG from anyone: no file but the drawing itself is read, damaged and hostile
/// documents are clear errors, and the caps hold before anything is rendered.
@Suite struct SVGSafetyTests {
  static let background = BackgroundColor(red: 10, green: 20, blue: 30)
  let decoder = ImageDecoder(background: Self.background)

  /// A 20×20 green PNG in a folder of its own, and its bytes.
  static func greenPNG() -> (folder: String, path: String, bytes: [UInt8]) {
    let folder = Fixtures.makeFolder()
    let bytes = Fixtures.png(
      PixelImage(width: 20, height: 20, filledWith: (0, 255, 0, 255)), kind: .rgb)
    return (folder, Fixtures.write(bytes, "green.png", in: folder), bytes)
  }

  /// `<image>` of a file by its absolute path, or by a name relative to the drawing's
  /// own folder, is not loaded: its half stays the background. The same picture inlined
  /// as a `data:` URL is drawn, so the image element itself works.
  @Test func referencedFilesAreNeverRead() throws {
    let png = Self.greenPNG()
    defer { try? FileManager.default.removeItem(atPath: png.folder) }
    let data = "data:image/png;base64," + Data(png.bytes).base64EncodedString()
    for (href, loads) in [
      (png.path, false), ("green.png", false), ("file://" + png.path, false), (data, true),
    ] {
      let svg = Fixtures.write(SVGFixtures.referencing(href), "drawing.svg", in: png.folder)
      let decoded = try decoder.decode(path: svg)
      #expect(decoded.image.width == 40 && decoded.image.height == 20)
      #expect(Fixtures.pixel(decoded.image, 30, 10) == [0, 255, 0, 255], "\(href.prefix(40))")
      let imageHalf = Fixtures.pixel(decoded.image, 10, 10)
      #expect(
        imageHalf == (loads ? [0, 255, 0, 255] : [10, 20, 30, 255]),
        "\(href.prefix(40)): \(imageHalf)")
    }
  }

  /// A drawing of nothing but `<image>` links to other files would be an empty tile: it
  /// is a broken one that says why, as a drawing with an inlined picture is not.
  @Test func linkedPicturesAloneAreSaidToBeUnread() throws {
    let png = Self.greenPNG()
    defer { try? FileManager.default.removeItem(atPath: png.folder) }
    func alone(_ href: String) -> [UInt8] {
      SVGFixtures.svg(
        #"width="40" height="20""#,
        #"<image x="0" y="0" width="40" height="20" xlink:href="\#(href)" href="\#(href)"/>"#)
    }
    for href in [png.path, "green.png", "https://example.com/a.png"] {
      let svg = Fixtures.write(alone(href), "linked.svg", in: png.folder)
      #expect(
        throws: ThumbnailError.unsupportedVariant(
          .svg, "nothing but links to pictures in other files (<image>)"), "\(href)"
      ) { try decoder.decode(path: svg, target: (40, 20)) }
    }
    let data = "data:image/png;base64," + Data(png.bytes).base64EncodedString()
    let inlined = try decoder.decode(bytes: alone(data), target: (40, 20))
    #expect(Fixtures.pixel(inlined.image, 20, 10) == [0, 255, 0, 255])
  }

  /// The billion laughs: libxml2 under librsvg refuses the expansion, at once and without
  /// the memory it would take.
  @Test func anEntityBombIsRefusedQuickly() throws {
    let start = ContinuousClock.now
    #expect(throws: ThumbnailError.self) { try decoder.decode(bytes: SVGFixtures.entityBomb) }
    let elapsed = ContinuousClock.now - start
    #expect(elapsed < .seconds(10), "took \(elapsed)")
  }

  @Test func aTruncatedDocumentIsCutShort() throws {
    let full = SVGFixtures.redHalf
    for length in [full.count - 12, full.count / 2, 100] {
      #expect(throws: ThumbnailError.truncated, "cut at \(length)") {
        try decoder.decode(bytes: Array(full.prefix(length)), target: (64, 64))
      }
    }
  }

  @Test func damagedDocumentsAreClearErrors() throws {
    let malformed = #expect(throws: ThumbnailError.self) {
      try decoder.decode(bytes: SVGFixtures.malformed)
    }
    guard case .corrupt(let reason)? = malformed else {
      Issue.record("not corrupt: \(String(describing: malformed))")
      return
    }
    #expect(!reason.isEmpty)
    #expect(throws: ThumbnailError.unsupportedFormat) {
      try decoder.decode(bytes: Array("hello, not XML".utf8))
    }
    let zero = #expect(throws: ThumbnailError.self) {
      try decoder.decode(bytes: SVGFixtures.zeroWidth)
    }
    #expect(zero?.description.contains("0×10") == true, "\(String(describing: zero))")
  }

  @Test func anAbsurdSizeIsPastTheSideCap() throws {
    #expect(throws: ThumbnailError.tooLarge(width: 1_000_000_000, height: 10, cap: .side(30_000))) {
      try decoder.decode(bytes: SVGFixtures.absurdWidth, target: (64, 64))
    }
    #expect(throws: ThumbnailError.self) { try decoder.metadata(bytes: SVGFixtures.absurdWidth) }
  }

  @Test func aDocumentPastTheByteCapIsNotParsed() throws {
    let limits = DecodeLimits(maxSVGBytes: 100)
    let bytes = SVGFixtures.redHalf
    #expect(throws: ThumbnailError.fileTooLarge(bytes: Int64(bytes.count), limit: 100)) {
      try ImageDecoder(limits: limits).decode(bytes: bytes)
    }
  }

  /// A compressed drawing is unpacked within the byte cap: a small `.svgz` that unpacks
  /// into far more XML is refused before librsvg parses it, one within the cap renders.
  @Test func aCompressedDocumentUnpackingPastTheByteCapIsNotParsed() async throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The red drawing padded with a comment to 2 MiB, which gzip packs into a few KiB.
    var padded = SVGFixtures.redHalf
    padded += Array("<!--".utf8) + [UInt8](repeating: 0x20, count: 2 << 20) + Array("-->".utf8)
    let plain = Fixtures.write(padded, "padded.svg", in: folder)
    let compressed = try await SVGDecodingTests.gzip(plain, in: folder)
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: compressed)))
    #expect(bytes.count < 64 << 10)
    let limits = DecodeLimits(maxSVGBytes: 1 << 20)
    let error = #expect(throws: ThumbnailError.self) {
      try ImageDecoder(limits: limits).decode(bytes: bytes, target: (64, 64))
    }
    #expect(error == .corrupt("it unpacks to more than 1 MiB of SVG, past the limit"))
    let roomy = DecodeLimits(maxSVGBytes: 4 << 20)
    #expect(try ImageDecoder(limits: roomy).decode(bytes: bytes, target: (64, 64)).image.width > 0)
  }

  /// The render's pixels count against the memory cap: a box past it (a drawing zoomed
  /// far) gets the largest render within the cap, its aspect kept, not an error.
  @Test func aRenderPastTheMemoryCapIsMadeAsLargeAsTheCapAllows() throws {
    let limits = DecodeLimits(maxDecodeBytes: 1 << 20)
    let small = try ImageDecoder(limits: limits).decode(
      bytes: SVGFixtures.redHalf, target: (100, 100))
    #expect(small.image.width == 100)
    let large = try ImageDecoder(limits: limits).decode(
      bytes: SVGFixtures.redHalf, target: (4000, 4000))
    let (width, height) = (large.image.width, large.image.height)
    #expect(width * height * (4 + SVGDecoder.workingBytesPerPixel) <= 1 << 20)
    #expect(width > 400 && width <= 420 && abs(width - 2 * height) <= 1, "\(width)×\(height)")
  }
}

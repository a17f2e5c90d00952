import Foundation
import Pictures
import Testing

@testable import Thumbnails

/// Broken files of every new format: each a clear error (or a partial picture),
/// never a crash, a hang, or an allocation past the limits.
@Suite struct BrokenFormatTests {
  let decoder = ImageDecoder()

  func outcome(_ bytes: [UInt8], decoder: ImageDecoder? = nil) -> Result<
    DecodedImage, ThumbnailError
  > {
    do throws(ThumbnailError) {
      return .success(try (decoder ?? self.decoder).decode(bytes: bytes, target: (64, 64)))
    } catch {
      return .failure(error)
    }
  }

  func error(_ bytes: [UInt8]) -> ThumbnailError? {
    if case .failure(let error) = outcome(bytes) { return error }
    return nil
  }

  @Test(
    arguments: [
      "q.webp", "q-lossy.webp", "anim.webp", "q.heic", "q.avif", "q.tif", "q.jxl", "q-lossy.jxl",
    ])
  func truncatedFilesAreCutShort(name: String) async throws {
    let full = try await Corpus.bytes(name)
    for length in [full.count / 2, 40, 16] {
      let result = outcome(Array(full.prefix(length)))
      switch result {
      case .failure(.truncated), .failure(.corrupt): break
      case .success(let decoded): #expect(decoded.isPartial, "\(name) cut at \(length)")
      case .failure(let other): Issue.record("\(name) cut at \(length): \(other)")
      }
    }
  }

  @Test func truncatedGIFShowsWhatArrivedMarkedPartial() async throws {
    let full = try await Corpus.bytes("q.gif")
    let decoded = try decoder.decode(bytes: Array(full.prefix(full.count - 12)))
    #expect(decoded.isPartial)
    #expect(error(Array(full.prefix(10))) == .truncated)
  }

  @Test func truncatedBMPShowsItsRowsMarkedPartial() async throws {
    let full = try await Corpus.bytes("q.bmp")
    let decoded = try decoder.decode(bytes: Array(full.prefix(full.count / 2)))
    #expect(decoded.isPartial)
    #expect(decoded.image.width == 64 && decoded.image.height == 48)
    // Bottom-up rows: the bottom half arrived (blue), the top did not (background).
    #expect(Fixtures.pixel(decoded.image, 8, 40) == [0, 0, 255, 255])
    #expect(Fixtures.pixel(decoded.image, 8, 4) == [0, 0, 0, 255])
    #expect(error(Array(full.prefix(20))) == .truncated)
  }

  @Test func truncatedAnimationKeepsItsWholeFrames() async throws {
    let full = try await Corpus.bytes("anim.gif")
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(Array(full.prefix(full.count - 20)), "cut.gif", in: folder)
    let animation = try decoder.decodeAnimation(path: path)
    #expect(animation.frames.count >= 2)
    #expect(animation.truncation == .dataEnded)
  }

  @Test func aGIFWhoseScreenHasNoSizeIsCorruptNotACrash() async throws {
    var gif = try await Corpus.bytes("q.gif")
    gif.replaceSubrange(6..<10, with: [0, 0, 0, 0])
    // Decoded for a 64×64 tile: the shrinking is sized before the screen is checked.
    #expect(error(gif) == .corrupt("the header gives no size"))
    #expect(JPEGDecoder.fittedSize(width: 0, height: 0, in: (64, 64)) == (1, 1))
  }

  @Test func enormousClaimsAreRefusedBeforeAllocating() async throws {
    var gif = try await Corpus.bytes("q.gif")
    gif.replaceSubrange(6..<10, with: [0x40, 0x9C, 0x40, 0x9C])  // 40000×40000
    #expect(error(gif) == .tooLarge(width: 40_000, height: 40_000, cap: .side(30_000)))

    var bmp = try await Corpus.bytes("q.bmp")
    bmp.replaceSubrange(18..<22, with: [0x40, 0x9C, 0, 0])  // width 40000
    #expect(error(bmp) == .tooLarge(width: 40_000, height: 48, cap: .side(30_000)))

    var webp = try await Corpus.bytes("anim.webp")
    let vp8x = try #require(Self.find("VP8X", in: webp))
    webp.replaceSubrange((vp8x + 12)..<(vp8x + 18), with: [0x3F, 0x9C, 0, 0x3F, 0x9C, 0])
    #expect(error(webp) == .tooLarge(width: 40_000, height: 40_000, cap: .side(30_000)))

    var tiff = try await Corpus.bytes("q.tif")
    try Self.patchTIFFWidth(&tiff, to: 40_000)
    #expect(error(tiff) == .tooLarge(width: 40_000, height: 48, cap: .side(30_000)))

    var heic = try await Corpus.bytes("q.heic")
    let ispe = try #require(Self.find("ispe", in: heic))
    heic.replaceSubrange((ispe + 8)..<(ispe + 12), with: [0, 0, 0x9C, 0x40])
    switch error(heic) {
    case .tooLarge?, .corrupt?: break
    case let other: Issue.record("a HEIC claiming 40000 columns: \(String(describing: other))")
    }
  }

  @Test func aJPEGXLPastTheSideLimitIsRefused() async throws {
    let folder = Fixtures.makeFolder()
    Fixtures.write(
      Fixtures.png(PixelImage(width: 2000, height: 1, filledWith: (9, 9, 9, 255)), kind: .rgb),
      "wide.png", in: folder)
    #expect(
      await Tools.run("cjxl", ["--quiet", "-d", "0", "wide.png", "wide.jxl"], in: folder) == nil)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/wide.jxl")))
    let narrow = ImageDecoder(limits: DecodeLimits(maxSide: 1000))
    #expect(throws: ThumbnailError.tooLarge(width: 2000, height: 1, cap: .side(1000))) {
      try narrow.decode(bytes: bytes)
    }
  }

  @Test func zeroFrames() {
    #expect(error(GIFBuilder(width: 4, height: 4).bytes()) == .noFrames)
    var webp = Array("VP8X".utf8) + [10, 0, 0, 0, 0x02, 0, 0, 0, 3, 0, 0, 3, 0, 0]
    webp += Array("ANIM".utf8) + [6, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    #expect(error(Self.riff(webp)) == .noFrames)
  }

  @Test func gifFrameBombStopsAtTheFrameLimit() throws {
    var builder = GIFBuilder(width: 8, height: 8)
    for _ in 0..<5000 { builder.addFrame(left: 0, top: 0, width: 1, height: 1) }
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(builder.bytes(), "bomb.gif", in: folder)
    #expect(try decoder.decode(path: path).metadata.frameCount == 5000)
    let animation = try decoder.decodeAnimation(path: path)
    #expect(animation.frames.count == 1000)
    #expect(animation.truncation == .frameLimit)
  }

  @Test func gifWorkBombStopsAtTheWorkLimit() throws {
    var builder = GIFBuilder(width: 1000, height: 1000)
    for _ in 0..<50 { builder.addFrame(left: 0, top: 0, width: 1, height: 1) }
    let limits = DecodeLimits(maxAnimationPixels: 10_000_000)
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(builder.bytes(), "work.gif", in: folder)
    let animation = try ImageDecoder(limits: limits).decodeAnimation(path: path, target: (10, 10))
    #expect(animation.frames.count == 10)
    #expect(animation.truncation == .workLimit)
  }

  @Test func aGIFFrameClaimingTooManyPixelsIsRefused() {
    // Its indices, a byte a pixel, would pass the memory cap, before they are allocated.
    var builder = GIFBuilder(width: 16, height: 16)
    builder.addFrame(left: 0, top: 0, width: 25_000, height: 25_000)
    switch error(builder.bytes()) {
    case .tooLarge(25_000, 25_000, .memory(let bytes, _, _, _))?:
      #expect(bytes > 625_000_000)
    case let other: Issue.record("a frame of 25000×25000: \(String(describing: other))")
    }
    var wide = GIFBuilder(width: 16, height: 16)
    wide.addFrame(left: 0, top: 0, width: 40_000, height: 1)
    #expect(error(wide.bytes()) == .tooLarge(width: 40_000, height: 1, cap: .side(30_000)))
  }

  @Test func webpFrameBombStopsAtTheFrameLimit() async throws {
    let original = try await Corpus.bytes("anim.webp")
    let container = WebPContainer(original, keepFrames: 1)
    let frame = try #require(container.chunks.first { $0.fourCC == "ANMF" })
    var chunks: [UInt8] = []
    for chunk in container.chunks where chunk.fourCC != "ANMF" { chunks += original[chunk.range] }
    for _ in 0..<3000 { chunks += original[frame.range] }
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(Self.riff(chunks), "bomb.webp", in: folder)
    let animation = try decoder.decodeAnimation(path: path)
    #expect(animation.metadata.frameCount == 3000)
    #expect(animation.frames.count == 1000)
    #expect(animation.truncation == .frameLimit)
  }

  @Test(arguments: [
    Array("GIF89a".utf8), Array("RIFF".utf8) + [100, 0, 0, 0] + Array("WEBP".utf8),
    [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8),
    [0, 0, 0, 24] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("mif1avif".utf8),
    [0x49, 0x49, 0x2A, 0], [0x4D, 0x4D, 0, 0x2A], [0xFF, 0x0A],
    [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A],
    Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0],
  ])
  func aSignatureFollowedByNoiseIsAnError(signature: [UInt8]) {
    for seed in 0..<4 {
      let noise = (0..<600).map { UInt8(truncatingIfNeeded: ($0 * 37 + seed * 101) % 251) }
      switch outcome(signature + noise) {
      case .failure(let error): #expect(!error.description.isEmpty)
      case .success(let decoded): #expect(decoded.isPartial)
      }
    }
  }

  @Test func bmpVariantsTheGalleryDoesNotReadSayWhat() {
    var header = Array("BM".utf8) + [UInt8](repeating: 0, count: 12)
    header += [40, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 1, 0, 24, 0, 4, 0, 0, 0]
    header += [UInt8](repeating: 0, count: 40)
    header[10] = 54
    #expect(error(header) == .unsupportedVariant(.bmp, "an embedded JPEG"))
  }

  @Test func newErrorsReadAsSentences() {
    #expect(ThumbnailError.unsupportedFormat.description.contains("WebP"))
    #expect(ThumbnailError.noFrames.description.contains("no frames"))
    #expect(
      ThumbnailError.unsupportedVariant(.bmp, "an embedded JPEG").description
        == "This BMP file uses an embedded JPEG, which the gallery does not read")
  }

  // MARK: - Helpers

  static func find(_ text: String, in bytes: [UInt8]) -> Int? {
    let needle = Array(text.utf8)
    return (0...(bytes.count - needle.count)).first {
      bytes[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }

  /// A RIFF WebP file around `chunks`.
  static func riff(_ chunks: [UInt8]) -> [UInt8] {
    let size = chunks.count + 4
    return Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
      + Array("WEBP".utf8) + chunks
  }

  /// Sets the ImageWidth entry of a TIFF's first directory.
  static func patchTIFFWidth(_ bytes: inout [UInt8], to width: Int) throws {
    let little = bytes[0] == 0x49
    func read(_ at: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * (little ? $1 : count - 1 - $1)) }
    }
    let directory = read(4, 4)
    for entry in 0..<read(directory, 2) {
      let at = directory + 2 + entry * 12
      guard read(at, 2) == 256 else { continue }
      let size = read(at + 2, 2) == 3 ? 2 : 4
      for index in 0..<size {
        let shift = 8 * (little ? index : size - 1 - index)
        bytes[at + 8 + index] = UInt8(truncatingIfNeeded: width >> shift)
      }
      return
    }
    Issue.record("no ImageWidth entry")
  }
}

/// GIF files built byte by byte: a two-colour palette and 1-pixel-coded frames.
struct GIFBuilder {
  var width: Int
  var height: Int
  private var frames: [UInt8] = []

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// A frame whose descriptor claims `width`×`height` but whose data is one pixel.
  mutating func addFrame(left: Int, top: Int, width: Int, height: Int) {
    frames += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]  // control: 100 ms, no transparency
    frames += [0x2C] + short(left) + short(top) + short(width) + short(height) + [0]
    // LZW, minimum code size 2: clear (4), index 0, end (5) in 3-bit codes.
    frames += [2, 2, 0x44, 0x01, 0]
  }

  func bytes() -> [UInt8] {
    Array("GIF89a".utf8) + short(width) + short(height) + [0x80, 0, 0]
      + [255, 0, 0, 255, 255, 255] + frames + [0x3B]
  }

  private func short(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}

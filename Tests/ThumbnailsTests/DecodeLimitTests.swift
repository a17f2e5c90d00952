import Foundation
import TestSupport
import Testing

@testable import Pictures
@testable import Thumbnails

/// The memory cap counts what a decode holds at the scale it decodes at, not the pixels a
/// header claims: a phone's 108- or 200-megapixel JPEG shows, at 1/8 for its thumbnail;
/// what truly needs too much is refused before allocating, saying how much.
@Suite struct DecodeLimitTests {
  let decoder = ImageDecoder()

  func error(
    _ bytes: [UInt8], target: (width: Int, height: Int)? = nil, limits: DecodeLimits = .standard
  )
    -> ThumbnailError?
  {
    do {
      _ = try ImageDecoder(limits: limits).decode(bytes: bytes, target: target)
      return nil
    } catch {
      return error
    }
  }

  @Test func aTwelveByNineThousandJPEGThumbnailDecodesAtAnEighth() throws {
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(
      Fixtures.flatJPEG(width: 12_000, height: 9000), "108mp.jpg", in: folder)
    let decoded = try decoder.decode(path: path, target: (160, 120))
    #expect(decoded.image.width == 1500 && decoded.image.height == 1125)
    #expect(decoded.metadata.originalWidth == 12_000 && decoded.metadata.originalHeight == 9000)
    #expect(!decoded.isPartial)
    #expect(Fixtures.close(Fixtures.pixel(decoded.image, 700, 500), [128, 128, 128, 255]))
  }

  @Test func theDetailViewDecodesAtTheScaleCoveringTheScreen() throws {
    let bytes = Fixtures.flatJPEG(width: 12_000, height: 9000)
    // A 4K screen: the fit is 2880×2160, which 1/4 (3000×2250) covers and 1/8 does not.
    let detail = try decoder.decode(bytes: bytes, target: (3840, 2160))
    #expect(detail.image.width == 3000 && detail.image.height == 2250)
    #expect(!detail.isPartial)
  }

  @Test func aTwoHundredMegapixelThumbnailDecodesButNotItsFullSize() throws {
    let bytes = Fixtures.flatJPEG(width: 16_320, height: 12_240)
    let thumbnail = try decoder.decode(bytes: bytes, target: (256, 256))
    #expect(thumbnail.image.width == 2040 && thumbnail.image.height == 1530)
    // Whole, the same picture is 16320 × 12240 × 4 bytes: refused before allocating.
    let refusal = error(bytes)
    #expect(
      refusal
        == .tooLarge(
          width: 16_320, height: 12_240,
          cap: .memory(
            bytes: 799_027_200, limit: 512 << 20, decodedWidth: 16_320, decodedHeight: 12_240)))
    #expect(
      refusal?.description
        == "Decoding this 16320×12240 picture needs 763 MiB, past the 512 MiB limit")
  }

  /// Through the pipeline as the grid and the detail view ask: both are drawn.
  @Test func thePipelineDrawsAPhonesLargestPicturesInTheGridAndTheDetailView() async throws {
    let folder = Fixtures.makeFolder()
    let pictures = [
      (
        Fixtures.write(Fixtures.flatJPEG(width: 12_000, height: 9000), "108mp.jpg", in: folder),
        12_000
      ),
      (
        Fixtures.write(Fixtures.flatJPEG(width: 16_320, height: 12_240), "200mp.jpg", in: folder),
        16_320
      ),
    ]
    let results = Recorder<ThumbnailResult>()
    let done = TestSignal()
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(
        diskCache: ThumbnailDiskCache(isEnabled: false), threadCount: 1)
    ) { _, result in
      results.append(result)
      done.signal()
    }
    defer { pipeline.shutdown() }
    // A grid tile, then a detail view of 240×60 cells (1920×960 pixels).
    let boxes = [TileSize(columns: 20, rows: 10), TileSize(columns: 240, rows: 60)]
    for (path, width) in pictures {
      for box in boxes {
        pipeline.request(ThumbnailRequest(path: path, size: box), priority: 1)
        // Seconds of decoding under a sanitizer, on a worker that runs at a lower priority
        // than the tests beside it (they are ahead of it for as long as they keep the cores).
        try #require(await done.wait(timeout: .seconds(120)))
        guard case .art(let art, let metadata, let isPartial)? = results.elements.last else {
          Issue.record("\(path) in \(box): \(String(describing: results.elements.last))")
          continue
        }
        #expect(art.size == box && metadata?.originalWidth == width && !isPartial)
      }
    }
  }

  @Test func aJPEGWhoseScaledDecodeIsStillPastTheCapIsRefused() {
    // 1500 × 1125 × 4 = 6,750,000 bytes at 1/8, past a cap of 4 MiB.
    let limits = DecodeLimits(maxDecodeBytes: 4 << 20)
    let refusal = error(
      Fixtures.flatJPEG(width: 12_000, height: 9000), target: (160, 120), limits: limits)
    #expect(
      refusal
        == .tooLarge(
          width: 12_000, height: 9000,
          cap: .memory(
            bytes: 6_750_000, limit: 4 << 20, decodedWidth: 1500, decodedHeight: 1125)))
    #expect(
      refusal?.description
        == "Decoding this 12000×9000 picture at 1500×1125 needs 7 MiB, past the 4 MiB limit")
  }

  @Test func aProgressiveJPEGCountsItsCoefficientsAtEveryScale() {
    // 4:4:4: three components of 1500×1125 blocks, 128 bytes each, whatever the scale.
    let progressive = Fixtures.flatJPEG(
      width: 12_000, height: 9000, fullChroma: true, progressive: true)
    #expect(
      error(progressive, target: (160, 120))
        == .tooLarge(
          width: 12_000, height: 9000,
          cap: .memory(
            bytes: 648_000_000 + 6_750_000, limit: 512 << 20, decodedWidth: 1500,
            decodedHeight: 1125)))
    // In 4:2:0 the chroma has a quarter of the blocks (rounded to whole MCUs).
    let frame = JPEGFrame.read(Fixtures.flatJPEG(width: 12_000, height: 9000, progressive: true))
    #expect(frame?.buffersCoefficients == true)
    #expect(
      frame?.coefficientBytes(width: 12_000, height: 9000)
        == (1500 * 1126 + 2 * 750 * 563) * 128)
  }

  @Test func onlyProgressiveAndMultiScanJPEGsBufferCoefficients() throws {
    let image = Fixtures.scene(width: 64, height: 48)
    #expect(JPEGFrame.read(Fixtures.jpeg(image))?.buffersCoefficients == false)
    #expect(JPEGFrame.read(Fixtures.jpeg(image, kind: .greyscale))?.buffersCoefficients == false)
    let progressive = try #require(JPEGFrame.read(Fixtures.jpeg(image, kind: .progressive)))
    #expect(progressive.buffersCoefficients)
    #expect(progressive.coefficientBytes(width: 64, height: 48) == 3 * 8 * 6 * 128)
    // A first scan of one component of three: libjpeg buffers the picture too.
    var multiScan = Fixtures.flatJPEG(width: 64, height: 48)
    let sos = try #require(
      (0..<(multiScan.count - 1)).first { multiScan[$0] == 0xFF && multiScan[$0 + 1] == 0xDA })
    multiScan.replaceSubrange((sos + 2)..<(sos + 14), with: [0, 8, 1, 1, 0x00, 0, 63, 0])
    #expect(JPEGFrame.read(multiScan)?.buffersCoefficients == true)
    #expect(JPEGFrame.read([0xFF, 0xD8, 0xFF, 0xD9]) == nil)
  }

  @Test func anEXIFTurnCountsTheTurnedCopy() {
    let frame = JPEGFrame(sampling: [(2, 2), (1, 1), (1, 1)], buffersCoefficients: false)
    let upright = JPEGDecoder.cost(
      width: 12_000, height: 9000, scale: JPEGScale(1, 8), frame: frame, orientation: 1)
    let turned = JPEGDecoder.cost(
      width: 12_000, height: 9000, scale: JPEGScale(1, 8), frame: frame, orientation: 6)
    #expect(upright.bytes == 6_750_000 && turned.bytes == 13_500_000)
  }

  @Test func aPNGHeaderPastTheCapIsRefusedBeforeAllocating() {
    // 20000 × 20000 × 4 bytes; the header alone, no pixel data to allocate for.
    let refusal = error(Fixtures.pngHeader(width: 20_000, height: 20_000))
    #expect(
      refusal
        == .tooLarge(
          width: 20_000, height: 20_000,
          cap: .memory(
            bytes: 1_600_000_000, limit: 512 << 20, decodedWidth: 20_000, decodedHeight: 20_000)))
    #expect(
      refusal?.description
        == "Decoding this 20000×20000 picture needs 1.5 GiB, past the 512 MiB limit")
    // 12000 × 12000 × 4 is 549.3 MiB: just past.
    #expect(
      error(Fixtures.pngHeader(width: 12_000, height: 12_000))?.description
        == "Decoding this 12000×12000 picture needs 550 MiB, past the 512 MiB limit")
  }

  @Test func aTwelveByNineThousandPNGIsWithinTheCap() {
    // 432,000,000 bytes (412 MiB): past the header, the data is what fails.
    #expect(error(Fixtures.pngHeader(width: 12_000, height: 9000)) == .truncated)
    #expect(
      PNGDecoder.cost(width: 12_000, height: 9000).bytes == 432_000_000
        && DecodeLimits.standard.allows(bytes: 432_000_000))
  }

  @Test func claimsAreRefusedBeforeAnyWorkWithTheirCap() {
    #expect(
      error(Fixtures.pngHeader(width: 40_000, height: 10))
        == .tooLarge(width: 40_000, height: 10, cap: .side(30_000)))
    let wide = DecodeLimits(maxSide: 100_000)
    let claim = error(Fixtures.pngHeader(width: 65_535, height: 65_535), limits: wide)
    #expect(claim == .tooLarge(width: 65_535, height: 65_535, cap: .pixels(1_000_000_000)))
    #expect(
      claim?.description
        == "The header claims 65535×65535 pixels, past the 1000-megapixel limit")
    #expect(
      ThumbnailError.tooLarge(width: 40_000, height: 10, cap: .side(30_000)).description
        == "The header claims 40000×10 pixels, past the 30000-pixel side limit")
  }

  @Test func aFuzzedHeaderCannotOverflowTheChecks() throws {
    // Every claim let through: the cost saturates instead of trapping, and is refused.
    let open = DecodeLimits(maxPixels: .max, maxSide: .max)
    let huge = error(Fixtures.pngHeader(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), limits: open)
    #expect(
      huge
        == .tooLarge(
          width: 0xFFFF_FFFF, height: 0xFFFF_FFFF,
          cap: .memory(
            bytes: .max, limit: 512 << 20, decodedWidth: 0xFFFF_FFFF,
            decodedHeight: 0xFFFF_FFFF)))
    #expect(huge?.description.hasSuffix("past the 512 MiB limit") == true)
    #expect(Saturating.product(1 << 40, 1 << 40) == .max)
    #expect(Saturating.sum(.max, 1) == .max)
    #expect(Saturating.product(3, -1) == 0)
    // The largest JPEG libjpeg reads (65500 a side), with the claims let through.
    var jpeg = Fixtures.flatJPEG(width: 64, height: 48)
    let size = try #require(jpeg.firstIndex(of: 0xC0)) + 4
    jpeg.replaceSubrange(size..<(size + 4), with: [0xFF, 0xDC, 0xFF, 0xDC])
    switch error(jpeg, limits: open) {
    case .tooLarge(65_500, 65_500, .memory(let bytes, _, _, _))?:
      #expect(bytes == 65_500 * 65_500 * 4)
    case let other: Issue.record("a 65500×65500 JPEG: \(String(describing: other))")
    }
  }

  @Test func sizesReadRoundedTheSafeWay() {
    #expect(ByteText.roundedUp(512 << 20) == "512 MiB")
    #expect(ByteText.roundedUp((512 << 20) + 1) == "513 MiB")
    #expect(ByteText.roundedDown((512 << 20) + 1) == "512 MiB")
    #expect(ByteText.roundedUp(1_600_000_000) == "1.5 GiB")
    #expect(ByteText.roundedUp(3 << 30) == "3.0 GiB")
    #expect(ByteText.roundedUp(40 << 30) == "40 GiB")
    #expect(ByteText.roundedUp(1500) == "2 KiB")
    #expect(ByteText.roundedUp(100) == "100 bytes")
  }

  @Test func finishingCountsOnlyTheCopiesItMakes() {
    let plain = Finishing(target: nil, background: .black)
    #expect(plain.extraBytes(width: 4000, height: 3000) == 0)
    let turned = Finishing(target: nil, background: .black, orientation: 6)
    #expect(turned.extraBytes(width: 4000, height: 3000) == 48_000_000)
    // Shrunk to 400×300: the copy and one row of sums.
    let shrunk = Finishing(target: (400, 300), background: .black)
    #expect(shrunk.extraBytes(width: 4000, height: 3000) == 400 * 300 * 4 + 4000 * 16)
  }
}

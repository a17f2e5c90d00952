import Foundation
import Pictures
import TerminalKit
import TestSupport
import Testing

@testable import Thumbnails

/// The analysis of real files: JPEGs decoded, raw files from their sensor data.
@Suite struct PictureAnalyzerTests {
  private let analyzer = PictureAnalyzer()

  @Test func aJPEGIsMeasuredOnItsDecodedPixels() throws {
    let path = BuiltProduct.packageRoot().appendingPathComponent("Assets/Kitchen/kitchen-1.jpg")
      .path
    let analysis = try analyzer.analyze(path: path).get()
    #expect(analysis.source == .decoded)
    let decoded = try ImageDecoder().decode(path: path, target: (1024, 1024))
    #expect(analysis.histogram.pixelCount == decoded.image.width * decoded.image.height)
    #expect(analysis.clipping.pixelCount == analysis.histogram.pixelCount)
    let sharpness = try #require(analysis.sharpness)
    #expect(sharpness.value > 0)
  }

  @Test func aRawIsMeasuredOnItsSensorData() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Fixtures.write(RAWFixtures.dng(preview: (120, 80)), "quadrants.dng", in: folder)
    let analysis = try analyzer.analyze(path: path).get()
    #expect(analysis.source == .sensor)
    // 480×320 photosites in 2×2 blocks; each quadrant holds a channel at the white level.
    let blocks = (RAWFixtures.width / 2) * (RAWFixtures.height / 2)
    #expect(analysis.histogram.pixelCount == blocks)
    #expect(analysis.histogram.red[255] == UInt32(blocks / 2))
    #expect(analysis.histogram.red[0] == UInt32(blocks / 2))
    #expect(analysis.histogram.green[255] == UInt32(blocks / 2))
    #expect(analysis.clipping.highlights == 1)
    #expect(analysis.clipping.shadows == 0)
    // The preview is 120×80: measured at its own size.
    #expect(analysis.sharpness?.side == 120)
  }

  @Test func aRawsSensorTonesAloneAreItsAnalysisTones() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Fixtures.write(RAWFixtures.dng(preview: (120, 80)), "quadrants.dng", in: folder)
    let analysis = try analyzer.analyze(path: path).get()
    let tones = try #require(try analyzer.sensorTones(path: path).get())
    #expect(tones.histogram == analysis.histogram)
    #expect(tones.clipping == analysis.clipping)
    let jpeg = BuiltProduct.packageRoot().appendingPathComponent("Assets/Kitchen/kitchen-1.jpg")
    #expect(throws: ThumbnailError.unsupportedFormat) {
      try analyzer.sensorTones(path: jpeg.path).get()
    }
    let cut = Fixtures.write(RAWFixtures.truncated, "cut.dng", in: folder)
    #expect(throws: ThumbnailError.self) { try analyzer.sensorTones(path: cut).get() }
  }

  @Test func aDarkRawHasClippedShadows() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The top half black, the bottom half mid-grey.
    let (width, height) = (64, 32)
    var scene = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        for channel in 0..<3 { scene[(y * width + x) * 4 + channel] = y < height / 2 ? 0 : 128 }
      }
    }
    let path = Fixtures.write(
      DNGWriter(width: width, height: height, scene: scene, preview: nil).bytes(), "dark.dng",
      in: folder)
    let analysis = try analyzer.analyze(path: path).get()
    #expect(analysis.source == .sensor)
    #expect(analysis.clipping.shadows == 0.5)
    #expect(analysis.clipping.highlights == 0)
    // No preview: no sharpness.
    #expect(analysis.sharpness == nil)
  }

  @Test func brokenFilesGiveErrors() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cut = Fixtures.write(RAWFixtures.truncated, "cut.dng", in: folder)
    #expect(throws: ThumbnailError.self) { try analyzer.analyze(path: cut).get() }
    let huge = Fixtures.write(RAWFixtures.huge, "huge.dng", in: folder)
    #expect(throws: ThumbnailError.self) { try analyzer.analyze(path: huge).get() }
    let empty = Fixtures.write(RAWFixtures.noRawData, "empty.dng", in: folder)
    #expect(throws: ThumbnailError.self) { try analyzer.analyze(path: empty).get() }
    let garbage = Fixtures.write(
      [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x41, count: 300), "garbage.jpg", in: folder)
    #expect(throws: ThumbnailError.self) { try analyzer.analyze(path: garbage).get() }
    #expect(throws: ThumbnailError.self) {
      try analyzer.analyze(path: folder + "/missing.jpg").get()
    }
    // Every cut of the DNG, a few bytes apart near the head: an error or a result, never a
    // crash.
    let whole = RAWFixtures.dng()
    for length in stride(from: 8, to: min(whole.count, 4000), by: 97) {
      let part = Fixtures.write(Array(whole.prefix(length)), "part.dng", in: folder)
      _ = analyzer.analyze(path: part)
    }
  }
}

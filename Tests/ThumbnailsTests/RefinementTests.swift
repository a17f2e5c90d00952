import Foundation
import Pictures
import TerminalKit
import TestSupport
import Testing

@testable import Thumbnails

/// A request for a picture with an embedded preview: the preview first, then the picture,
/// in the same box and fit; previews are never kept.
@Suite struct RefinementTests {
  /// The pipeline's completions, in order, and a wait for the next one.
  final class Completions: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [ThumbnailResult] = []
    private var pictures: [PictureResult] = []

    func add(_ result: ThumbnailResult) {
      lock.lock()
      results.append(result)
      lock.unlock()
    }

    func add(_ picture: PictureResult) {
      lock.lock()
      pictures.append(picture)
      lock.unlock()
    }

    private var resultsSoFar: [ThumbnailResult] {
      lock.lock()
      defer { lock.unlock() }
      return results
    }

    private var picturesSoFar: [PictureResult] {
      lock.lock()
      defer { lock.unlock() }
      return pictures
    }

    /// Waits until a final result has come (or twenty seconds pass); what came so far.
    func waitForFinal() async -> [ThumbnailResult] {
      _ = await Waiting.until { self.resultsSoFar.contains { !$0.isPreview } }
      return resultsSoFar
    }

    func waitForFinalPicture() async -> [PictureResult] {
      _ = await Waiting.until { self.picturesSoFar.contains { !$0.isPreview } }
      return picturesSoFar
    }
  }

  static func photo(in folder: String, orientation: UInt16 = 1) -> String {
    Fixtures.write(
      Fixtures.jpegWithPreview(
        Fixtures.quadrants(width: 640, height: 480),
        preview: PixelImage(width: 160, height: 120, filledWith: (0, 0, 255, 255)),
        orientation: orientation),
      "photo.jpg", in: folder)
  }

  static func pipeline(_ folder: String, _ completions: Completions, threads: Int = 1)
    -> ThumbnailPipeline
  {
    ThumbnailPipeline(
      configuration: ThumbnailConfiguration(
        diskCache: ThumbnailDiskCache(root: folder + "/cache/thumbnails"), threadCount: threads)
    ) { _, result in completions.add(result) }
  }

  @Test func thePreviewComesFirstThenThePictureInTheSameFit() async throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Self.photo(in: folder)
    let completions = Completions()
    let pipeline = Self.pipeline(folder, completions)
    defer { pipeline.shutdown() }
    let request = ThumbnailRequest(path: path, size: TileSize(columns: 24, rows: 10))
    pipeline.request(request, priority: 2)
    let results = await completions.waitForFinal()
    try #require(results.count == 2)
    guard case .art(let preview, let previewMetadata, _) = results[0],
      case .art(let final, let metadata, _) = results[1]
    else {
      Issue.record("expected two drawings, got \(results)")
      return
    }
    #expect(preview.isPreview && !final.isPreview)
    #expect(preview.fit == final.fit, "the picture lands where its preview was")
    #expect(preview.size == final.size)
    #expect(previewMetadata?.originalWidth == 640 && metadata?.originalWidth == 640)
    // The preview is blue all over; the picture has its red quadrant top left.
    let corner = final.fit.row * final.size.columns + final.fit.column
    #expect(preview.cells[corner] != final.cells[corner])
    // Only the picture is cached: asking again gives it at once, never the preview.
    let cached = try #require(pipeline.cachedResult(for: request))
    #expect(!cached.isPreview)
  }

  @Test func withoutPreviewsOnlyThePictureComes() async throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Self.photo(in: folder)
    let completions = Completions()
    let pipeline = Self.pipeline(folder, completions)
    defer { pipeline.shutdown() }
    // The detail view's picture, or --print: the final picture only.
    pipeline.request(
      ThumbnailRequest(path: path, size: TileSize(columns: 60, rows: 20)), priority: 4,
      preview: false)
    let results = await completions.waitForFinal()
    #expect(results.count == 1)
    #expect(results.first?.isPreview == false)
  }

  @Test func aPictureWithoutPreviewCompletesOnce() async throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Fixtures.write(
      Fixtures.jpeg(Fixtures.quadrants(width: 640, height: 480)), "plain.jpg", in: folder)
    let completions = Completions()
    let pipeline = Self.pipeline(folder, completions)
    defer { pipeline.shutdown() }
    pipeline.request(
      ThumbnailRequest(path: path, size: TileSize(columns: 24, rows: 10)), priority: 2)
    let results = await completions.waitForFinal()
    #expect(results.count == 1 && results.first?.isPreview == false)
  }

  @Test func everyPreviewGoesBeforeAnyDecoding() async throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let photo = Fixtures.jpegWithPreview(
      Fixtures.quadrants(width: 640, height: 480),
      preview: PixelImage(width: 160, height: 120, filledWith: (0, 0, 255, 255)))
    let paths = (0..<6).map { Fixtures.write(photo, "p\($0).jpg", in: folder) }
    let order = Recorder<Bool>()
    let done = TestSignal()
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(
        diskCache: ThumbnailDiskCache(isEnabled: false), threadCount: 1)
    ) { _, result in
      order.append(result.isPreview)
      done.signal()
    }
    defer { pipeline.shutdown() }
    pipeline.pause()  // queue everything before the worker starts
    for path in paths {
      pipeline.request(
        ThumbnailRequest(path: path, size: TileSize(columns: 20, rows: 8)), priority: 2)
    }
    pipeline.resume()
    #expect(await done.wait(count: 12))
    #expect(order.elements == Array(repeating: true, count: 6) + Array(repeating: false, count: 6))
  }

  @Test func picturesInPixelsRefineToo() async throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Self.photo(in: folder)
    let completions = Completions()
    let pipeline = Self.pipeline(folder, completions)
    defer { pipeline.shutdown() }
    let request = PictureRequest(
      path: path,
      tile: PictureTile(size: TileSize(columns: 8, rows: 3), cell: .init(width: 10, height: 20)),
      format: .kitty)
    pipeline.requestPicture(request, priority: 2) { _, result in completions.add(result) }
    let results = await completions.waitForFinalPicture()
    try #require(results.count == 2)
    let preview = try #require(results[0].image)
    let final = try #require(results[1].image)
    #expect(preview.isPreview && !final.isPreview)
    #expect(preview.columns == final.columns && preview.rows == final.rows)
    #expect(preview.id != final.id, "a new image replaces the preview's")
    #expect(pipeline.cachedPicture(for: request)?.image === final)
  }

  @Test func aPreviewInPixelsCoversWhatThePictureWill() {
    let tile = PictureTile(size: TileSize(columns: 30, rows: 8), cell: .init(width: 10, height: 20))
    let white = (UInt8(255), UInt8(255), UInt8(255), UInt8(255))
    /// The rectangle of pixels that are not the black background.
    func covered(_ image: PixelImage) -> (Int, Int, Int, Int) {
      var box = (Int.max, Int.max, -1, -1)
      for y in 0..<image.height {
        for x in 0..<image.width where image.pixels[(y * image.width + x) * 4] > 128 {
          box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
        }
      }
      return box
    }
    let picture = tile.render(PixelImage(width: 640, height: 480, filledWith: white))
    let preview = PixelImage(width: 160, height: 120, filledWith: white)
    #expect(covered(tile.render(preview, standingFor: (640, 480))) == covered(picture))
    #expect(covered(tile.render(preview)) != covered(picture), "alone it keeps its own size")
  }

  @Test func aCancelledRequestLeavesNoDecodingBehind() async throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Self.photo(in: folder)
    let completions = Completions()
    let pipeline = Self.pipeline(folder, completions)
    defer { pipeline.shutdown() }
    let request = ThumbnailRequest(path: path, size: TileSize(columns: 24, rows: 10))
    pipeline.pause()
    pipeline.request(request, priority: 2)
    pipeline.cancelAll(except: [])
    pipeline.resume()
    // Another request after it shows the queue has run.
    let other = ThumbnailRequest(path: path, size: TileSize(columns: 12, rows: 5))
    pipeline.request(other, priority: 1, preview: false)
    let results = await completions.waitForFinal()
    #expect(results.count == 1)
    #expect(pipeline.cachedResult(for: request) == nil)
  }
}

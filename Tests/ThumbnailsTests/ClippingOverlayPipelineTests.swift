import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Thumbnails

/// The clipping overlay in the pipeline: painted art and pictures are kept apart from
/// plain ones, in memory by their requests, and never written to disk.
@Suite struct ClippingOverlayPipelineTests {
  @Test func paintedArtIsDrawnRedAndNeverStoredOnDisk() throws {
    // White: every pixel a clipped highlight.
    let (folder, path, artCache, pipeline) = Self.pipeline(of: (255, 255, 255, 255), "white.jpg")
    defer { Self.close(folder, pipeline) }
    let identity = try #require(ArtDiskCache.identity(path: path))
    let size = TileSize(columns: 8, rows: 4)
    let plain = ThumbnailRequest(path: path, size: size)
    let painted = ThumbnailRequest(path: path, size: size, paintsClipping: true)
    #expect(
      pipeline.artKey(plain, identity: identity) == pipeline.artKey(painted, identity: identity))

    let plainArt = try #require(art(pipeline.produce(plain, isCancelled: { false })))
    #expect(artCache.load(pipeline.artKey(plain, identity: identity)) != nil)
    #expect(colours(plainArt) == [.rgb(255, 255, 255)])
    let paintedArt = try #require(art(pipeline.produce(painted, isCancelled: { false })))
    #expect(colours(paintedArt) == [.rgb(255, 0, 0)])
    // The plain art on disk under the same key does not stand in for the painted one.
    let quick = try #require(art(pipeline.quickResult(painted, preview: false)))
    #expect(colours(quick) == [.rgb(255, 0, 0)])
    #expect(art(pipeline.cachedResult(for: painted)) == paintedArt)
    #expect(art(pipeline.cachedResult(for: plain)) == plainArt)
    // The art on disk is still the plain one.
    guard
      case .cells(let stored)? = artCache.load(pipeline.artKey(plain, identity: identity))?
        .drawing
    else {
      Issue.record("the plain art is gone")
      return
    }
    #expect(stored == plainArt)
  }

  /// A JPEG of one `colour` named `name` in a folder of its own, and a pipeline that keeps
  /// drawn art there and no freedesktop thumbnails.
  static func pipeline(of colour: (UInt8, UInt8, UInt8, UInt8), _ name: String) -> (
    folder: String, path: String, artCache: ArtDiskCache, pipeline: ThumbnailPipeline
  ) {
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(
      Fixtures.jpeg(PixelImage(width: 64, height: 64, filledWith: colour)), name, in: folder)
    let artCache = ArtDiskCache(root: folder + "/art")
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(
        diskCache: ThumbnailDiskCache(isEnabled: false), artCache: artCache)
    ) { _, _ in }
    return (folder, path, artCache, pipeline)
  }

  static func close(_ folder: String, _ pipeline: ThumbnailPipeline) {
    pipeline.shutdown()
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func art(_ result: ThumbnailResult?) -> CellArt? {
    guard case .art(let art, _, _)? = result else { return nil }
    return art
  }

  private func colours(_ art: CellArt) -> Set<Color> {
    Set(art.cells.flatMap { [$0.style.background, $0.style.foreground] }.filter { $0 != .default })
  }

  @Test func paintedPicturesAreNeverStoredOnDisk() throws {
    let (folder, path, artCache, pipeline) = Self.pipeline(of: (0, 0, 0, 255), "black.jpg")
    defer { Self.close(folder, pipeline) }
    let identity = try #require(ArtDiskCache.identity(path: path))
    let tile = PictureTile(size: TileSize(columns: 4, rows: 2), cell: .init(width: 8, height: 16))
    let painted = PictureRequest(path: path, tile: tile, format: .kitty, paintsClipping: true)
    let result = try #require(pipeline.producePicture(painted, isCancelled: { false }))
    guard case .image = result else {
      Issue.record("no picture")
      return
    }
    #expect(artCache.load(pipeline.pictureKey(painted, identity: identity)) == nil)
    #expect(pipeline.cachedPicture(for: painted) != nil)
    let plain = PictureRequest(path: path, tile: tile, format: .kitty)
    #expect(pipeline.cachedPicture(for: plain) == nil)
    _ = pipeline.producePicture(plain, isCancelled: { false })
    #expect(artCache.load(pipeline.pictureKey(plain, identity: identity)) != nil)
  }

  @Test func paintedRequestsAreKeptApartFromPlainOnes() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Fixtures.write(
      Fixtures.jpeg(Fixtures.quadrants(width: 64, height: 64)), "q.jpg", in: folder)
    let plain = ThumbnailRequest(path: path, size: TileSize(columns: 8, rows: 4))
    let painted = ThumbnailRequest(
      path: path, size: TileSize(columns: 8, rows: 4), paintsClipping: true)
    #expect(plain != painted)
    let tile = PictureTile(
      size: TileSize(columns: 4, rows: 2), cell: CellPixelSize(width: 8, height: 16))
    let image = PixelImage(width: 4, height: 4, filledWith: (255, 255, 255, 255))
    let rendered = tile.render(image, paintsClipping: true)
    // The picture is painted red; the letterbox around it keeps the background.
    #expect(Fixtures.pixel(rendered, 16, 16).prefix(3) == [255, 0, 0])
    #expect(Fixtures.pixel(rendered, 0, 0).prefix(3) == [0, 0, 0])
    let unpainted = tile.render(image)
    #expect(Fixtures.pixel(unpainted, 16, 16).prefix(3) == [255, 255, 255])
  }
}

import Foundation
import Pictures
import SystemSupport
import TerminalKit
import Testing

@testable import Thumbnails

/// A video whose attached cover (100×100) is its poster gives its frames' size (320×240)
/// to the status line whichever way its tile came: decoded, from the freedesktop
/// thumbnail, from the art drawn on disk from either, as cell art and in pixels.
@Suite struct CoveredVideoCacheTests {
  static let frames = PixelSize(width: 320, height: 240)

  /// A one-worker pipeline over the thumbnails and the art folder in `folder`; the art
  /// read and written only when `art`.
  static func pipeline(_ folder: String, art: Bool) -> ThumbnailPipeline {
    ThumbnailPipeline(
      configuration: ThumbnailConfiguration(
        diskCache: ThumbnailDiskCache(root: folder + "/thumbnails"), threadCount: 1,
        artCache: ArtDiskCache(root: folder + "/art", isEnabled: art))
    ) { _, _ in }
  }

  static func size(_ result: ThumbnailResult?) -> PixelSize? {
    guard case .art(_, let metadata?, _)? = result else { return nil }
    return metadata.shownSize
  }

  static func size(_ result: PictureResult?) -> PixelSize? {
    guard case .image(_, let metadata?, _)? = result else { return nil }
    return metadata.shownSize
  }

  @Test func theFramesSizeComesByEveryCache() async throws {
    let video = try await VideoFixtures.path("cover.mp4")
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Boxes of 80×80 pixels: the 100×100 cover's thumbnails serve them.
    let cells = ThumbnailRequest(path: video, size: TileSize(columns: 10, rows: 5))
    let pixels = PictureRequest(
      path: video, tile: PictureTile(size: cells.size, cell: .init(width: 8, height: 16)),
      format: .kitty)

    // Cold: decoded, the thumbnails and the art written.
    let cold = Self.pipeline(folder, art: true)
    defer { cold.shutdown() }
    #expect(Self.size(cold.quickResult(cells, preview: false)) == nil, "nothing cached yet")
    #expect(Self.size(cold.produce(cells) { false }) == Self.frames)
    #expect(Self.size(cold.producePicture(pixels) { false }) == Self.frames)

    // Warm, the freedesktop thumbnails alone.
    let thumbnails = Self.pipeline(folder, art: false)
    defer { thumbnails.shutdown() }
    #expect(Self.size(thumbnails.quickResult(cells, preview: false)) == Self.frames)
    #expect(Self.size(thumbnails.quickPicture(pixels, preview: false)) == Self.frames)

    // Warm, the art drawn in the cold run.
    let drawn = Self.pipeline(folder, art: true)
    defer { drawn.shutdown() }
    #expect(Self.size(drawn.quickResult(cells, preview: false)) == Self.frames)
    #expect(Self.size(drawn.quickPicture(pixels, preview: false)) == Self.frames)

    // The art drawn anew from the thumbnails, then read back by another run.
    try FileManager.default.removeItem(atPath: folder + "/art")
    let redrawn = Self.pipeline(folder, art: true)
    defer { redrawn.shutdown() }
    #expect(Self.size(redrawn.quickResult(cells, preview: false)) == Self.frames)
    #expect(Self.size(redrawn.quickPicture(pixels, preview: false)) == Self.frames)
    let again = Self.pipeline(folder, art: true)
    defer { again.shutdown() }
    #expect(Self.size(again.quickResult(cells, preview: false)) == Self.frames)
    #expect(Self.size(again.quickPicture(pixels, preview: false)) == Self.frames)
  }

  /// A video's thumbnail this program wrote before it named the frames' size may give a
  /// cover's size as the video's: it is decoded again. One that names it serves.
  @Test func anOwnVideoThumbnailWithoutTheFramesSizeIsNotRead() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let video = Fixtures.write([1, 2, 3], "v.mp4", in: folder)
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    let stored = try #require(cache.thumbnailPath(for: video, flavor: .normal))
    try FileManager.default.createDirectory(
      atPath: folder + "/thumbnails/normal", withIntermediateDirectories: true)
    let ours = [
      ("Thumb::URI", try #require(ThumbnailDiskCache.uri(forPath: video))),
      ("Thumb::MTime", String(try #require(FileReader.modificationTime(path: video)))),
      ("Software", "gallery"), ("X-Gallery::Background", "opaque"),
      ("Thumb::Image::Width", "100"), ("Thumb::Image::Height", "100"),
      ("Thumb::Movie::Length", "10"),
    ]
    let poster = PixelImage(width: 4, height: 4, filledWith: (200, 200, 0, 255))
    Fixtures.pngWithText(poster, ours, at: stored)
    #expect(cache.load(path: video, flavor: .normal) == nil)
    Fixtures.pngWithText(poster, ours + [("X-Gallery::FrameSize", "320x240")], at: stored)
    #expect(cache.load(path: video, flavor: .normal)?.frameSize == Self.frames)
    #expect(ThumbnailDiskCache.size(of: "320x") == nil)
    #expect(ThumbnailDiskCache.size(of: "0x5") == nil)
  }
}

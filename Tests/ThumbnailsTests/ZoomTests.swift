import Foundation
import Pictures
import Testing

@testable import TerminalKit
@testable import Thumbnails

/// Zoomed pictures: cell art of the part shown (the crop's window: `PictureCropTests`).
@Suite struct ZoomTests {
  @Test func aCropIsRenderedFromAZoomedDecodeIntoTheWholeBox() throws {
    let folder = Fixtures.makeFolder()
    // Four quadrants of different colours: zoomed on the top-left, only its colour shows.
    let path = Fixtures.write(
      Fixtures.png(Fixtures.quadrants(width: 400, height: 200), kind: .rgb), "q.png",
      in: folder)
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(diskCache: ThumbnailDiskCache(isEnabled: false))
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let box = TileSize(columns: 80, rows: 10)
    let whole = try #require(
      pipeline.produce(ThumbnailRequest(path: path, size: box), isCancelled: { false }))
    let zoomed = try #require(
      pipeline.produce(
        ThumbnailRequest(
          path: path, size: box,
          crop: PictureCrop(magnification: 4, centerX: 0.2, centerY: 0.2)),
        isCancelled: { false }))
    guard case .art(let fitted, _, _) = whole, case .art(let part, _, _) = zoomed else {
      Issue.record("no art")
      return
    }
    #expect(part.size == box)
    #expect(part.fit.columns > fitted.fit.columns, "the zoomed part covers more of the box")
    let colors = Set(part.cells.filter { $0.character != " " }.map(\.style.foreground))
    let wholeColors = Set(fitted.cells.map(\.style.foreground))
    #expect(colors.count < wholeColors.count, "one quadrant's colour, not four: \(colors)")
    // Cached by its crop: the same request answers from memory.
    let again = ThumbnailRequest(
      path: path, size: box, crop: PictureCrop(magnification: 4, centerX: 0.2, centerY: 0.2))
    pipeline.request(again, priority: 1)
    #expect(pipeline.cachedResult(for: again) != nil)
  }

  /// A zoomed decode past what the zoomed cache may hold is used as decoded, not shrunk
  /// into a second buffer beside it, and draws the same part.
  @Test func aZoomedDecodeTooLargeToKeepIsDrawnAsDecoded() throws {
    let folder = Fixtures.makeFolder()
    // A JPEG's smallest DCT scale covering the zoomed box is still larger than it, so the
    // pipeline would shrink it.
    let path = Fixtures.write(
      Fixtures.jpeg(Fixtures.quadrants(width: 2000, height: 1000)), "q.jpg", in: folder)
    let box = TileSize(columns: 80, rows: 10)
    // Well inside the red quadrant: every cell shows it.
    let crop = PictureCrop(magnification: 4, centerX: 0.15, centerY: 0.15)
    func zoomedArt(zoomedCacheBytes: Int) throws -> CellArt? {
      let pipeline = ThumbnailPipeline(
        configuration: ThumbnailConfiguration(
          diskCache: ThumbnailDiskCache(isEnabled: false), zoomedCacheBytes: zoomedCacheBytes)
      ) { _, _ in }
      defer { pipeline.shutdown() }
      let result = pipeline.produce(
        ThumbnailRequest(path: path, size: box, crop: crop), isCancelled: { false })
      guard case .art(let art, _, _) = result else { return nil }
      return art
    }
    let kept = try #require(try zoomedArt(zoomedCacheBytes: 64 << 20))
    let asDecoded = try #require(try zoomedArt(zoomedCacheBytes: 1 << 10))
    #expect(asDecoded.size == kept.size)
    #expect(asDecoded.fit == kept.fit)
    // Drawn from another size, the JPEG's shades differ a little; both are all red.
    func isRed(_ color: Color?) -> Bool {
      guard case .rgb(let r, let g, let b) = color else { return false }
      return r > 200 && g < 60 && b < 60
    }
    for art in [kept, asDecoded] {
      // A flat colour is drawn as spaces on it.
      let drawn = art.cells.filter { $0.style.background != .default }
      #expect(drawn.count >= art.fit.columns * art.fit.rows)
      #expect(drawn.allSatisfy { isRed($0.style.background) }, "\(Set(drawn.map(\.style)))")
    }
  }

  /// However small the memory, a thumbnail written for file managers is shrunk to its
  /// flavour's size: only a copy used once and never written is kept as decoded.
  @Test func aThumbnailWrittenIsShrunkWhateverTheMemory() throws {
    let folder = Fixtures.makeFolder()
    // A PNG decodes at its full size: far past the 1 KiB decoded cache below.
    let path = Fixtures.write(
      Fixtures.png(Fixtures.quadrants(width: 1200, height: 600), kind: .rgb), "big.png",
      in: folder)
    let cache = ThumbnailDiskCache(root: folder + "/cache/thumbnails")
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(diskCache: cache, decodedCacheBytes: 1 << 10)
    ) { _, _ in }
    defer { pipeline.shutdown() }
    _ = pipeline.produce(
      ThumbnailRequest(path: path, size: TileSize(columns: 20, rows: 6)), isCancelled: { false })
    let stored = try #require(
      ThumbnailDiskCache.Flavor.allCases.lazy.compactMap { cache.load(path: path, flavor: $0) }
        .first)
    #expect(max(stored.image.width, stored.image.height) <= ThumbnailDiskCache.Flavor.xLarge.side)
  }
}

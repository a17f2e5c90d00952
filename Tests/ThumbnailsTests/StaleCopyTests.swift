import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Thumbnails

/// A decoded copy in memory is of the file as it was read: once the file is another (a
/// turn renamed new bytes over it), the copy no longer stands for it, even when it came
/// into memory after the memory was cleared of the file (a decode that ran during the
/// turn).
@Suite struct StaleCopyTests {
  @Test func aCopyOfTheFileBeforeItWasTurnedIsNotUsed() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Fixtures.write(
      Fixtures.png(Fixtures.scene(width: 300, height: 150), kind: .rgb), "wide.png", in: folder)
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(
        diskCache: ThumbnailDiskCache(isEnabled: false), threadCount: 1,
        artCache: ArtDiskCache(root: folder + "/art", isEnabled: false))
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let request = ThumbnailRequest(path: path, size: TileSize(columns: 20, rows: 10))
    guard case .art(_, let before?, _)? = pipeline.produce(request, isCancelled: { false }) else {
      Issue.record("expected cell art")
      return
    }
    #expect(before.shownSize == PixelSize(width: 300, height: 150))
    // The turned picture takes the name as a new file; the old copy stays in memory.
    Fixtures.write(
      Fixtures.png(Fixtures.scene(width: 150, height: 300), kind: .rgb), "turned.png", in: folder)
    #expect(rename(folder + "/turned.png", path) == 0)
    let other = ThumbnailRequest(path: path, size: TileSize(columns: 10, rows: 10))
    guard case .art(_, let after?, _)? = pipeline.produce(other, isCancelled: { false }) else {
      Issue.record("expected cell art")
      return
    }
    #expect(after.shownSize == PixelSize(width: 150, height: 300))
  }
}

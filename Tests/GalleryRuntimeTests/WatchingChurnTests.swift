import Foundation
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The watcher while folders move under it faster than it can look.
@Suite(.serialized) struct WatchingChurnTests {
  /// Found by the soak: a folder moved while the watcher was following it showed "live
  /// updates off for …: No such file or directory", though nothing was off; and a folder
  /// moved away and back while being read kept the sections it had not yet read hidden.
  /// Under ThreadSanitizer (slower, so more renames land inside a batch) one run in
  /// eight or so still lost a few sections: the subfolders' watches had followed them
  /// under the other name, so they were taken as known and never read again.
  @Test func aFolderMovedBackAndForthEndsUpShownWholeWithoutWarnings() async throws {
    let files = FolderFixture()
    let shown = files.folder("shown")
    files.png("shown/first.png")
    // Many folders inside: following them all takes long enough to be overtaken.
    for index in 0..<20 { files.png("shown/a/inner-\(index)/p.png") }
    let scanner = try LibraryScanner(folders: [shown])
    let recorder = WatchRecorder(library: scanner.library())
    let watcher = FolderWatcher(
      scanner: scanner, timing: WatchTiming(settleMilliseconds: 5, maximumMilliseconds: 20),
      onChanges: recorder.handler)
    #expect(watcher.start().isEmpty)
    defer { Waiting.startThread { watcher.stop() } }
    let (a, b) = (files.path("shown/a"), files.path("shown/b"))
    // The moves on a thread of their own, paced by `usleep`: a sleeping task could be
    // resumed late on a busy pool, and fewer moves would land inside a batch.
    let moves = await Waiting.onOwnThread {
      let end = Date().addingTimeInterval(1)
      var moves = 0
      while Date() < end {
        rename(moves % 2 == 0 ? a : b, moves % 2 == 0 ? b : a)
        moves += 1
        usleep(UInt32(500 + moves % 1000))
      }
      return moves
    }
    func names(_ library: Library) -> [String] {
      library.sections.map { "\($0.name): \($0.pictures.map(\.fileName))" }
    }
    let expected = names(scanner.library())
    #expect(await recorder.wait { names($0) == expected }.met, "after \(moves) moves")
    let warnings = recorder.batches.flatMap(\.warnings)
    #expect(warnings.isEmpty, "\(warnings.prefix(3)) after \(moves) moves")
  }
}

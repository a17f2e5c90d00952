import Gallery
import Pictures
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Another program's save that shows the device, inode number, size and modification
/// time of the file a turn read: the turn must tell it apart all the same, by holding the
/// file read open (`HeldFile`) until the swap is checked.
@Suite struct TurnSaveIdentityTests {
  /// A program that keeps a file's modification time when it saves (`exiftool -P`,
  /// `rsync -t`) saves twice at `step`, the second time with the size of the file read.
  /// Where the file system gives a freed inode's number to the next new file (ext4 does
  /// at once), that save shows the identity of the file read unless it is still held; just
  /// before the exchange, where no status time is compared, it would be swapped out and
  /// removed as the old picture. It stays whole under the name.
  @Test(arguments: [RewriteTestSeam.Step.written, .swapping])
  func aSaveGivenTheNumberAndTimeOfTheFileReadIsNeverLost(step: RewriteTestSeam.Step) throws {
    let files = FolderFixture()
    let original = try TurnRaceTests.picture()
    let path = files.file("a.jpg", original)
    let read = try #require(OnDisk.status(path))
    let edit = Array("their edit".utf8)
    let lookalike = Array(original.dropLast(edit.count)) + edit
    let first = files.file("their-first-save", original + edit)
    let saved = Locked(false)
    let seam = RewriteTestSeam { at in
      guard at == step, !saved.withLock({ $0 }) else { return }
      saved.withLock { $0 = true }
      // The first save frees the file read (unless held); the second may get its number.
      #expect(rename(first, path) == 0)
      LookalikeSave.save(path, lookalike, like: read)
    }
    let actor = FileActor(
      ordering: SectionOrdering(roots: [ScanRoot(path: files.root)]), home: files.path("home"),
      trash: Trash(home: files.path("home"), dataHome: files.path("data"), uid: getuid()),
      rewriteSeam: seam)

    let report = actor.carryOut(.turn([path], .right))
    #expect(saved.withLock { $0 }, "the seam was reached")
    #expect(report.isFailure)
    #expect(
      report.summary == "a.jpg was changed by another program meanwhile: the picture is unchanged")
    let kept = OnDisk.bytes(path) == lookalike
    #expect(kept, "their version, whole, under the name")
    #expect(OnDisk.names(files.root) == ["a.jpg"], "no temporary file left")
    #expect(actor.undoable == 0)
  }
}

import Foundation
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Another program saving a picture (a new file renamed over its name) while the gallery
/// moves it to another disk, at each step after the copy (`MoveTestSeam`): its save stays
/// whole under the name every time, and the copy is whole at the destination.
@Suite(.enabled(if: OtherDisk.isAvailable, "needs /dev/shm on a file system of its own"))
struct MoveRaceTests {
  private static let original = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
  private static let theirs = Array("their save".utf8) + original

  /// Saves `content` at `path` as editors and exiftool do: a new file renamed over it.
  private static func save(_ content: [UInt8], at path: String) {
    let temporary = PathName.parent(path) + "/.other-program.tmp"
    #expect(FileManager.default.createFile(atPath: temporary, contents: Data(content)))
    #expect(rename(temporary, path) == 0)
  }

  @Test(arguments: MoveTestSeam.Step.allCases)
  func anotherProgramsSaveStaysWhole(step: MoveTestSeam.Step) throws {
    let shm = OtherDisk.fixture()
    let disk = FolderFixture()
    let source = shm.file("a.jpg", Self.original)
    let destination = disk.path("a.jpg")
    let saved = Locked(false)
    let seam = MoveTestSeam { now in
      guard now == step, !saved.withLock({ $0 }) else { return }
      saved.withLock { $0 = true }
      Self.save(Self.theirs, at: source)
    }
    do {
      try SafeMove.move(source, to: destination, seam: seam)
      #expect(step != .copied && step != .looked, "their save was taken for the file copied")
    } catch {
      // Saved before the set-aside: theirs is seen at the last look, or set aside, found
      // and given its name back.
      #expect(step == .copied || step == .looked)
      #expect(error == .sourceKept(path: source, reason: "it changed while it was copied"))
    }
    #expect(saved.withLock { $0 }, "the seam was reached")
    #expect(FaultRun.same(OnDisk.bytes(source), Self.theirs), "their save, whole, under the name")
    #expect(FaultRun.same(OnDisk.bytes(destination), Self.original), "the copy, whole")
    #expect(OnDisk.names(shm.root) == ["a.jpg"], "nothing else left")
    #expect(OnDisk.names(disk.root) == ["a.jpg"])
  }

  /// A write in place during the copy that keeps the size and puts the times back is
  /// seen (by the status time), and the source kept.
  @Test func aWriteInPlaceKeepingSizeAndTimesIsSeen() throws {
    let shm = OtherDisk.fixture()
    let disk = FolderFixture()
    let source = shm.file("a.jpg", Self.original)
    let edit = Array("their edit".utf8)
    let theirs = Array(Self.original.dropLast(edit.count)) + edit
    let seam = MoveTestSeam { step in
      guard step == .copied else { return }
      var before = stat()
      #expect(lstat(source, &before) == 0)
      let descriptor = open(source, O_WRONLY)
      #expect(pwrite(descriptor, edit, edit.count, off_t(Self.original.count - edit.count)) == 10)
      var times = [before.st_atim, before.st_mtim]
      #expect(futimens(descriptor, &times) == 0)
      close(descriptor)
    }
    #expect(
      throws: FileActionError.sourceKept(path: source, reason: "it changed while it was copied")
    ) {
      try SafeMove.move(source, to: disk.path("a.jpg"), seam: seam)
    }
    #expect(FaultRun.same(OnDisk.bytes(source), theirs), "their write, whole, under the name")
    #expect(OnDisk.names(shm.root) == ["a.jpg"])
  }

  /// A save lands before the set-aside, and a second one on the name while the first is
  /// set aside: the first cannot get its name back, and stays under the temporary one.
  @Test func aSaveWhoseNameIsTakenAgainIsKeptAside() throws {
    let shm = OtherDisk.fixture()
    let disk = FolderFixture()
    let source = shm.file("a.jpg", Self.original)
    let second = Array("second save".utf8)
    let seam = MoveTestSeam { step in
      switch step {
      case .copied: break
      case .looked: Self.save(Self.theirs, at: source)
      case .setAside: Self.save(second, at: source)
      case .checked: Issue.record("their save was taken for the file copied")
      }
    }
    var failure: FileActionError?
    do {
      try SafeMove.move(source, to: disk.path("a.jpg"), seam: seam)
    } catch {
      failure = error
    }
    let aside = OnDisk.names(shm.root).filter { $0.contains(PartialFile.Purpose.move.marker) }
    #expect(aside.count == 1)
    #expect(FaultRun.same(aside.first.flatMap { OnDisk.bytes(shm.path($0)) }, Self.theirs))
    #expect(FaultRun.same(OnDisk.bytes(source), second))
    #expect(FaultRun.same(OnDisk.bytes(disk.path("a.jpg")), Self.original))
    guard case .sourceKept(_, let reason) = failure else {
      Issue.record("no report: \(String(describing: failure))")
      return
    }
    #expect(reason.hasSuffix("it is kept as \(aside.first ?? "?")"))
  }
}

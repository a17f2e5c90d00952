import Foundation
import Gallery
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A disk that fills up and one mounted read-only, as a card or a full USB disk is: each
/// action says so, and every file stays whole where it was. The disks are tmpfs mounts of
/// a few kilobytes, made where the tests may mount (as root, outside a container that
/// forbids it); elsewhere these tests are skipped.
@Suite(.serialized) struct SmallDiskTests {
  /// Mounts a tmpfs at a new folder with `options`, runs `body` on it, and unmounts it;
  /// false when mounting is not allowed here.
  static func onMount(_ options: String, _ body: (String) async throws -> Void) async throws
    -> Bool
  {
    guard geteuid() == 0 else { return false }
    let point =
      NSTemporaryDirectory() + "gallery-small-disk-\(getpid())-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: point) }
    let mounted = try await Subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", point])
    guard mounted.status == 0 else { return false }
    do {
      try await body(point)
    } catch {
      _ = try await Subprocess.run(["umount", "--lazy", point])
      throw error
    }
    // Lazily: a test running beside this one may be looking into the folder just then.
    let unmounted = try await Subprocess.run(["umount", "--lazy", point])
    #expect(unmounted.status == 0, "\(unmounted.errors)")
    return true
  }

  @Test func aFullDiskIsAMessageAndNothingIsLost() async throws {
    let files = FolderFixture()
    let picture = [UInt8](repeating: 0xA5, count: 300_000)
    let source = files.file("big.jpg", picture)
    let ran = try await Self.onMount("size=128k") { disk in
      for operation in ["move", "copy"] {
        let destination = disk + "/big.jpg"
        do throws(FileActionError) {
          if operation == "move" {
            try SafeMove.move(source, to: destination)
          } else {
            try SafeMove.copy(source, to: destination)
          }
          Issue.record("a \(operation) of 300 KB fitted in 128 KB")
        } catch {
          guard case .diskFull = error else {
            Issue.record("\(operation): \(error.message)")
            continue
          }
          #expect(error.message.contains("the disk is full"), "\(error.message)")
        }
        // The source is whole, and nothing of the copy is left on the full disk.
        #expect((try? FileReader.read(path: source, limit: 1 << 20)) == picture)
        #expect(Folders.names(in: disk).isEmpty, "\(Folders.names(in: disk))")
      }
    }
    if !ran { print("SmallDiskTests: no tmpfs can be mounted here; skipped") }
  }

  @Test func aReadOnlyDiskIsAMessageForEveryAction() async throws {
    let files = FolderFixture()
    let source = files.file("a.jpg", [1, 2, 3])
    let ran = try await Self.onMount("ro,size=64k") { disk in
      do throws(FileActionError) {
        try SafeMove.copy(source, to: disk + "/a.jpg")
        Issue.record("a copy onto a read-only disk")
      } catch {
        guard case .readOnly = error else {
          Issue.record("\(error.message)")
          return
        }
        #expect(error.message.contains("is read-only"), "\(error.message)")
      }
      do throws(FileActionError) {
        try SafeMove.makeFolder(disk + "/Album")
        Issue.record("a folder made on a read-only disk")
      } catch {
        #expect(error.message.contains("read-only"), "\(error.message)")
      }
    }
    if !ran { print("SmallDiskTests: no tmpfs can be mounted here; skipped") }
    #expect((try? FileReader.read(path: source, limit: 16)) == [1, 2, 3])
  }

  @Test func aFileOnAReadOnlyDiskCannotBeTrashedAndStays() async throws {
    let files = FolderFixture()
    let trash = Trash(home: files.path("home"), dataHome: files.path("data"), uid: getuid())
    let ran = try await Self.onMount("size=64k") { disk in
      let picture = disk + "/card.jpg"
      #expect(FileManager.default.createFile(atPath: picture, contents: Data([9, 9, 9])))
      // Remounted read-only, as a card with its lock switch on.
      let remount = try await Subprocess.run(["mount", "-o", "remount,ro", disk])
      guard remount.status == 0 else { return }
      do throws(FileActionError) {
        _ = try trash.trash(picture, at: Date())
        Issue.record("a file on a read-only disk went to a trash")
      } catch {
        guard case .noTrash = error else {
          Issue.record("\(error.message)")
          return
        }
        #expect(error.message.contains("no trash can be used"), "\(error.message)")
      }
      #expect((try? FileReader.read(path: picture, limit: 16)) == [9, 9, 9])
    }
    if !ran { print("SmallDiskTests: no tmpfs can be mounted here; skipped") }
  }

  @Test func aRenameOnAReadOnlyDiskSaysItWasNotRenamed() async throws {
    let files = FolderFixture()
    let ran = try await Self.onMount("size=64k") { disk in
      let picture = disk + "/card.jpg"
      #expect(FileManager.default.createFile(atPath: picture, contents: Data([9, 9, 9])))
      let remount = try await Subprocess.run(["mount", "-o", "remount,ro", disk])
      guard remount.status == 0 else { return }
      let actor = FileActor(
        ordering: SectionOrdering(roots: [ScanRoot(path: disk)]), home: files.path("home"),
        trash: Trash(home: files.path("home"), dataHome: files.path("data"), uid: getuid()))
      let report = actor.carryOut(.rename([PathChange(from: picture, to: disk + "/beach.jpg")]))
      #expect(report.isFailure)
      let folder = PathName.lastComponent(disk)
      #expect(report.summary == "\(folder) is read-only: not renamed", "\(report.summary)")
      #expect((try? FileReader.read(path: picture, limit: 16)) == [9, 9, 9])
    }
    if !ran { print("SmallDiskTests: no tmpfs can be mounted here; skipped") }
  }
}

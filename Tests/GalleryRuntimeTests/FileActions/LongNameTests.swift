import Foundation
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

/// Names as long as a file system takes (255 bytes), in ASCII and in UTF-8 of two, three
/// and four bytes a character: moved across disks, copied and turned on two file systems
/// that take such names (`TestDisks`) like any other, their temporary files' names cut to
/// fit; and an action that does nothing leaves no folder it made.
@Suite struct LongNameTests {
  /// Names of exactly 255 bytes.
  static let names = [
    String(repeating: "a", count: 251) + ".jpg",
    "a" + String(repeating: "é", count: 125) + ".jpg",
    String(repeating: "日", count: 83) + "ab.jpg",
    String(repeating: "📷", count: 62) + "abc.jpg",
  ]

  /// A whole JPEG the turn can rewrite: one of the built-in pictures.
  static func photo() throws -> [UInt8] {
    let asset = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
    return [UInt8](try Data(contentsOf: asset))
  }

  static func write(_ bytes: [UInt8], to path: String) {
    _ = PathBytes.withFileSystemRepresentation(path) { name in
      let file = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      _ = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
      return close(file)
    }
  }

  @Test func everyTemporaryNameFitsAndSaysWhoseItIs() {
    for name in Self.names + ["IMG_0001.JPG", ""] {
      for (pid, number) in [(pid_t(1), 1), (pid_t.max, Int.max)] {
        for purpose in PartialFile.Purpose.allCases {
          let path = PartialFile.path(
            in: "/p", for: name, pid: pid, number: number, purpose: purpose)
          let temporary = PathName.lastComponent(path)
          let bytes = PathBytes.fileSystemBytes(temporary)
          #expect(bytes.count <= 255, "\(bytes.count) bytes")
          #expect(
            PartialFile.owner(ofName: temporary) == PartialFile.Owner(pid: pid, purpose: purpose))
          // Cut at a character's boundary: valid UTF-8, and the start of the name.
          #expect(String(validating: bytes, as: UTF8.self) != nil)
          let tail = "\(purpose.marker)\(pid)-\(number)"
          #expect(temporary.hasPrefix(".") && temporary.hasSuffix(tail))
          let cut = temporary.unicodeScalars.dropFirst().dropLast(tail.unicodeScalars.count)
          #expect(name.unicodeScalars.starts(with: cut))
          #expect(cut.count >= min(name.unicodeScalars.count, 50))
        }
      }
    }
    // A short name is kept whole; a file system of shorter names gets shorter ones.
    #expect(
      PathName.lastComponent(PartialFile.path(in: "/p", for: "a.jpg", pid: 7, number: 2))
        == ".a.jpg.gallery-partial-7-2")
    #expect(
      PathName.lastComponent(
        PartialFile.path(in: "/p", for: "a.jpg", pid: 7, number: 2, purpose: .rewrite))
        == ".a.jpg.gallery-turning-7-2")
    let short = PartialFile.path(in: "/p", for: Self.names[1], pid: 7, number: 2, longestName: 143)
    #expect(PathName.lastComponent(short).utf8.count <= 143)
  }

  @Test(.enabled(if: TestDisks.isAvailable, "two disks of 255-byte names"))
  func aLongNameMovesAcrossDisksBothWays() async throws {
    let content = try Self.photo()
    try await TestDisks.withTwoDisks { one, other in
      for (from, to) in [(one, other), (other, one)] {
        for name in Self.names {
          let source = PathName.join(from, name)
          let destination = PathName.join(PathName.join(to, "Album"), name)
          Self.write(content, to: source)
          do throws(FileActionError) {
            try SafeMove.makeFolder(PathName.parent(destination))
            try SafeMove.move(source, to: destination)
          } catch {
            Issue.record("\(name.utf8.count) bytes, \(from) to \(to): \(error.message)")
          }
          #expect(OnDisk.bytes(destination).map { $0 == content } == true)
          #expect(!OnDisk.exists(source))
          #expect(OnDisk.names(PathName.parent(destination)) == [name])
          unlink(destination)
        }
        // Nothing left where they were: no temporary file either.
        #expect(OnDisk.names(from).filter { $0 != "Album" }.isEmpty)
      }
    }
  }

  @Test(.enabled(if: TestDisks.isAvailable, "two disks of 255-byte names"))
  func aLongNameIsCopiedAndTurnedOnEachDisk() async throws {
    let content = try Self.photo()
    try await TestDisks.withTwoDisks { one, other in
      for disk in [one, other] {
        for name in Self.names {
          let original = PathName.join(disk, name)
          let copy = PathName.join(PathName.join(disk, "Copies"), name)
          Self.write(content, to: original)
          do throws(FileActionError) {
            try SafeMove.makeFolder(PathName.parent(copy))
            try SafeMove.copy(original, to: copy)
            _ = try FileActor.turnFile(original, .right)
          } catch {
            Issue.record("\(name.utf8.count) bytes on \(disk): \(error.message)")
          }
          #expect(OnDisk.bytes(copy).map { $0 == content } == true)
          let turned = OnDisk.bytes(original) ?? []
          #expect(ExifOrientation.read(from: turned) == .needsClockwiseTurn)
          // Nothing but the picture and its copy: no temporary file left.
          #expect(OnDisk.names(disk) == ["Copies", name])
          #expect(OnDisk.names(PathName.parent(copy)) == [name])
          unlink(original)
          unlink(copy)
        }
      }
    }
  }

  @Test func aMoveThatMovesNothingLeavesNoFolderItMade() {
    let library = FileActorTests.Library()
    let missing = library.path("gone.jpg")
    let failed = library.actor.carryOut(.move([missing], to: "New/Deeper", conflicts: .ask))
    #expect(failed.isFailure, "\(failed.summary)")
    #expect(!library.exists("New"), "\(library.names(""))")
    let copied = library.actor.carryOut(.copy([missing], to: "Other", conflicts: .ask))
    #expect(copied.isFailure, "\(copied.summary)")
    #expect(!library.exists("Other"))
    // A folder that was there stays, empty or not; one that received a picture stays.
    _ = library.actor.carryOut(.move([missing], to: "Keep", conflicts: .ask))
    #expect(library.exists("Keep"))
    let a = library.files.jpeg("Photos/a.jpg")
    let moved = library.actor.carryOut(.move([a, missing], to: "New/Deeper", conflicts: .ask))
    #expect(library.names("New/Deeper") == ["a.jpg"], "\(moved.summary)")
  }
}

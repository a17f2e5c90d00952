import Foundation
import Gallery
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The scan tidies the temporary files of galleries no longer running from the folders
/// it reads, and only those: a running process's stay, as do one its writer holds locked,
/// a name that only looks like one, a folder of that name, and whatever a link of that
/// name points to. A copy's is removed; a turn's goes to the Trash.
@Suite struct ScanLeftoverTests {
  @Test func theScanRemovesOnlyDeadGalleriesTemporaryFiles() throws {
    let dead = DeadProcess.pid
    let fixture = FolderFixture()
    fixture.jpeg("lib/a.jpg")
    fixture.jpeg("outside/kept.jpg")
    let names = (
      dead: ".a.jpg.gallery-partial-\(dead)-1",
      deadLink: ".b.jpg.gallery-partial-\(dead)-2",
      deadFolder: ".c.jpg.gallery-partial-\(dead)-3",
      live: ".a.jpg.gallery-partial-\(getpid())-4",
      lookalike: ".a.jpg.gallery-partial-notes.txt"
    )
    fixture.file("lib/sub/" + names.dead, [1, 2, 3])
    fixture.link("lib/sub/" + names.deadLink, to: fixture.path("outside/kept.jpg"))
    fixture.folder("lib/sub/" + names.deadFolder)
    fixture.file("lib/sub/" + names.live, [4])
    fixture.file("lib/sub/" + names.lookalike, [5])
    fixture.jpeg("lib/sub/b.jpg")
    let library = try LibraryScanner(folders: [fixture.path("lib")]).library()
    #expect(library.stats?.leftovers == 3)
    #expect(library.stats?.leftoversRemoved == 2)
    #expect(
      OnDisk.names(fixture.path("lib/sub"))
        == [names.lookalike, names.deadFolder, names.live, "b.jpg"]
        .sorted())
    #expect(OnDisk.bytes(fixture.path("outside/kept.jpg")) == FolderFixture.jpegBytes)
    // Never shown, even with hidden files: the look-alike is a file like any other.
    let hidden = try LibraryScanner(folders: [fixture.path("lib")], includeHidden: true).library()
    let shown = hidden.sections.flatMap(\.pictures).map(\.fileName)
    #expect(!shown.contains(names.live))
    #expect(hidden.stats?.leftovers == 1)
  }

  /// A trash of the fixture's own, so no test puts anything in the user's.
  static func trash(_ fixture: FolderFixture) -> Trash {
    Trash(home: fixture.path("home"), dataHome: nil, uid: getuid())
  }

  /// The names in the fixture's trash: its files and its info files.
  static func trashed(_ fixture: FolderFixture) -> (files: [String], info: [String]) {
    let root = fixture.path("home/.local/share/Trash")
    return (OnDisk.names(root + "/files"), OnDisk.names(root + "/info"))
  }

  /// A gallery in another PID namespace (a container, a Flatpak) writing into a shared
  /// folder has an id that looks gone from here: its lock on the file says it writes.
  @Test func aTemporaryFileItsWriterHoldsLockedStaysThoughItsIdLooksGone() async throws {
    let fixture = FolderFixture()
    fixture.jpeg("lib/a.jpg")
    let name = ".a.jpg.gallery-partial-\(DeadProcess.pid)-1"
    let path = fixture.file("lib/" + name, [1, 2, 3])
    let writer = open(path, O_WRONLY | O_CLOEXEC)
    try #require(writer >= 0)
    #expect(flock(writer, LOCK_EX) == 0)
    var scanner = try LibraryScanner(folders: [fixture.path("lib")])
    scanner.leftoverTrash = Self.trash(fixture)
    let held = scanner.library()
    #expect(OnDisk.bytes(path) == [1, 2, 3], "a file still written stays")
    #expect(held.stats?.leftovers == 0)
    close(writer)
    // A program another test starts meanwhile holds a copy of the descriptor, and so the
    // lock, from its fork until it runs its program: the lock may outlive the close.
    var removed = 0
    let gone = await Waiting.until(interval: .milliseconds(10)) {
      removed += scanner.library().stats?.leftoversRemoved ?? 0
      return !OnDisk.exists(path)
    }
    #expect(gone, "once let go, it is a leftover")
    #expect(removed == 1)
  }

  /// A rewrite's leftover may be another program's save (swapped out by a turn killed
  /// before it looked), a move's the source set aside: it goes to the Trash, never
  /// unlinked, and stays without one.
  @Test(arguments: [PartialFile.Purpose.rewrite, .move])
  func aDeadTurnsOrMovesTemporaryFileGoesToTheTrash(purpose: PartialFile.Purpose) throws {
    let fixture = FolderFixture()
    fixture.jpeg("lib/a.jpg")
    let name = ".a.jpg\(purpose.marker)\(DeadProcess.pid)-1"
    let path = fixture.file("lib/" + name, [7, 8, 9])
    var scanner = try LibraryScanner(folders: [fixture.path("lib")])
    scanner.leftoverTrash = nil
    let kept = scanner.library()
    #expect(OnDisk.bytes(path) == [7, 8, 9], "no trash: it stays")
    #expect(kept.stats?.leftovers == 1)
    #expect(kept.stats?.leftoversRemoved == 0)
    #expect(!kept.sections.flatMap(\.pictures).map(\.fileName).contains(name))

    scanner.leftoverTrash = Self.trash(fixture)
    let tidied = scanner.library()
    #expect(!OnDisk.exists(path))
    #expect(tidied.stats?.leftoversRemoved == 1)
    let trashed = Self.trashed(fixture)
    #expect(trashed.files == [name])
    #expect(trashed.info == [name + ".trashinfo"])
    #expect(OnDisk.bytes(fixture.path("home/.local/share/Trash/files/" + name)) == [7, 8, 9])
  }
}

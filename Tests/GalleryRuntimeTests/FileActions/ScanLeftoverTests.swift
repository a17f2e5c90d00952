import Foundation
import Gallery
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The scan removes the temporary files of galleries no longer running from the folders
/// it reads, and only those: a running process's stay, as do a name that only looks like
/// one, a folder of that name, and whatever a link of that name points to.
@Suite struct ScanLeftoverTests {
  /// The id of a process that has ended.
  static func deadPID() async throws -> pid_t {
    let pid = try Subprocess.start(["/bin/true"])
    _ = await Subprocess.exitStatus(of: pid)
    return pid
  }

  @Test func theScanRemovesOnlyDeadGalleriesTemporaryFiles() async throws {
    let dead = try await Self.deadPID()
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
}

import Foundation
import Gallery
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `--diagnose`'s count of the temporary files killed galleries left, found by the
/// folders' names: every folder the scan would read, each once, never the system's own.
@Suite struct FolderLeftoversTests {
  /// The id of a process that has ended.
  static func deadPID() async throws -> pid_t {
    let pid = try Subprocess.start(["/bin/true"])
    _ = await Subprocess.exitStatus(of: pid)
    return pid
  }

  @Test func leftoversAreCountedInEveryFolderOnceAndSystemFoldersAreNotEntered() async throws {
    let dead = try await Self.deadPID()
    let files = FolderFixture()
    let library = files.folder("library")
    files.jpeg("library/a.jpg")
    files.file("library/.a.jpg.gallery-partial-\(dead)-1", [1])
    files.file("library/deep/er/.b.jpg.gallery-partial-\(dead)-2", [2])
    // A running process's stays and is not counted.
    files.file("library/deep/.c.jpg.gallery-partial-\(getpid())-3", [3])
    // Hidden folders are not read, as the scan does not read them.
    files.file("library/.hidden/.d.jpg.gallery-partial-\(dead)-4", [4])
    // An album linked twice, and a link back up: read once.
    files.file("album/.e.jpg.gallery-partial-\(dead)-5", [5])
    symlink(files.path("album"), files.path("library/album"))
    symlink(files.path("album"), files.path("library/deep/album again"))
    symlink(library, files.path("library/deep/loop"))
    // The whole disk again through /proc/self/root, were it entered.
    symlink("/proc/self", files.path("library/proc"))

    let scanner = try LibraryScanner(paths: [library])
    let leftovers = scanner.removeLeftovers()
    #expect(leftovers == FolderLeftovers(found: 3, removed: 3))
    #expect(
      !FileManager.default.fileExists(atPath: files.path("album/.e.jpg.gallery-partial-\(dead)-5")))
    #expect(
      FileManager.default.fileExists(
        atPath: files.path("library/deep/.c.jpg.gallery-partial-\(getpid())-3")))
    #expect(
      FileManager.default.fileExists(
        atPath: files.path("library/.hidden/.d.jpg.gallery-partial-\(dead)-4")))

    // Without following links the album is not reached.
    files.file("album/.f.jpg.gallery-partial-\(dead)-6", [6])
    let unlinked = try LibraryScanner(paths: [library], followsLinks: false)
    #expect(unlinked.removeLeftovers() == FolderLeftovers())
  }

  @Test func aFolderThatCannotBeReadIsSaid() throws {
    let files = FolderFixture()
    let library = files.folder("library")
    let scanner = LibraryScanner(roots: [ScanRoot(path: library + "/gone")])
    let leftovers = scanner.removeLeftovers()
    #expect(leftovers.unreadable == ["\(library)/gone: \(String(cString: strerror(ENOENT)))"])
  }
}

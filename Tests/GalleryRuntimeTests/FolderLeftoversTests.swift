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
  @Test func leftoversAreCountedInEveryFolderOnceAndSystemFoldersAreNotEntered() throws {
    let dead = DeadProcess.pid
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

  @Test func aTurnsLeftoverIsCountedAsPutInTheTrash() throws {
    let files = FolderFixture()
    let library = files.folder("library")
    let name = ".a.jpg.gallery-turning-\(DeadProcess.pid)-1"
    files.file("library/" + name, [7, 7])
    files.file("library/.b.jpg.gallery-partial-\(DeadProcess.pid)-2", [8])
    var scanner = try LibraryScanner(paths: [library])
    scanner.leftoverTrash = Trash(home: files.path("home"), dataHome: nil, uid: getuid())
    #expect(scanner.removeLeftovers() == FolderLeftovers(found: 2, removed: 1, trashed: 1))
    let trashed = files.path("home/.local/share/Trash/files/" + name)
    #expect(FileManager.default.contents(atPath: trashed) == Data([7, 7]))
  }

  @Test func aFolderThatCannotBeReadIsSaid() throws {
    let files = FolderFixture()
    let library = files.folder("library")
    let scanner = LibraryScanner(roots: [ScanRoot(path: library + "/gone")])
    let leftovers = scanner.removeLeftovers()
    #expect(leftovers.unreadable == ["\(library)/gone: \(String(cString: strerror(ENOENT)))"])
  }
}

import Foundation
import SystemSupport
import TestSupport
import Testing

/// Folders made for the state and the caches, and files replaced atomically.
@Suite struct FilesTests {
  @Test func foldersAreMadeWithTheirParentsForTheOwnerOnly() throws {
    let files = FolderFixture()
    let folder = files.path("state/gallery/deep")
    try Folders.create(folder)
    try Folders.create(folder)
    var status = stat()
    #expect(stat(folder, &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFDIR && status.st_mode & 0o777 == 0o700)
    #expect(CacheFolders.make(files.path("cache/thumbnails")))
  }

  @Test func aFileInTheWayIsNotAFolder() {
    let files = FolderFixture()
    let file = files.text("state")
    #expect(throws: SystemError(code: ENOTDIR)) { try Folders.create(file + "/gallery") }
    #expect(!CacheFolders.make(file))
  }

  @Test func aReplacedFileHoldsTheNewBytesAndNoTemporaryStays() throws {
    let files = FolderFixture()
    let path = files.file("favorites.json", Array("old".utf8))
    try AtomicFile.replace(path, with: Array("new".utf8))
    #expect(try FileReader.read(path: path, limit: 10) == Array("new".utf8))
    let left = try FileManager.default.contentsOfDirectory(atPath: files.root)
    #expect(left == ["favorites.json"])
  }

  @Test func theErrorOfAFailedCallIsItsErrno() {
    #expect(SystemError(code: ENOENT).reason == "No such file or directory")
    #expect(SystemError(code: EACCES).description == "Permission denied")
  }
}

import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Rewriting a picture in place: the new bytes in one step, the mode kept, links and
/// folders refused.
@Suite struct FileRewriteTests {
  @Test(arguments: [false, true])
  func theNewContentReplacesTheOldWithItsMode(onOtherDisk: Bool) throws {
    guard !onOtherDisk || OtherDisk.isAvailable else { return }
    let files = onOtherDisk ? OtherDisk.fixture() : FolderFixture()
    let path = files.file("IMG.JPG", Array("old".utf8))
    chmod(path, 0o604)
    try FileRewrite.replace(path, with: Array("turned".utf8))
    #expect(OnDisk.bytes(path) == Array("turned".utf8))
    #expect(OnDisk.status(path).map { $0.st_mode & 0o7777 } == 0o604)
    #expect(OnDisk.names(files.root) == ["IMG.JPG"], "no temporary file left")
  }

  @Test func aSymbolicLinkIsRefusedAndItsTargetKept() throws {
    let files = FolderFixture()
    let target = files.file("real.jpg", Array("old".utf8))
    files.link("link.jpg", to: target)
    #expect(throws: FileActionError.symbolicLink(path: files.path("link.jpg"))) {
      try FileRewrite.replace(files.path("link.jpg"), with: Array("turned".utf8))
    }
    #expect(OnDisk.bytes(target) == Array("old".utf8))
    #expect(OnDisk.status(files.path("link.jpg")).map { $0.st_mode & S_IFMT } == S_IFLNK)
  }

  @Test func aFolderOrAMissingFileIsRefused() {
    let files = FolderFixture()
    let folder = files.folder("album")
    #expect(throws: FileActionError.notRegular(path: folder)) {
      try FileRewrite.replace(folder, with: [1])
    }
    #expect(throws: FileActionError.notFound(path: files.path("gone.jpg"))) {
      try FileRewrite.replace(files.path("gone.jpg"), with: [1])
    }
    #expect(OnDisk.names(files.root) == ["album"])
  }
}

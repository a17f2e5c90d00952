import Foundation
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Opening a file to read it whole (a copy, a turn): only a regular file, never through
/// a link, each refusal saying why.
@Suite struct FileStatusTests {
  @Test func onlyARegularFileIsOpened() throws {
    let files = FolderFixture()
    let path = files.file("a.jpg", [1, 2, 3])
    let (descriptor, status) = try FileStatus.openRegular(path)
    close(descriptor)
    #expect(status.st_size == 3)
    #expect(symlink(path, files.path("link.jpg")) == 0)
    #expect(throws: FileActionError.symbolicLink(path: files.path("link.jpg"))) {
      _ = try FileStatus.openRegular(files.path("link.jpg"))
    }
    #expect(throws: FileActionError.notFound(path: files.path("gone.jpg"))) {
      _ = try FileStatus.openRegular(files.path("gone.jpg"))
    }
    let folder = files.folder("album")
    #expect(throws: FileActionError.notRegular(path: folder)) {
      _ = try FileStatus.openRegular(folder)
    }
  }
}

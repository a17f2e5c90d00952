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
    let old = try FileRewrite.read(path, limit: 1 << 20)
    #expect(old.bytes == Array("old".utf8))
    try FileRewrite.replace(path, with: Array("turned".utf8), expected: old)
    #expect(OnDisk.bytes(path) == Array("turned".utf8))
    #expect(OnDisk.status(path).map { $0.st_mode & 0o7777 } == 0o604)
    #expect(OnDisk.names(files.root) == ["IMG.JPG"], "no temporary file left")
  }

  @Test func aSymbolicLinkIsRefusedAndItsTargetKept() throws {
    let files = FolderFixture()
    let target = files.file("real.jpg", Array("old".utf8))
    files.link("link.jpg", to: target)
    #expect(throws: FileActionError.symbolicLink(path: files.path("link.jpg"))) {
      try FileRewrite.read(files.path("link.jpg"), limit: 1 << 20)
    }
    #expect(OnDisk.bytes(target) == Array("old".utf8))
    #expect(OnDisk.status(files.path("link.jpg")).map { $0.st_mode & S_IFMT } == S_IFLNK)
  }

  @Test func aFolderOrAMissingFileIsRefused() {
    let files = FolderFixture()
    let folder = files.folder("album")
    #expect(throws: FileActionError.notRegular(path: folder)) {
      try FileRewrite.read(folder, limit: 1 << 20)
    }
    #expect(throws: FileActionError.notFound(path: files.path("gone.jpg"))) {
      try FileRewrite.read(files.path("gone.jpg"), limit: 1 << 20)
    }
    #expect(OnDisk.names(files.root) == ["album"])
  }

  @Test func aFileLargerThanTheLimitIsNotRead() {
    let files = FolderFixture()
    let path = files.file("big.jpg", [UInt8](repeating: 1, count: 100))
    #expect(throws: FileActionError.unreadable(path: path, reason: "is too large")) {
      try FileRewrite.read(path, limit: 99)
    }
  }

  @Test func theModificationTimeIsTheGivenOneOrAtLeastASecondLater() throws {
    let files = FolderFixture()
    let path = files.file("a.jpg", Array("old".utf8))
    var times = [
      timespec(tv_sec: 1_600_000_000, tv_nsec: 5), timespec(tv_sec: 1_600_000_000, tv_nsec: 7),
    ]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    let old = try FileRewrite.read(path, limit: 1 << 20)
    let exact = timespec(tv_sec: 1_500_000_000, tv_nsec: 123)
    let written = try FileRewrite.replace(
      path, with: Array("new".utf8), expected: old, modified: .exactly(exact))
    #expect(OnDisk.status(path).map(FileVersion.init) == written)
    #expect(written.seconds == 1_500_000_000 && written.nanoseconds == 123)
  }

  /// Turns in quick succession: the second's time is the second after the first's, ahead
  /// of the clock; the third's must pass it too, or it gets the first one's second, whose
  /// freedesktop thumbnail (known by the time in whole seconds) then stands for it.
  @Test func aRewriteOfAFileAheadOfTheClockGoesPastItsTime() throws {
    let files = FolderFixture()
    let path = files.file("a.png", Array("old".utf8))
    let ahead = Int(Date().timeIntervalSince1970) + 100
    var times = [timespec(tv_sec: ahead, tv_nsec: 0), timespec(tv_sec: ahead, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    let old = try FileRewrite.read(path, limit: 1 << 20)
    let written = try FileRewrite.replace(path, with: Array("new".utf8), expected: old)
    #expect(written.seconds == ahead + 1 && written.nanoseconds == 0)
  }
}

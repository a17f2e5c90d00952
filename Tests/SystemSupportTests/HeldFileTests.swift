import Foundation
import SystemSupport
import TestSupport
import Testing

/// Files held open while a replacement compares names with them.
@Suite struct HeldFileTests {
  /// Held, a file unlinked by another program's save keeps its inode number: no new file
  /// shows it, even on ext4, which gives a freed number to the next new file at once.
  @Test func aHeldFileKeepsItsNumberOnceUnlinked() throws {
    let files = FolderFixture()
    let path = files.file("a.xmp", Array("read".utf8))
    let held = try #require(HeldFile.hold(path))
    #expect(unlink(path) == 0)
    for number in 0..<32 {
      let other = files.file("new-\(number)", Array("save".utf8))
      let status = try #require(Self.linkStatus(other))
      #expect(!held.isSelf(status), "new-\(number) shows the held file's number")
    }
  }

  /// A symbolic link is held as itself, never its target, and a FIFO is held without
  /// waiting for a writer.
  @Test func aLinkOrAFIFOIsHeldAsItIs() throws {
    let files = FolderFixture()
    let target = files.file("a.xmp", Array("read".utf8))
    let link = files.path("link.xmp")
    #expect(symlink(target, link) == 0)
    let heldLink = try #require(HeldFile.hold(link))
    #expect(heldLink.isSelf(try #require(Self.linkStatus(link))))
    #expect(!heldLink.isSelf(try #require(Self.linkStatus(target))))
    let fifo = files.path("fifo.xmp")
    #expect(mkfifo(fifo, 0o600) == 0)
    let heldFIFO = try #require(HeldFile.hold(fifo))
    #expect(heldFIFO.status.st_mode & S_IFMT == S_IFIFO)
    #expect(HeldFile.hold(files.path("missing.xmp")) == nil)
  }

  /// A write that changes the size or the modification time is seen.
  @Test func aWriteIsSeenBySizeOrTime() throws {
    let files = FolderFixture()
    let path = files.file("a.xmp", Array("read".utf8))
    let held = try #require(HeldFile.hold(path))
    #expect(held.isUnwritten(try #require(Self.linkStatus(path))))
    let descriptor = open(path, O_WRONLY | O_APPEND)
    #expect(descriptor >= 0)
    #expect(write(descriptor, "more", 4) == 4)
    close(descriptor)
    let now = try #require(Self.linkStatus(path))
    #expect(held.isSelf(now))
    #expect(!held.isUnwritten(now))
  }

  private static func linkStatus(_ path: String) -> stat? {
    var status = stat()
    return lstat(path, &status) == 0 ? status : nil
  }
}

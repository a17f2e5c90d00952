import Foundation
import SystemSupport
import TestSupport
import Testing

/// The one bounded reader: regular files only, within a limit, never blocking.
@Suite struct FileReaderTests {
  @Test func aFileIsReadWholeOrItsHead() throws {
    let files = FolderFixture()
    let path = files.file("a.bin", Array(0..<100))
    #expect(try FileReader.read(path: path, limit: 100) == Array(0..<100))
    #expect(try FileReader.read(path: path, limit: 100, prefix: 10) == Array(0..<10))
  }

  @Test func whatIsNoFileIsRefusedByKind() {
    let files = FolderFixture()
    let folder = files.folder("pictures")
    let fifo = files.path("fifo")
    mkfifo(fifo, 0o600)
    #expect(throws: FileReadError.notFound) {
      try FileReader.read(path: files.path("missing"), limit: 10)
    }
    #expect(throws: FileReadError.notFound) {
      try FileReader.read(path: files.path("missing/below"), limit: 10)
    }
    #expect(throws: FileReadError.isDirectory) { try FileReader.read(path: folder, limit: 10) }
    #expect(throws: FileReadError.notRegularFile) { try FileReader.read(path: fifo, limit: 10) }
    #expect(throws: FileReadError.notRegularFile) {
      try FileReader.read(path: "/dev/null", limit: 10)
    }
  }

  @Test func aFilePastTheLimitIsNotRead() {
    let files = FolderFixture()
    let path = files.file("big", [UInt8](repeating: 1, count: 11))
    #expect(throws: FileReadError.tooLarge(bytes: 11)) {
      try FileReader.read(path: path, limit: 10)
    }
    #expect(FileReadError.tooLarge(bytes: 11).reason == "is too large")
  }

  @Test func anEmptyFileIsNoBytesUnlessRefused() throws {
    let files = FolderFixture()
    let path = files.file("empty", [])
    #expect(try FileReader.read(path: path, limit: 10) == [])
    #expect(throws: FileReadError.empty) {
      try FileReader.read(path: path, limit: 10, allowsEmpty: false)
    }
  }

  @Test func symbolicLinksThatLoopAreUnreadable() {
    let files = FolderFixture()
    files.link("a", to: files.path("b"))
    files.link("b", to: files.path("a"))
    #expect(throws: FileReadError.unreadable(SystemError(code: ELOOP))) {
      try FileReader.read(path: files.path("a"), limit: 10)
    }
    #expect(
      FileReadError.unreadable(SystemError(code: EACCES)).reason
        == "cannot be read (Permission denied)")
  }
}

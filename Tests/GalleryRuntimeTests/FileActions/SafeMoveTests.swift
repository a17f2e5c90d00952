import Foundation
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Moving and copying pictures: on one file system and across two, never replacing a
/// name, links as links, folders refused, any name's bytes.
@Suite struct SafeMoveTests {
  private let content = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

  @Test func aMoveOnOneFileSystemRenames() throws {
    let files = FolderFixture()
    let source = files.file("a/IMG_1.JPG", content)
    let before = try #require(OnDisk.status(source))
    let destination = files.folder("b") + "/IMG_1.JPG"
    try SafeMove.move(source, to: destination)
    #expect(!OnDisk.exists(source))
    #expect(OnDisk.bytes(destination) == content)
    #expect(OnDisk.status(destination)?.st_ino == before.st_ino, "renamed, not copied")
  }

  @Test(.enabled(if: OtherDisk.isAvailable, "needs /dev/shm on a file system of its own"))
  func aMoveAcrossFileSystemsCopiesModeAndTimesThenRemovesTheSource() throws {
    let shm = OtherDisk.fixture()
    let disk = FolderFixture()
    let source = shm.file("IMG_2.JPG", content)
    chmod(source, 0o640)
    // A time in the past with nanoseconds, which both file systems keep.
    var times = [
      timespec(tv_sec: 1_600_000_000, tv_nsec: 123_456_789),
      timespec(tv_sec: 1_500_000_000, tv_nsec: 987_654_321),
    ]
    utimensat(AT_FDCWD, source, &times, 0)
    let destination = disk.path("IMG_2.JPG")
    try SafeMove.move(source, to: destination)

    #expect(!OnDisk.exists(source))
    #expect(OnDisk.bytes(destination) == content)
    let moved = try #require(OnDisk.status(destination))
    #expect(moved.st_mode & 0o7777 == 0o640)
    #expect(moved.st_mtim.tv_sec == 1_500_000_000 && moved.st_mtim.tv_nsec == 987_654_321)
    #expect(OnDisk.names(disk.root) == ["IMG_2.JPG"], "no temporary file left")
  }

  @Test(arguments: [false, true])
  func aTakenNameIsNeverReplaced(acrossFileSystems: Bool) throws {
    guard !acrossFileSystems || OtherDisk.isAvailable else { return }
    let here = FolderFixture()
    let there = acrossFileSystems ? OtherDisk.fixture() : FolderFixture()
    let source = here.file("IMG_3.JPG", content)
    let destination = there.file("IMG_3.JPG", Array("theirs".utf8))
    #expect(throws: FileActionError.exists(path: destination)) {
      try SafeMove.move(source, to: destination)
    }
    #expect(throws: FileActionError.exists(path: destination)) {
      try SafeMove.copy(source, to: destination)
    }
    #expect(OnDisk.bytes(source) == content)
    #expect(OnDisk.bytes(destination) == Array("theirs".utf8))
    #expect(OnDisk.names(there.root) == ["IMG_3.JPG"])
  }

  @Test func aDanglingLinkTakesAName() throws {
    let files = FolderFixture()
    let source = files.file("IMG_4.JPG", content)
    files.link("taken.jpg", to: "/nowhere/at/all")
    #expect(SafeMove.exists(files.path("taken.jpg")))
    #expect(throws: FileActionError.exists(path: files.path("taken.jpg"))) {
      try SafeMove.move(source, to: files.path("taken.jpg"))
    }
    #expect(OnDisk.bytes(source) == content)
  }

  @Test(arguments: [false, true])
  func aCopyLeavesTheSource(acrossFileSystems: Bool) throws {
    guard !acrossFileSystems || OtherDisk.isAvailable else { return }
    let here = FolderFixture()
    let there = acrossFileSystems ? OtherDisk.fixture() : FolderFixture()
    let source = here.file("IMG_5.JPG", content)
    let destination = there.path("IMG_5 copy.JPG")
    try SafeMove.copy(source, to: destination)
    #expect(OnDisk.bytes(source) == content)
    #expect(OnDisk.bytes(destination) == content)
    #expect(OnDisk.status(source)?.st_ino != OnDisk.status(destination)?.st_ino)
    #expect(OnDisk.names(there.root) == ["IMG_5 copy.JPG"])
  }

  @Test(arguments: [false, true])
  func aSymbolicLinkMovesAsALink(acrossFileSystems: Bool) throws {
    guard !acrossFileSystems || OtherDisk.isAvailable else { return }
    let here = FolderFixture()
    let there = acrossFileSystems ? OtherDisk.fixture() : FolderFixture()
    let target = here.file("real.jpg", content)
    here.link("link.jpg", to: target)
    let destination = there.path("link.jpg")
    try SafeMove.move(here.path("link.jpg"), to: destination)
    let moved = try #require(OnDisk.status(destination))
    #expect(moved.st_mode & S_IFMT == S_IFLNK)
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: destination)) == target)
    #expect(!OnDisk.exists(here.path("link.jpg")))
    #expect(OnDisk.bytes(target) == content, "the target is untouched")
  }

  @Test func aLinkTargetThatIsNotUTF8MovesByteForByte() throws {
    guard OtherDisk.isAvailable else { return }
    let here = FolderFixture()
    let there = OtherDisk.fixture()
    // Absolute: a relative target is made absolute when the link changes folders.
    let target = here.path(FolderFixture.name([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x70, 0x67]))
    let link = here.path("link.jpg")
    let made = PathBytes.withFileSystemRepresentation(target) { bytes in
      PathBytes.withFileSystemRepresentation(link) { symlink(bytes, $0) }
    }
    try #require(made == 0)
    try SafeMove.move(link, to: there.path("link.jpg"))
    #expect(SystemPaths.linkTarget(there.path("link.jpg")) == target)
  }

  @Test(arguments: [false, true])
  func aCopiedOrMovedRelativeLinkPointsAtTheSameFile(acrossFileSystems: Bool) throws {
    guard !acrossFileSystems || OtherDisk.isAvailable else { return }
    let here = FolderFixture()
    let there = acrossFileSystems ? OtherDisk.fixture() : FolderFixture()
    here.file("album/real.jpg", content)
    here.file("other/up.jpg", content + [1])
    here.link("album/link.jpg", to: "real.jpg")
    here.link("album/up.jpg", to: "./../other/up.jpg")
    let real = try #require(realpath(here.root, nil))
    defer { free(real) }
    let root = String(cString: real)
    for (name, file, bytes) in [
      ("link.jpg", "/album/real.jpg", content), ("up.jpg", "/other/up.jpg", content + [1]),
    ] {
      try SafeMove.copy(here.path("album/" + name), to: there.path(name))
      #expect(OnDisk.status(there.path(name)).map { $0.st_mode & S_IFMT } == S_IFLNK)
      #expect(SystemPaths.linkTarget(there.path(name)) == root + file)
      #expect(OnDisk.bytes(there.path(name)) == bytes, "the copy leads to the same file")
    }
    // Moved, it leads there as well; renamed in its folder, it keeps its text.
    try SafeMove.move(here.path("album/link.jpg"), to: there.path("moved.jpg"))
    #expect(SystemPaths.linkTarget(there.path("moved.jpg")) == root + "/album/real.jpg")
    #expect(!OnDisk.exists(here.path("album/link.jpg")))
    try SafeMove.move(here.path("album/up.jpg"), to: here.path("album/up2.jpg"))
    #expect(SystemPaths.linkTarget(here.path("album/up2.jpg")) == "./../other/up.jpg")
    // A copy beside the link keeps its relative target.
    here.link("album/again.jpg", to: "real.jpg")
    try SafeMove.copy(here.path("album/again.jpg"), to: here.path("album/again (2).jpg"))
    #expect(SystemPaths.linkTarget(here.path("album/again (2).jpg")) == "real.jpg")
  }

  @Test func aFolderIsRefused() throws {
    let files = FolderFixture()
    let folder = files.folder("album")
    files.file("album/IMG_6.JPG", content)
    #expect(throws: FileActionError.notRegular(path: folder)) {
      try SafeMove.move(folder, to: files.path("moved"))
    }
    #expect(throws: FileActionError.notRegular(path: folder)) {
      try SafeMove.copy(folder, to: files.path("copied"))
    }
    #expect(OnDisk.bytes(files.path("album/IMG_6.JPG")) == content)
    #expect(!OnDisk.exists(files.path("moved")))
  }

  @Test func aMissingSourceIsSaidSo() {
    let files = FolderFixture()
    #expect(throws: FileActionError.notFound(path: files.path("gone.jpg"))) {
      try SafeMove.move(files.path("gone.jpg"), to: files.path("there.jpg"))
    }
  }

  @Test func aMissingDestinationFolderIsSaidSo() {
    let files = FolderFixture()
    let source = files.file("IMG_7.JPG", content)
    #expect(throws: FileActionError.folderMissing(folder: files.path("nope"), operation: .move)) {
      try SafeMove.move(source, to: files.path("nope/IMG_7.JPG"))
    }
    #expect(OnDisk.bytes(source) == content)
  }

  static let oddNames: [[UInt8]] = [
    Array("new\nline.jpg".utf8), Array("-rf.jpg".utf8), [0x66, 0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67],
  ]

  @Test(arguments: oddNames, [false, true])
  func anyNameMoves(name bytes: [UInt8], acrossFileSystems: Bool) throws {
    guard !acrossFileSystems || OtherDisk.isAvailable else { return }
    let here = FolderFixture()
    let there = acrossFileSystems ? OtherDisk.fixture() : FolderFixture()
    let name = FolderFixture.name(bytes)
    let source = here.file(name, content)
    let destination = there.path(name)
    try SafeMove.move(source, to: destination)
    #expect(OnDisk.bytes(destination) == content)
    #expect(!OnDisk.exists(source))
    #expect(OnDisk.names(there.root) == [name])
    try SafeMove.copy(destination, to: here.path(name))
    #expect(OnDisk.bytes(here.path(name)) == content)
  }

  @Test(
    .enabled(if: geteuid() != 0, "root writes into read-only folders"),
    arguments: [false, true])
  func aReadOnlyFolderIsSaidSo(acrossFileSystems: Bool) throws {
    guard !acrossFileSystems || OtherDisk.isAvailable else { return }
    let here = FolderFixture()
    let there = acrossFileSystems ? OtherDisk.fixture() : FolderFixture()
    let source = here.file("IMG_8.JPG", content)
    let folder = there.folder("locked")
    there.setMode("locked", 0o555)
    let refusal = FileActionError.permissionDenied(folder: folder, operation: .move)
    #expect(throws: refusal) { try SafeMove.move(source, to: folder + "/IMG_8.JPG") }
    #expect(OnDisk.bytes(source) == content)
    #expect(OnDisk.names(folder).isEmpty)
  }

  @Test func foldersAreMadeWithTheirParents() throws {
    let files = FolderFixture()
    let folder = files.path("a/b/c")
    try SafeMove.makeFolder(folder)
    try SafeMove.makeFolder(folder)
    #expect(OnDisk.status(folder).map { $0.st_mode & S_IFMT } == S_IFDIR)
    let file = files.file("plain", content)
    #expect(throws: FileActionError.exists(path: file)) { try SafeMove.makeFolder(file) }
    #expect(OnDisk.bytes(file) == content)
  }

  @Test func onlyDeadProcessesLeftoversAreRemoved() throws {
    let files = FolderFixture()
    let dead = PartialFile.path(in: files.root, for: "IMG.JPG", pid: DeadProcess.pid, number: 1)
    let mine = PartialFile.path(in: files.root, for: "IMG.JPG", pid: getpid(), number: 1)
    files.file(PathName.lastComponent(dead), content)
    files.file(PathName.lastComponent(mine), content)
    files.file(".IMG.JPG.gallery-partial-notapid-1", content)
    files.file("IMG.JPG", content)
    #expect(SafeMove.removeLeftovers(in: files.root, trash: nil).removed == 1)
    #expect(!OnDisk.exists(dead))
    #expect(OnDisk.names(files.root).count == 3)
  }
}

/// The way a name is taken where `RENAME_NOREPLACE` is missing: a hard link, then the old
/// name unlinked; never a replaced file, and a link moved as itself.
@Suite struct FreeNameLinkTests {
  private let content = Array("a picture".utf8)

  @Test func theLinkTakesAFreeNameAndDropsTheOld() throws {
    let files = FolderFixture()
    let source = files.file("IMG.JPG", content)
    try FreeName.link(source, to: files.path("moved.jpg"), operation: .move)
    #expect(!OnDisk.exists(source))
    #expect(OnDisk.bytes(files.path("moved.jpg")) == content)
  }

  @Test func theLinkNeverReplacesATakenName() {
    let files = FolderFixture()
    let source = files.file("IMG.JPG", content)
    let taken = files.file("taken.jpg", Array("theirs".utf8))
    #expect(throws: FreeName.Failure.self) {
      try FreeName.link(source, to: taken, operation: .move)
    }
    #expect(OnDisk.bytes(source) == content)
    #expect(OnDisk.bytes(taken) == Array("theirs".utf8))
  }

  @Test func aSymbolicLinkIsLinkedAsItself() throws {
    let files = FolderFixture()
    let target = files.file("real.jpg", content)
    files.link("link.jpg", to: target)
    try FreeName.link(files.path("link.jpg"), to: files.path("moved.jpg"), operation: .move)
    #expect(OnDisk.status(files.path("moved.jpg")).map { $0.st_mode & S_IFMT } == S_IFLNK)
    #expect(OnDisk.status(target)?.st_nlink == 1, "the target has no second name")
  }
}

import Foundation
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The home trash: its layout, the info files' exact text, names that collide, putting
/// files back and refusing to when their name is taken again.
@Suite struct TrashTests {
  private let content = Array("a picture".utf8)
  private let date = Date(timeIntervalSince1970: 1_700_000_000)

  /// A fixture with `pictures/` and a data home, and the trash on it.
  private func setUp() -> (FolderFixture, Trash) {
    let files = FolderFixture()
    files.folder("pictures")
    let trash = Trash(home: files.path("home"), dataHome: files.path("data"), uid: getuid())
    return (files, trash)
  }

  /// What the specification's DeletionDate holds for `date`: local time, no zone.
  private func localText(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    return formatter.string(from: date)
  }

  @Test func aFileGoesToTheHomeTrashWithItsInfo() throws {
    let (files, trash) = setUp()
    let path = files.file("pictures/My Photo.jpg", content)
    let trashed = try trash.trash(path, at: date)

    let can = files.path("data/Trash")
    #expect(trashed.original == path)
    #expect(trashed.file == can + "/files/My Photo.jpg")
    #expect(trashed.info == can + "/info/My Photo.jpg.trashinfo")
    #expect(!OnDisk.exists(path))
    #expect(OnDisk.bytes(trashed.file) == content)
    // The fixture's root is made of letters, digits, dots, dashes and slashes, all kept.
    #expect(files.root.allSatisfy { $0.isLetter || $0.isNumber || "/.-_".contains($0) })
    let expected =
      "[Trash Info]\nPath=\(files.root)/pictures/My%20Photo.jpg\n"
      + "DeletionDate=\(localText(date))\n"
    #expect(OnDisk.bytes(trashed.info) == Array(expected.utf8))
    #expect(OnDisk.status(can).map { $0.st_mode & 0o777 } == 0o700)
  }

  @Test func aNewlineAndABytesThatIsNotUTF8ArePercentEncoded() throws {
    let (files, trash) = setUp()
    let name = FolderFixture.name(Array("a\nb".utf8) + [0xFF] + Array(".jpg".utf8))
    let path = files.file("pictures/" + name, content)
    let trashed = try trash.trash(path, at: date)
    let text = String(decoding: OnDisk.bytes(trashed.info) ?? [], as: UTF8.self)
    #expect(text.contains("Path=\(files.root)/pictures/a%0Ab%FF.jpg\n"))
    #expect(PathName.lastComponent(trashed.file) == name)
    #expect(OnDisk.bytes(trashed.file) == content)
  }

  @Test func theEncodingKeepsOnlyUnreservedCharactersAndSlashes() {
    #expect(TrashInfo.encoded("/a b/c%d#e?f") == "/a%20b/c%25d%23e%3Ff")
    #expect(TrashInfo.encoded("/Az09-._~") == "/Az09-._~")
    #expect(TrashInfo.encoded("/é") == "/%C3%A9")
  }

  @Test func aCollisionTakesTheNextNumber() throws {
    let (files, trash) = setUp()
    let first = try trash.trash(files.file("pictures/IMG.JPG", content), at: date)
    let second = try trash.trash(files.file("pictures/other/IMG.JPG", content + [1]), at: date)
    let third = try trash.trash(files.file("pictures/IMG.JPG", content + [2]), at: date)
    let can = files.path("data/Trash")
    #expect(first.file == can + "/files/IMG.JPG")
    #expect(second.file == can + "/files/IMG.JPG.2")
    #expect(second.info == can + "/info/IMG.JPG.2.trashinfo")
    #expect(third.file == can + "/files/IMG.JPG.3")
    #expect(OnDisk.bytes(second.file) == content + [1])
    #expect(OnDisk.names(can + "/info").count == 3)
  }

  @Test func anInfoFileWithoutItsFileStillTakesTheName() throws {
    let (files, trash) = setUp()
    files.file("data/Trash/info/IMG.JPG.trashinfo", Array("someone's\n".utf8))
    let trashed = try trash.trash(files.file("pictures/IMG.JPG", content), at: date)
    #expect(PathName.lastComponent(trashed.file) == "IMG.JPG.2")
    #expect(
      OnDisk.bytes(files.path("data/Trash/info/IMG.JPG.trashinfo")) == Array("someone's\n".utf8))
  }

  @Test func aRestoredFileIsBackAndItsInfoGone() throws {
    let (files, trash) = setUp()
    let path = files.file("pictures/IMG.JPG", content)
    let trashed = try trash.trash(path, at: date)
    try trash.restore(trashed)
    #expect(OnDisk.bytes(path) == content)
    #expect(!OnDisk.exists(trashed.file))
    #expect(!OnDisk.exists(trashed.info))
  }

  @Test func aRestoreNeverReplacesTheNameTakenAgain() throws {
    let (files, trash) = setUp()
    let path = files.file("pictures/IMG.JPG", content)
    let trashed = try trash.trash(path, at: date)
    files.file("pictures/IMG.JPG", Array("newer".utf8))
    #expect(throws: FileActionError.exists(path: path)) { try trash.restore(trashed) }
    #expect(OnDisk.bytes(path) == Array("newer".utf8))
    #expect(OnDisk.bytes(trashed.file) == content)
    #expect(OnDisk.exists(trashed.info), "still in the trash, with its info")
  }

  @Test func aRestoreMakesNoFolder() throws {
    let (files, trash) = setUp()
    let path = files.file("pictures/album/IMG.JPG", content)
    let trashed = try trash.trash(path, at: date)
    rmdir(files.path("pictures/album"))
    let refusal = FileActionError.folderMissing(
      folder: files.path("pictures/album"), operation: .restore)
    #expect(throws: refusal) { try trash.restore(trashed) }
    #expect(OnDisk.bytes(trashed.file) == content)
    #expect(!OnDisk.exists(files.path("pictures/album")))
  }

  @Test func aLinkIsTrashedAsALinkAndAFolderRefused() throws {
    let (files, trash) = setUp()
    let target = files.file("pictures/real.jpg", content)
    files.link("pictures/link.jpg", to: target)
    let trashed = try trash.trash(files.path("pictures/link.jpg"), at: date)
    #expect(OnDisk.status(trashed.file).map { $0.st_mode & S_IFMT } == S_IFLNK)
    #expect(OnDisk.bytes(target) == content)
    let folder = files.folder("pictures/album")
    #expect(throws: FileActionError.notRegular(path: folder)) { try trash.trash(folder, at: date) }
  }

  @Test func aRelativeDataHomeIsIgnored() {
    let trash = Trash(home: "/h", dataHome: "relative/data", uid: 1000)
    #expect(trash.homeTrash == "/h/.local/share/Trash")
    #expect(Trash(home: "/h", dataHome: "/d", uid: 1000).homeTrash == "/d/Trash")
  }

  @Test func aLongNameIsShortenedToFitItsInfoFile() {
    // One ASCII letter first, so the cut falls inside a two-byte character.
    let long = "a" + String(repeating: "é", count: 200)
    let candidate = TrashName.candidate(long, number: 12)
    let bytes = PathBytes.fileSystemBytes(candidate + ".trashinfo")
    #expect(bytes.count == 255)
    #expect(candidate.hasSuffix(".12"))
    #expect(TrashName.candidate("IMG.JPG", number: 1) == "IMG.JPG")
  }

  @Test func aRestoreRefusesAnotherFileTrashedUnderTheSameNameAfterEmptying() throws {
    let (files, trash) = setUp()
    let first = try trash.trash(files.file("pictures/L1/x.jpg", content), at: date)
    // The Trash emptied by hand, then another picture of the same name trashed.
    unlink(first.file)
    unlink(first.info)
    let theirs = Array("another picture, another size".utf8)
    let second = try trash.trash(files.file("pictures/L2/x.jpg", theirs), at: date)
    #expect(second.file == first.file && second.info == first.info)

    let refusal = FileActionError.replacedSince(
      path: files.path("pictures/L1/x.jpg"), operation: .restore)
    #expect(throws: refusal) { try trash.restore(first) }
    #expect(refusal.message == "x.jpg is no longer the one in the Trash: not put back")
    #expect(!OnDisk.exists(files.path("pictures/L1/x.jpg")))
    #expect(OnDisk.bytes(second.file) == theirs)
    #expect(OnDisk.exists(second.info), "its info file stays")
    try trash.restore(second)
    #expect(OnDisk.bytes(files.path("pictures/L2/x.jpg")) == theirs)
  }

  @Test func aRestoreRefusesTheSameFileWhoseInfoNamesAnotherPlace() throws {
    let (files, trash) = setUp()
    let trashed = try trash.trash(files.file("pictures/x.jpg", content), at: date)
    let theirs = Array(
      "[Trash Info]\nPath=/elsewhere/x.jpg\nDeletionDate=2024-01-01T00:00:00\n".utf8)
    #expect(trashed.info == files.path("data/Trash/info/x.jpg.trashinfo"))
    files.file("data/Trash/info/x.jpg.trashinfo", theirs)
    #expect(throws: FileActionError.replacedSince(path: trashed.original, operation: .restore)) {
      try trash.restore(trashed)
    }
    #expect(OnDisk.bytes(trashed.info) == theirs)
    #expect(OnDisk.bytes(trashed.file) == content)
  }

  @Test func aFileGoneFromTheTrashIsNamedByItsOriginalName() throws {
    let (files, trash) = setUp()
    _ = try trash.trash(files.file("pictures/IMG.JPG", content), at: date)
    let second = try trash.trash(files.file("pictures/other/IMG.JPG", content), at: date)
    #expect(PathName.lastComponent(second.file) == "IMG.JPG.2")
    unlink(second.file)
    let refusal = FileActionError.goneSince(path: second.original, operation: .restore)
    #expect(throws: refusal) { try trash.restore(second) }
    #expect(refusal.message == "IMG.JPG is no longer in the Trash: not put back")
  }

  @Test func aFailedRestoreNamesTheOriginalNameNotTheTrashs() {
    let error = FileActionError.diskFull(path: "/t/files/x.jpg.3", operation: .restore)
    #expect(error.naming("/t/files/x.jpg.3", as: "/p/x.jpg").message.hasPrefix("x.jpg: "))
  }
}

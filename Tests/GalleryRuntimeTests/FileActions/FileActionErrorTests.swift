import Testing

@testable import GalleryRuntime

/// The status line's sentences: the file's last name, made safe to draw, and what was
/// left undone.
@Suite struct FileActionErrorTests {
  @Test func aMessageNamesTheFileAndWhatWasLeftUndone() {
    #expect(
      FileActionError.diskFull(path: "/pictures/IMG_1.JPG", operation: .move).message
        == "IMG_1.JPG: the disk is full: nothing moved")
    #expect(
      FileActionError.exists(path: "/b/IMG_1.JPG").message
        == "IMG_1.JPG already exists: nothing done")
    #expect(
      FileActionError.readOnly(folder: "/media/card", operation: .copy).message
        == "card is read-only: nothing copied")
    #expect(
      FileActionError.noTrash(path: "/mnt/x.jpg", reason: "Read-only file system").message
        == "x.jpg: no trash can be used on this file system (Read-only file system): nothing done")
  }

  @Test func controlCharactersAndBytesThatAreNotUTF8AreShownEscaped() {
    let name = "a\u{1B}[2Jb" + String(Unicode.Scalar(0x10FCFF)!) + "\n.jpg"
    #expect(
      FileActionError.notFound(path: "/p/" + name).message
        == "a^[[2Jb\\xFF^J.jpg no longer exists: nothing done")
  }

  @Test func onlyAFormatWithoutOrientationIsUnturnable() {
    #expect(
      FileActionError.cannotTurn(path: "/p/x.cr2", why: .noOrientationTag("no tag")).isUnturnable)
    #expect(
      FileActionError.cannotTurn(path: "/p/x.gif", why: .unsupportedFormat("GIF")).isUnturnable)
    #expect(!FileActionError.cannotTurn(path: "/p/x.jpg", why: .malformed("cut")).isUnturnable)
    #expect(!FileActionError.notFound(path: "/p/x.jpg").isUnturnable)
  }
}

import Foundation
import Gallery
import Pictures
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The file actor on temporary folders: each action, what it reports for the state, the
/// pairs it keeps together, the names it never replaces, and undo taking each back.
@Suite struct FileActorTests {
  struct Library {
    let files = FolderFixture()
    let actor: FileActor

    init() {
      files.folder("Photos/Keep")
      let root = files.path("Photos")
      actor = FileActor(
        ordering: SectionOrdering(roots: [ScanRoot(path: root)]), home: files.path("home"),
        trash: Trash(home: files.path("home"), dataHome: files.path("data"), uid: getuid()),
        now: { Date(timeIntervalSince1970: 1_700_000_000) })
    }

    func path(_ relative: String) -> String { files.path("Photos/" + relative) }

    /// A whole JPEG (one of the built-in pictures) at `relative` under the fixture.
    func photo(_ relative: String) throws -> String {
      let asset = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
      return files.file(relative, [UInt8](try Data(contentsOf: asset)))
    }
    func exists(_ relative: String) -> Bool { SafeMove.exists(path(relative)) }
    func bytes(_ relative: String) -> [UInt8]? {
      try? FileReader.read(path: path(relative), limit: 1 << 24)
    }
    func names(_ relative: String) -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: path(relative))) ?? []).sorted()
    }
  }

  @Test func trashThenUndoPutsBackAndReportsBoth() {
    let library = Library()
    let a = library.files.jpeg("Photos/a.jpg")
    let report = library.actor.carryOut(.trash([a]))
    #expect(!report.isFailure, "\(report.summary)")
    #expect(report.summary == "a.jpg moved to the Trash · U undoes")
    #expect(report.changes.removed == [a])
    #expect(!library.exists("a.jpg"))
    #expect(library.actor.undoable == 1)
    let undone = library.actor.carryOut(.undo)
    #expect(undone.summary.hasPrefix("undone: put back a.jpg from the Trash"), "\(undone.summary)")
    #expect(undone.changes.arrived.map(\.picture.path) == [a])
    #expect(library.bytes("a.jpg") == FolderFixture.jpegBytes)
    #expect(library.actor.carryOut(.undo).summary == "nothing to undo")
  }

  /// The state counts an action in undo's order only when the journal kept it: culling's
  /// decisions are undone between the actions on files.
  @Test func aReportSaysWhetherUndoCanTakeTheActionBack() {
    let library = Library()
    let a = library.files.jpeg("Photos/a.jpg")
    #expect(library.actor.carryOut(.trash([a])).isUndoable)
    #expect(!library.actor.carryOut(.trash([library.path("gone.jpg")])).isUndoable, "failed")
    #expect(!library.actor.carryOut(.undo).isUndoable, "an undo is no step of its own")
    #expect(!library.actor.carryOut(.undo).isUndoable, "nothing to undo")
  }

  @Test func aMoveTakesAPairTogetherAndAsksWhenANameIsTaken() {
    let library = Library()
    let jpeg = library.files.jpeg("Photos/IMG_1.JPG")
    let raw = library.files.file("Photos/IMG_1.CR2", [1, 2, 3])
    let other = library.files.jpeg("Photos/IMG_2.JPG")
    library.files.file("Photos/Keep/IMG_1.CR2", [9])
    let asked = library.actor.carryOut(.move([jpeg, raw, other], to: "Keep", conflicts: .ask))
    // Nothing moved yet: the question names the picture whose name is taken, the pair.
    let conflict = asked.conflict
    #expect(conflict?.taken == PictureFiles(pictures: [[jpeg, raw]]))
    #expect(library.names("Keep") == ["IMG_1.CR2"])
    // Keep both: the pair takes one free suffix for both its files.
    let kept = library.actor.carryOut(.move([jpeg, raw, other], to: "Keep", conflicts: .keepBoth))
    #expect(!kept.isFailure, "\(kept.summary)")
    #expect(library.names("Keep") == ["IMG_1 (2).CR2", "IMG_1 (2).JPG", "IMG_1.CR2", "IMG_2.JPG"])
    #expect(library.bytes("Keep/IMG_1.CR2") == [9])
    #expect(library.bytes("Keep/IMG_1 (2).CR2") == [1, 2, 3])
    #expect(Set(kept.renamed.map(\.from)) == [jpeg, raw, other])
    // Outside the home folder, the folder used is its path.
    #expect(kept.folderUsed == library.path("Keep"))
    #expect(kept.changes.removed == [jpeg, raw, other])
    // Undo: every file back under its old name.
    _ = library.actor.carryOut(.undo)
    #expect(library.names("") == ["IMG_1.CR2", "IMG_1.JPG", "IMG_2.JPG", "Keep"])
    #expect(library.names("Keep") == ["IMG_1.CR2"])
  }

  @Test func skipLeavesThePicturesWhoseNameIsTaken() {
    let library = Library()
    let a = library.files.jpeg("Photos/a.jpg")
    let b = library.files.jpeg("Photos/b.jpg")
    library.files.file("Photos/Keep/a.jpg", [7])
    let report = library.actor.carryOut(.copy([a, b], to: "Keep", conflicts: .skip))
    #expect(report.summary.contains("1 skipped"), "\(report.summary)")
    #expect(library.bytes("Keep/a.jpg") == [7])
    #expect(library.bytes("Keep/b.jpg") == FolderFixture.jpegBytes)
    #expect(library.exists("a.jpg") && library.exists("b.jpg"))
  }

  @Test func anUndoneCopyGoesToTheTrashUnlessChangedSince() throws {
    let library = Library()
    let a = library.files.jpeg("Photos/a.jpg")
    let b = library.files.jpeg("Photos/b.jpg")
    _ = library.actor.carryOut(.copy([a], to: "~/../Photos/Keep", conflicts: .ask))
    #expect(library.exists("Keep/a.jpg"))
    let undone = library.actor.carryOut(.undo)
    #expect(!undone.isFailure, "\(undone.summary)")
    #expect(!library.exists("Keep/a.jpg") && library.exists("a.jpg"))
    let trashed = try FileManager.default.contentsOfDirectory(
      atPath: library.files.path("data/Trash/files"))
    #expect(trashed == ["a.jpg"])
    // A copy written to since is left where it is.
    _ = library.actor.carryOut(.copy([b], to: "Keep", conflicts: .ask))
    library.files.file("Photos/Keep/b.jpg", [1, 2, 3, 4, 5, 6, 7, 8, 9])
    let refused = library.actor.carryOut(.undo)
    #expect(refused.isFailure, "\(refused.summary)")
    #expect(library.bytes("Keep/b.jpg") == [1, 2, 3, 4, 5, 6, 7, 8, 9])
  }

  @Test func aRenameIsAllOrNoneAndNeverReplaces() {
    let library = Library()
    let jpeg = library.files.jpeg("Photos/IMG_1.JPG")
    let raw = library.files.file("Photos/IMG_1.CR2", [1])
    library.files.file("Photos/beach.CR2", [2])
    let refused = library.actor.carryOut(
      .rename([
        PathChange(from: jpeg, to: library.path("beach.JPG")),
        PathChange(from: raw, to: library.path("beach.CR2")),
      ]))
    #expect(refused.isFailure)
    #expect(refused.summary == "beach.CR2 is taken: not renamed")
    #expect(library.names("") == ["IMG_1.CR2", "IMG_1.JPG", "Keep", "beach.CR2"])
    let done = library.actor.carryOut(
      .rename([
        PathChange(from: jpeg, to: library.path("sea.JPG")),
        PathChange(from: raw, to: library.path("sea.CR2")),
      ]))
    // The pair by both its files, as undo says it.
    #expect(done.summary == "renamed IMG_1 (JPG + CR2) to sea (JPG + CR2) · U undoes")
    #expect(library.names("") == ["Keep", "beach.CR2", "sea.CR2", "sea.JPG"])
    _ = library.actor.carryOut(.undo)
    #expect(library.names("") == ["IMG_1.CR2", "IMG_1.JPG", "Keep", "beach.CR2"])
  }

  @Test func aTurnRewritesTheTagAndUndoTurnsBack() throws {
    let library = Library()
    let a = try library.photo("Photos/a.jpg")
    let gif = library.files.file(
      "Photos/b.gif", Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 20))
    let report = library.actor.carryOut(.turn([a], .right))
    #expect(!report.isFailure, "\(report.summary)")
    #expect(report.summary == "turned right: a.jpg · U undoes")
    #expect(report.changes.arrived.map(\.picture.path) == [a])
    let turned = try #require(library.bytes("a.jpg"))
    #expect(ExifOrientation.read(from: turned) == .needsClockwiseTurn)
    _ = library.actor.carryOut(.undo)
    let back = try #require(library.bytes("a.jpg"))
    #expect(ExifOrientation.read(from: back).map { $0 == .normal } ?? true)
    // A format that keeps no orientation says why and stays as it was.
    let refused = library.actor.carryOut(.turn([gif], .left))
    #expect(refused.isFailure)
    #expect(refused.summary.hasPrefix("b.gif cannot be turned: GIF"), "\(refused.summary)")
    #expect(library.actor.undoable == 0)
  }

  @Test(arguments: [false, true])
  func undoOfATurnGivesBackTheSameBytesAndTime(tagged: Bool) throws {
    let library = Library()
    let a = try library.photo("Photos/a.jpg")
    let plain = try #require(library.bytes("a.jpg"))
    #expect(ExifOrientation.read(from: plain) == nil, "the asset has no orientation tag")
    let original = tagged ? try OrientationRewrite.turning(plain, by: .left) : plain
    library.files.file("Photos/a.jpg", original)
    var times = [
      timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_600_000_000, tv_nsec: 250),
    ]
    #expect(utimensat(AT_FDCWD, a, &times, 0) == 0)

    #expect(!library.actor.carryOut(.turn([a], .right)).isFailure)
    #expect(library.bytes("a.jpg") != original)
    let undone = library.actor.carryOut(.undo)
    #expect(undone.summary == "undone: turned back: a.jpg", "\(undone.summary)")
    #expect(library.bytes("a.jpg") == original, "the very bytes it had")
    let status = try #require(OnDisk.status(a))
    #expect(status.st_mtim.tv_sec == 1_600_000_000 && status.st_mtim.tv_nsec == 250)
  }

  @Test func undoOfATurnOnAFileChangedSinceTurnsItBack() throws {
    let library = Library()
    let a = try library.photo("Photos/a.jpg")
    #expect(!library.actor.carryOut(.turn([a], .right)).isFailure)
    // Another program saves it again, turned and with a comment of its own.
    let theirs = try #require(library.bytes("a.jpg")) + Array("their edit".utf8)
    library.files.file("Photos/.save.tmp", theirs)
    #expect(rename(library.path(".save.tmp"), a) == 0)
    #expect(!library.actor.carryOut(.undo).isFailure)
    let back = try #require(library.bytes("a.jpg"))
    #expect(ExifOrientation.read(from: back) == .normal)
    #expect(back.suffix(10) == ArraySlice("their edit".utf8), "their change stays")
  }

  @Test func aRawCompanionThatKeepsNoTagIsLeftAsItIs() throws {
    let library = Library()
    let jpeg = try library.photo("Photos/IMG_1.JPG")
    // A TIFF-based raw without an orientation tag: eight bytes of header, an empty IFD0.
    let raw = library.files.file(
      "Photos/IMG_1.DNG", Array("II*\0".utf8) + [8, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    let report = library.actor.carryOut(.turn([jpeg, raw], .left))
    #expect(!report.isFailure, "\(report.summary)")
    #expect(library.bytes("IMG_1.DNG") == Array("II*\0".utf8) + [8, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    #expect(ExifOrientation.read(from: try #require(library.bytes("IMG_1.JPG"))) != nil)
  }

  @Test(.enabled(if: OtherDisk.isAvailable, "needs /dev/shm on a file system of its own"))
  func aMoveToAFolderOnAnotherDiskCopiesThenRemoves() throws {
    let shm = OtherDisk.fixture()
    let disk = shm.path("")
    let library = Library()
    let a = library.files.file(
      "Photos/a.jpg", FolderFixture.jpegBytes + [UInt8](repeating: 7, count: 100_000))
    let report = library.actor.carryOut(.move([a], to: disk + "/Album", conflicts: .ask))
    #expect(!report.isFailure, "\(report.summary)")
    #expect(!library.exists("a.jpg"))
    #expect(
      try FileReader.read(path: disk + "/Album/a.jpg", limit: 1 << 24).count == FolderFixture
        .jpegBytes.count
        + 100_000)
    _ = library.actor.carryOut(.undo)
    #expect(library.bytes("a.jpg")?.count == FolderFixture.jpegBytes.count + 100_000)
    #expect(!SafeMove.exists(disk + "/Album/a.jpg"))
  }

  @Test func summariesNameAPairsFilesAndCountPictures() {
    let library = Library()
    let jpeg = library.files.jpeg("Photos/IMG_1.JPG")
    let raw = library.files.file("Photos/IMG_1.DNG", [1, 2, 3])
    let trashed = library.actor.carryOut(.trash([jpeg, raw]))
    #expect(trashed.summary == "IMG_1 (JPG + DNG) moved to the Trash · U undoes")
    #expect(trashed.trashed == [jpeg, raw])
    #expect(
      library.actor.carryOut(.undo).summary == "undone: put back IMG_1 (JPG + DNG) from the Trash")
    let still = library.files.jpeg("Photos/IMG_2.HEIC")
    let motion = library.files.file("Photos/IMG_2.MOV", [4])
    let moved = library.actor.carryOut(
      .move([jpeg, raw, still, motion], to: "Keep", conflicts: .ask))
    #expect(
      moved.summary == "moved 2 pictures (4 files: 1 raw, 1 video) to \(library.path("Keep"))"
        + " · U undoes", "\(moved.summary)")
  }

  /// Three pairs whose six names are taken are three pictures taken, as the prompts count.
  @Test func namesTakenAreCountedAsPictures() throws {
    let library = Library()
    var paths: [String] = []
    for number in 1...3 {
      paths.append(library.files.jpeg("Photos/IMG_410\(number).JPG"))
      paths.append(library.files.file("Photos/IMG_410\(number).DNG", [1]))
      library.files.file("Photos/Keep/IMG_410\(number).JPG", [2])
      library.files.file("Photos/Keep/IMG_410\(number).DNG", [3])
    }
    let asked = library.actor.carryOut(.copy(paths, to: "Keep", conflicts: .ask))
    let taken = try #require(asked.conflict?.taken)
    #expect(taken.pictureCount == 3)
    #expect(taken.description == "3 pictures (6 files: 3 raw)")
    #expect(asked.summary == "names are taken")
  }

  @Test func aCopyUnderAFreeNameSaysTheNameMadeAndUndoSpeaksOfTheCopy() {
    let library = Library()
    let beach = library.files.jpeg("Photos/beach 2.jpg")
    library.files.file("Photos/Keep/beach 2.jpg", [7])
    let keep = library.path("Keep")
    let copied = library.actor.carryOut(.copy([beach], to: "Keep", conflicts: .keepBoth))
    #expect(library.exists("Keep/beach 2 (2).jpg"))
    #expect(copied.summary == "copied beach 2.jpg to \(keep) as beach 2 (2).jpg · U undoes")
    let undone = library.actor.carryOut(.undo)
    #expect(undone.summary == "undone: the copy beach 2 (2).jpg moved to the Trash")
    #expect(undone.trashed == [library.path("Keep/beach 2 (2).jpg")])
    // Several: the copies counted, a new name said.
    let other = library.files.jpeg("Photos/other.jpg")
    let two = library.actor.carryOut(.copy([beach, other], to: "Keep", conflicts: .keepBoth))
    #expect(
      two.summary
        == "copied 2 pictures to \(keep); 1 under a new name: beach 2 (2).jpg · U undoes",
      "\(two.summary)")
    #expect(library.actor.carryOut(.undo).summary == "undone: 2 copies moved to the Trash")
  }
}

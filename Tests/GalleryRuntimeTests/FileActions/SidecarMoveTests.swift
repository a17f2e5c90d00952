import Foundation
import Gallery
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The XMP sidecars of a picture go where it goes: moved, renamed, trashed and back with
/// undo, under the name its own new name decides, never over another file, and a
/// `NAME.xmp` another picture of the stem still owns is copied, not taken from it.
@Suite struct SidecarMoveTests {
  typealias Library = FileActorTests.Library

  private static let darktable: [UInt8] = Array("<x:xmpmeta>dt</x:xmpmeta>".utf8)
  private static let lightroom: [UInt8] = Array("<x:xmpmeta>lr</x:xmpmeta>".utf8)

  @Test func aMoveTakesBothSidecarNamesAndUndoBringsThemBack() {
    let library = Library()
    let raw = library.files.file("Photos/IMG_1.CR2", [1, 2, 3])
    library.files.file("Photos/IMG_1.CR2.xmp", Self.darktable)
    library.files.file("Photos/IMG_1.xmp", Self.lightroom)
    let moved = library.actor.carryOut(.move([raw], to: "Keep", conflicts: .ask))
    #expect(!moved.isFailure, "\(moved.summary)")
    #expect(moved.summary == "moved IMG_1.CR2 to \(library.path("Keep")) · U undoes")
    #expect(library.names("") == ["Keep"])
    #expect(library.names("Keep") == ["IMG_1.CR2", "IMG_1.CR2.xmp", "IMG_1.xmp"])
    #expect(library.bytes("Keep/IMG_1.CR2.xmp") == Self.darktable)
    #expect(library.bytes("Keep/IMG_1.xmp") == Self.lightroom)
    // The sidecars are no pictures of the state's.
    #expect(moved.changes.removed == [raw])
    #expect(moved.renamed == [PathChange(from: raw, to: library.path("Keep/IMG_1.CR2"))])
    // An editor saving a sidecar (a new file renamed over it) does not keep it behind.
    library.files.file("Photos/Keep/new.xmp", Self.darktable + [10])
    rename(library.path("Keep/new.xmp"), library.path("Keep/IMG_1.CR2.xmp"))
    let undone = library.actor.carryOut(.undo)
    #expect(!undone.isFailure, "\(undone.summary)")
    #expect(library.names("") == ["IMG_1.CR2", "IMG_1.CR2.xmp", "IMG_1.xmp", "Keep"])
    #expect(library.names("Keep").isEmpty)
    #expect(library.bytes("IMG_1.CR2.xmp") == Self.darktable + [10])
  }

  /// A copy keeps its stars and its edit history: its sidecars are copied with it, under
  /// the names its own name decides; undo puts them in the Trash with it, a rating given
  /// to the copy since included, and leaves the originals as they were.
  @Test func aCopyCopiesTheSidecarsAndUndoTrashesThemWithIt() {
    let library = Library()
    let raw = library.files.file("Photos/IMG_1.CR2", [1, 2, 3])
    library.files.file("Photos/IMG_1.CR2.xmp", Self.darktable)
    library.files.file("Photos/IMG_1.xmp", Self.lightroom)
    library.files.file("Photos/Keep/IMG_1.CR2", [9])
    let copied = library.actor.carryOut(.copy([raw], to: "Keep", conflicts: .keepBoth))
    #expect(!copied.isFailure, "\(copied.summary)")
    #expect(
      library.names("Keep") == ["IMG_1 (2).CR2", "IMG_1 (2).CR2.xmp", "IMG_1 (2).xmp", "IMG_1.CR2"])
    #expect(library.bytes("Keep/IMG_1 (2).CR2.xmp") == Self.darktable)
    #expect(library.bytes("Keep/IMG_1 (2).xmp") == Self.lightroom)
    #expect(copied.changes.arrived.map(\.picture.path) == [library.path("Keep/IMG_1 (2).CR2")])
    // Rated since: the copy's sidecar is the copy's, and goes with it.
    library.files.file("Photos/Keep/IMG_1 (2).xmp", Self.lightroom + [10])
    let undone = library.actor.carryOut(.undo)
    #expect(!undone.isFailure, "\(undone.summary)")
    #expect(undone.summary.hasPrefix("undone: the copy IMG_1 (2).CR2 moved to the Trash"))
    #expect(library.names("Keep") == ["IMG_1.CR2"])
    #expect(library.names("") == ["IMG_1.CR2", "IMG_1.CR2.xmp", "IMG_1.xmp", "Keep"])
    #expect(library.bytes("IMG_1.xmp") == Self.lightroom)
  }

  /// A pair's stem sidecar copied with it stays while a copy it belongs to is kept
  /// (changed since, so undo leaves it), and goes with the last.
  @Test func undoKeepsACopiedSidecarWhileACopyOfItsPictureIsKept() {
    let library = Library()
    let jpeg = library.files.jpeg("Photos/a.jpg")
    let raw = library.files.file("Photos/a.cr2", [1])
    library.files.file("Photos/a.xmp", Self.lightroom)
    let copied = library.actor.carryOut(.copy([jpeg, raw], to: "Keep", conflicts: .ask))
    #expect(!copied.isFailure, "\(copied.summary)")
    #expect(library.names("Keep") == ["a.cr2", "a.jpg", "a.xmp"])
    library.files.file("Photos/Keep/a.jpg", FolderFixture.jpegBytes + [0])
    let undone = library.actor.carryOut(.undo)
    #expect(undone.isFailure, "the changed copy is said: \(undone.summary)")
    #expect(library.names("Keep") == ["a.jpg", "a.xmp"])
  }

  @Test func aPairMovesItsSharedSidecarOnce() {
    let library = Library()
    let jpeg = library.files.jpeg("Photos/a.jpg")
    let raw = library.files.file("Photos/a.cr2", [1])
    library.files.file("Photos/a.jpg.xmp", Self.darktable)
    library.files.file("Photos/a.xmp", Self.lightroom)
    let moved = library.actor.carryOut(.move([jpeg, raw], to: "Keep", conflicts: .ask))
    #expect(!moved.isFailure, "\(moved.summary)")
    #expect(library.names("") == ["Keep"])
    #expect(library.names("Keep") == ["a.cr2", "a.jpg", "a.jpg.xmp", "a.xmp"])
    _ = library.actor.carryOut(.undo)
    #expect(library.names("") == ["Keep", "a.cr2", "a.jpg", "a.jpg.xmp", "a.xmp"])
  }

  @Test func aSharedStemSidecarIsCopiedForAMoveAndLeftForTheTrash() throws {
    let library = Library()
    let jpeg = library.files.jpeg("Photos/a.jpg")
    library.files.file("Photos/a.cr2", [1])
    library.files.file("Photos/a.xmp", Self.lightroom)
    let moved = library.actor.carryOut(.move([jpeg], to: "Keep", conflicts: .ask))
    #expect(!moved.isFailure, "\(moved.summary)")
    // The raw that stays keeps its sidecar; the JPEG takes a copy.
    #expect(library.names("") == ["Keep", "a.cr2", "a.xmp"])
    #expect(library.names("Keep") == ["a.jpg", "a.xmp"])
    #expect(library.bytes("Keep/a.xmp") == Self.lightroom)
    // Undo: the copy, unchanged, goes to the Trash, and the JPEG shares the raw's again.
    let undone = library.actor.carryOut(.undo)
    #expect(!undone.isFailure, "\(undone.summary)")
    #expect(library.names("") == ["Keep", "a.cr2", "a.jpg", "a.xmp"])
    #expect(library.names("Keep").isEmpty)
    #expect(trashed(library) == ["a.xmp"])
    // Trashing the JPEG alone leaves the raw's sidecar where it is.
    let gone = library.actor.carryOut(.trash([jpeg]))
    #expect(!gone.isFailure, "\(gone.summary)")
    #expect(library.names("") == ["Keep", "a.cr2", "a.xmp"])
    #expect(trashed(library) == ["a.jpg", "a.xmp"])
  }

  @Test func aTakenSidecarNameGivesThePictureAndItsSidecarsAFreeName() {
    let library = Library()
    let jpeg = library.files.jpeg("Photos/a.jpg")
    library.files.file("Photos/a.jpg.xmp", Self.darktable)
    // Another picture's sidecar, its picture gone: not to be taken for this one's.
    library.files.file("Photos/Keep/a.jpg.xmp", [7])
    let asked = library.actor.carryOut(.move([jpeg], to: "Keep", conflicts: .ask))
    #expect(asked.conflict != nil, "\(asked.summary)")
    #expect(library.names("Keep") == ["a.jpg.xmp"])
    let moved = library.actor.carryOut(.move([jpeg], to: "Keep", conflicts: .keepBoth))
    #expect(!moved.isFailure, "\(moved.summary)")
    #expect(library.names("Keep") == ["a (2).jpg", "a (2).jpg.xmp", "a.jpg.xmp"])
    #expect(library.bytes("Keep/a (2).jpg.xmp") == Self.darktable)
    #expect(library.bytes("Keep/a.jpg.xmp") == [7])
    _ = library.actor.carryOut(.undo)
    #expect(library.names("") == ["Keep", "a.jpg", "a.jpg.xmp"])
    #expect(library.names("Keep") == ["a.jpg.xmp"])
  }

  @Test func aTakenStemSidecarNameGivesAFreeNameToo() {
    let library = Library()
    let raw = library.files.file("Photos/b.nef", [1])
    library.files.file("Photos/b.xmp", Self.lightroom)
    library.files.file("Photos/Keep/b.xmp", [7])
    let moved = library.actor.carryOut(.move([raw], to: "Keep", conflicts: .keepBoth))
    #expect(!moved.isFailure, "\(moved.summary)")
    #expect(library.names("Keep") == ["b (2).nef", "b (2).xmp", "b.xmp"])
    #expect(library.bytes("Keep/b.xmp") == [7])
  }

  @Test func aRenameRenamesTheSidecarsAndRefusesATakenSidecarName() {
    let library = Library()
    let jpeg = library.files.jpeg("Photos/IMG_1.JPG")
    let raw = library.files.file("Photos/IMG_1.CR2", [1])
    library.files.file("Photos/IMG_1.CR2.xmp", Self.darktable)
    library.files.file("Photos/IMG_1.xmp", Self.lightroom)
    library.files.file("Photos/beach.xmp", [7])
    let pair = { (stem: String) in
      [
        PathChange(from: jpeg, to: library.path(stem + ".JPG")),
        PathChange(from: raw, to: library.path(stem + ".CR2")),
      ]
    }
    let refused = library.actor.carryOut(.rename(pair("beach")))
    #expect(refused.isFailure)
    #expect(refused.summary == "beach.xmp is taken: not renamed")
    let done = library.actor.carryOut(.rename(pair("sea")))
    #expect(!done.isFailure, "\(done.summary)")
    #expect(done.summary == "renamed IMG_1 (JPG + CR2) to sea (JPG + CR2) · U undoes")
    #expect(
      library.names("") == ["Keep", "beach.xmp", "sea.CR2", "sea.CR2.xmp", "sea.JPG", "sea.xmp"])
    #expect(library.bytes("sea.xmp") == Self.lightroom)
    _ = library.actor.carryOut(.undo)
    #expect(
      library.names("") == [
        "IMG_1.CR2", "IMG_1.CR2.xmp", "IMG_1.JPG", "IMG_1.xmp", "Keep", "beach.xmp",
      ])
  }

  @Test func trashedSidecarsHaveTheirOwnInfoAndComeBackWithUndo() throws {
    let library = Library()
    let raw = library.files.file("Photos/IMG_1.CR2", [1])
    library.files.file("Photos/IMG_1.CR2.xmp", Self.darktable)
    library.files.file("Photos/IMG_1.xmp", Self.lightroom)
    let gone = library.actor.carryOut(.trash([raw]))
    #expect(!gone.isFailure, "\(gone.summary)")
    #expect(gone.summary == "IMG_1.CR2 moved to the Trash · U undoes")
    #expect(gone.trashed == [raw])
    #expect(library.names("") == ["Keep"])
    #expect(trashed(library) == ["IMG_1.CR2", "IMG_1.CR2.xmp", "IMG_1.xmp"])
    let infos = try FileManager.default.contentsOfDirectory(
      atPath: library.files.path("data/Trash/info"))
    #expect(
      infos.sorted() == [
        "IMG_1.CR2.trashinfo", "IMG_1.CR2.xmp.trashinfo", "IMG_1.xmp.trashinfo",
      ])
    let undone = library.actor.carryOut(.undo)
    #expect(!undone.isFailure, "\(undone.summary)")
    #expect(undone.summary == "undone: put back IMG_1.CR2 from the Trash")
    #expect(library.names("") == ["IMG_1.CR2", "IMG_1.CR2.xmp", "IMG_1.xmp", "Keep"])
    #expect(trashed(library).isEmpty)
  }

  /// What `trash-list` (trash-cli) lists of the gallery's Trash: each sidecar on its own.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/trash-list")))
  func trashCliListsTheTrashedSidecars() async throws {
    let library = Library()
    let raw = library.files.file("Photos/IMG_1.CR2", [1])
    library.files.file("Photos/IMG_1.CR2.xmp", Self.darktable)
    library.files.file("Photos/IMG_1.xmp", Self.lightroom)
    #expect(!library.actor.carryOut(.trash([raw])).isFailure)
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = library.files.path("data")
    let listing = library.files.path("trash-list.out")
    let status = await Subprocess.exitStatus(
      of: try Subprocess.start(
        ["/usr/bin/trash-list"], environment: environment, output: listing))
    #expect(status == 0)
    // `DATE TIME PATH` a line; the disks' own trash folders may list more.
    let lines = String(decoding: OnDisk.bytes(listing) ?? [], as: UTF8.self)
      .split(separator: "\n").map {
        $0.split(separator: " ", maxSplits: 2).last.map(String.init) ?? ""
      }
      .filter { $0.hasPrefix(library.path("")) }
    #expect(
      lines.sorted() == [raw, raw + ".xmp", library.path("IMG_1.xmp")].sorted(), "\(lines)")
  }

  /// The names in the fixture's Trash.
  private func trashed(_ library: Library) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: library.files.path("data/Trash/files")))
      ?? []).sorted()
  }
}

/// A gallery killed after moving a picture and before its sidecars: the note it left
/// has the next tidy of the folder finish the move, and is gone.
@Suite struct SidecarNoteTests {
  typealias Library = FileActorTests.Library

  @Test func aDeadGallerysNoteTakesTheSidecarsToTheMovedPicture() {
    let library = Library()
    let raw = library.files.file("Photos/a b.CR2", [1])
    let jpeg = library.files.jpeg("Photos/c.jpg")
    library.files.file("Photos/a b.CR2.xmp", [2])
    library.files.file("Photos/a b.xmp", [3])
    library.files.file("Photos/c.jpg.xmp", [4])
    // Killed after the raw moved; the JPEG never did.
    let changes = [
      PathChange(from: raw, to: library.path("Keep/a b (2).CR2")),
      PathChange(from: jpeg, to: library.path("Keep/c.jpg")),
    ]
    rename(raw, library.path("Keep/a b (2).CR2"))
    library.files.file(
      "Photos/.a b.CR2\(PartialFile.Purpose.sidecars.marker)\(DeadProcess.pid)-1",
      SidecarNote.contents(changes))
    let count = SafeMove.removeLeftovers(in: library.path(""), trash: nil)
    #expect(count == SafeMove.LeftoverCount(removed: 1))
    #expect(library.names("") == ["Keep", "c.jpg", "c.jpg.xmp"])
    #expect(library.names("Keep") == ["a b (2).CR2", "a b (2).CR2.xmp", "a b (2).xmp"])
    #expect(library.bytes("Keep/a b (2).xmp") == [3])
  }

  @Test func aNoteNamesAnyPathByteForByte() {
    let changes = [PathChange(from: "/p/a\nb %.jpg", to: "/q/\u{FF}é (2).jpg")]
    #expect(SidecarNote.changes(in: SidecarNote.contents(changes)) == changes)
    #expect(SidecarNote.changes(in: Array("Move=/a /b\n".utf8)).isEmpty, "no header")
  }
}

extension SidecarNoteTests {
  /// Killed after trashing the picture: the next tidy puts its sidecars in the Trash too,
  /// and without a Trash keeps the note for a tidy that has one.
  @Test func aDeadGallerysTrashNoteTrashesTheSidecarsOfThePictureGone() throws {
    let library = Library()
    let raw = library.files.file("Photos/a.CR2", [1])
    library.files.file("Photos/a.CR2.xmp", [2])
    library.files.file("Photos/a.xmp", [3])
    let trash = Trash(
      home: library.files.path("home"), dataHome: library.files.path("data"), uid: getuid())
    _ = try trash.trash(raw, at: Date())
    let note = ".a.CR2\(PartialFile.Purpose.sidecars.marker)\(DeadProcess.pid)-1"
    library.files.file("Photos/" + note, SidecarNote.contents([], trashing: [raw]))
    #expect(SafeMove.removeLeftovers(in: library.path(""), trash: nil) == .init(kept: 1))
    #expect(library.names("") == [note, "Keep", "a.CR2.xmp", "a.xmp"])
    #expect(SafeMove.removeLeftovers(in: library.path(""), trash: trash) == .init(removed: 1))
    #expect(library.names("") == ["Keep"])
    let files = try FileManager.default.contentsOfDirectory(
      atPath: library.files.path("data/Trash/files"))
    #expect(files.sorted() == ["a.CR2", "a.CR2.xmp", "a.xmp"])
  }
}

extension SidecarNoteTests {
  /// Killed after undo brought the picture back from the Trash: the next tidy brings its
  /// sidecars back too, and only those the note names.
  @Test func aDeadGallerysRestoreNoteBringsBackTheSidecars() throws {
    let library = Library()
    let raw = library.files.file("Photos/a.CR2", [1])
    let own = library.files.file("Photos/a.CR2.xmp", [2])
    let trash = Trash(
      home: library.files.path("home"), dataHome: library.files.path("data"), uid: getuid())
    let picture = try trash.trash(raw, at: Date())
    let sidecar = try trash.trash(own, at: Date())
    let note = ".a.CR2\(PartialFile.Purpose.sidecars.marker)\(DeadProcess.pid)-1"
    let bytes = SidecarNote.contents(restoring: [sidecar], of: raw)
    #expect(SidecarNote.restores(in: bytes).map(\.file) == [sidecar])
    library.files.file("Photos/" + note, bytes)
    // The picture not back yet: nothing comes back, and the note goes.
    #expect(SafeMove.removeLeftovers(in: library.path(""), trash: nil) == .init(removed: 1))
    #expect(library.names("") == ["Keep"])
    try trash.restore(picture)
    library.files.file("Photos/" + note, bytes)
    #expect(SafeMove.removeLeftovers(in: library.path(""), trash: nil) == .init(removed: 1))
    #expect(library.names("") == ["Keep", "a.CR2", "a.CR2.xmp"])
    #expect(library.bytes("a.CR2.xmp") == [2])
    let infos = try FileManager.default.contentsOfDirectory(
      atPath: library.files.path("data/Trash/info"))
    #expect(infos.isEmpty)
  }
}

import Foundation
import Gallery
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Undo moves back only the file the action moved: another file that took its place
/// since (the Trash emptied and refilled by another gallery or `trash-put`, a file saved
/// over a moved one) is refused by name and left as it is, with its `.trashinfo`.
@Suite struct UndoCheckTests {
  /// `trash-put` of the Debian package trash-cli, when installed.
  static let trashPut = "/usr/bin/trash-put"
  static let hasTrashCLI = access(trashPut, X_OK) == 0
  /// `trash-restore`, of the same package.
  static let trashRestore = "/usr/bin/trash-restore"
  static let hasTrashRestore = access(trashRestore, X_OK) == 0

  /// Two galleries on one library and one Trash.
  struct Library {
    let files = FolderFixture()

    func actor() -> FileActor {
      FileActor(
        ordering: SectionOrdering(roots: [ScanRoot(path: files.path("Photos"))]),
        home: files.path("home"),
        trash: Trash(home: files.path("home"), dataHome: files.path("data"), uid: getuid()))
    }

    var trashFiles: String { files.path("data/Trash/files") }
    var trashInfo: String { files.path("data/Trash/info") }

    /// The Trash emptied by hand, as a file manager or `rm` does.
    func emptyTrash() {
      for name in OnDisk.names(trashFiles) { unlink(trashFiles + "/" + name) }
      for name in OnDisk.names(trashInfo) { unlink(trashInfo + "/" + name) }
    }
  }

  @Test(arguments: [false, true])
  func undoAfterTheTrashWasEmptiedAndRefilledRefuses(throughTrashPut: Bool) async throws {
    guard !throughTrashPut || Self.hasTrashCLI else {
      print("UndoCheckTests: trash-put (trash-cli) is not installed; its case skipped")
      return
    }
    let library = Library()
    let mine = library.files.file("Photos/L1/x.jpg", Array("mine".utf8))
    let theirs = Array("theirs, of another size".utf8)
    let other = library.files.file("Photos/L2/x.jpg", theirs)
    let first = library.actor()
    #expect(!first.carryOut(.trash([mine])).isFailure)
    library.emptyTrash()
    let second = library.actor()
    if throughTrashPut {
      let environment = [
        "XDG_DATA_HOME": library.files.path("data"), "HOME": library.files.path("home"),
      ]
      let put = try await Subprocess.run([Self.trashPut, other], environment: environment)
      #expect(put.status == 0, "\(put.errors)")
    } else {
      #expect(!second.carryOut(.trash([other])).isFailure)
    }
    #expect(OnDisk.names(library.trashFiles) == ["x.jpg"])

    let undone = first.carryOut(.undo)
    #expect(undone.isFailure)
    #expect(
      undone.summary == "not undone: x.jpg is no longer the one in the Trash: not put back")
    #expect(!OnDisk.exists(mine))
    #expect(!OnDisk.exists(other))
    #expect(OnDisk.bytes(library.trashFiles + "/x.jpg") == theirs)
    let info = String(
      decoding: OnDisk.bytes(library.trashInfo + "/x.jpg.trashinfo") ?? [], as: UTF8.self)
    #expect(info.contains("Path=\(other)\n"), "\(info)")
    if throughTrashPut {
      let environment = [
        "XDG_DATA_HOME": library.files.path("data"), "HOME": library.files.path("home"),
      ]
      let listed = try await Subprocess.run(["/usr/bin/trash-list"], environment: environment)
      #expect(listed.output.contains(other), "\(listed.output)")
    } else {
      // The other gallery's undo still finds its picture.
      #expect(!second.carryOut(.undo).isFailure)
      #expect(OnDisk.bytes(other) == theirs)
    }
  }

  @Test(arguments: [false, true])
  func undoOfAMoveOrRenameRefusesAFileSavedOverTheNewName(renamed: Bool) {
    let library = Library()
    library.files.folder("Photos/Keep")
    let a = library.files.file("Photos/a.jpg", Array("mine".utf8))
    let actor = library.actor()
    let moved = library.files.path(renamed ? "Photos/b.jpg" : "Photos/Keep/a.jpg")
    let report =
      renamed
      ? actor.carryOut(.rename([PathChange(from: a, to: moved)]))
      : actor.carryOut(.move([a], to: "Keep", conflicts: .ask))
    #expect(!report.isFailure, "\(report.summary)")
    // Another program saves a new file over the new name.
    let temporary = library.files.file("Photos/.save.tmp", Array("another file".utf8))
    #expect(rename(temporary, moved) == 0)
    let undone = actor.carryOut(.undo)
    #expect(undone.isFailure)
    let expected =
      renamed
      ? "b.jpg is no longer the file renamed so: not renamed back"
      : "a.jpg is no longer the file moved there: not moved back"
    #expect(undone.summary == "not undone: " + expected)
    #expect(!OnDisk.exists(a))
    #expect(OnDisk.bytes(moved) == Array("another file".utf8))
  }

  @Test func undoOfAMoveWhoseFileIsGoneSaysSo() {
    let library = Library()
    library.files.folder("Photos/Keep")
    let a = library.files.file("Photos/a.jpg", Array("mine".utf8))
    let actor = library.actor()
    #expect(!actor.carryOut(.move([a], to: "Keep", conflicts: .ask)).isFailure)
    unlink(library.files.path("Photos/Keep/a.jpg"))
    #expect(
      actor.carryOut(.undo).summary == "not undone: a.jpg is no longer there: not moved back")
  }

  @Test func anUndoThatFailsNamesTheOriginalNameNotTheTrashs() {
    let library = Library()
    let actor = library.actor()
    _ = actor.carryOut(.trash([library.files.file("Photos/one/x.jpg", [1])]))
    _ = actor.carryOut(.trash([library.files.file("Photos/two/x.jpg", [2])]))
    #expect(OnDisk.names(library.trashFiles) == ["x.jpg", "x.jpg.2"])
    // The second one left the Trash (another program emptied it in part).
    unlink(library.files.path("data/Trash/files/x.jpg.2"))
    let undone = actor.carryOut(.undo)
    #expect(undone.summary == "not undone: x.jpg is no longer in the Trash: not put back")
    #expect(!undone.summary.contains("x.jpg.2"))
  }

  /// Puts the one trashed file of `folder` back as another program does: `trash-restore`
  /// answering `0` to its question, else a rename back and the info file removed, as a
  /// file manager does.
  static func restoreElsewhere(_ library: Library, folder: String, name: String) async throws {
    if Self.hasTrashRestore {
      let environment = [
        "XDG_DATA_HOME": library.files.path("data"), "HOME": library.files.path("home"),
        "PATH": "/usr/bin:/bin",
      ]
      let restored = try await Subprocess.run(
        ["/bin/sh", "-c", "echo 0 | \(Self.trashRestore) \"$0\"", folder],
        environment: environment)
      #expect(restored.status == 0, "\(restored.output) \(restored.errors)")
    } else {
      print("UndoCheckTests: trash-restore (trash-cli) is not installed; restored by rename")
      #expect(rename(library.trashFiles + "/" + name, folder + "/" + name) == 0)
      unlink(library.trashInfo + "/" + name + ".trashinfo")
    }
  }

  @Test func undoOfATrashAnotherProgramPutBackSaysItIsBack() async throws {
    let library = Library()
    let mine = library.files.file("Photos/L1/with space.jpg", Array("mine".utf8))
    let actor = library.actor()
    #expect(!actor.carryOut(.trash([mine])).isFailure)
    #expect(!OnDisk.exists(mine))
    try await Self.restoreElsewhere(
      library, folder: library.files.path("Photos/L1"), name: "with space.jpg")
    #expect(OnDisk.bytes(mine) == Array("mine".utf8), "put back by the other program")
    let undone = actor.carryOut(.undo)
    #expect(!undone.isFailure, "\(undone.summary)")
    #expect(undone.summary == "nothing to undo: with space.jpg is already back")
    #expect(undone.changes.arrived.map(\.picture.path) == [mine], "shown at once")
    #expect(OnDisk.bytes(mine) == Array("mine".utf8))
    #expect(actor.undoable == 0, "taken off the list: the next U undoes the one before")
  }

  @Test func aFileOfTheSameNameThatIsNotTheOneTrashedIsNotTakenForItBack() {
    let library = Library()
    let mine = library.files.file("Photos/L1/x.jpg", Array("mine".utf8))
    let actor = library.actor()
    #expect(!actor.carryOut(.trash([mine])).isFailure)
    // The Trash emptied, and another file saved under the old name.
    library.emptyTrash()
    library.files.file("Photos/L1/x.jpg", Array("another".utf8))
    let undone = actor.carryOut(.undo)
    #expect(undone.isFailure)
    #expect(undone.summary == "not undone: x.jpg is no longer in the Trash: not put back")
    #expect(OnDisk.bytes(mine) == Array("another".utf8))
  }

  @Test func aPairHalfPutBackIsUndoneForTheRestAndSaysSo() {
    let library = Library()
    let still = library.files.file("Photos/L1/IMG_1.HEIC", Array("still".utf8))
    let motion = library.files.file("Photos/L1/IMG_1.MOV", Array("motion".utf8))
    let actor = library.actor()
    #expect(!actor.carryOut(.trash([still, motion])).isFailure)
    #expect(rename(library.trashFiles + "/IMG_1.HEIC", still) == 0)
    unlink(library.trashInfo + "/IMG_1.HEIC.trashinfo")
    let undone = actor.carryOut(.undo)
    #expect(!undone.isFailure, "\(undone.summary)")
    #expect(
      undone.summary
        == "undone: put back IMG_1.MOV from the Trash; IMG_1.HEIC is already back")
    #expect(OnDisk.bytes(motion) == Array("motion".utf8))
    #expect(OnDisk.names(library.trashFiles).isEmpty)
  }
}

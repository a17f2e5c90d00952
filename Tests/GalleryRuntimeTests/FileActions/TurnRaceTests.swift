import Foundation
import Gallery
import Pictures
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Another program saving a picture while the gallery turns it, at each step of the
/// turn (`RewriteTestSeam`): its version stays whole under the name every time, the
/// gallery says the file changed meanwhile, and only the gallery's own temporary file
/// goes.
@Suite struct TurnRaceTests {
  /// How the other program saves.
  enum Save: String, Sendable, CaseIterable {
    /// A new file written beside, then renamed over the name (editors, exiftool).
    case renamedOver
    /// The file opened, emptied and written again.
    case writtenInPlace
    /// Bytes written in place, the size kept and the times put back (`touch -r`,
    /// `exiftool -P -overwrite_original_in_place`): only the status time tells.
    case writtenInPlaceTimeKept
  }

  /// One race: when the other program saves, how, and whether the file system can swap
  /// two names. Not after the exchange: a save then comes after the turn, and is the
  /// name's rightly (a turn killed there: TurnKilledTests).
  struct Race: Sendable, CustomTestStringConvertible {
    let step: RewriteTestSeam.Step
    let save: Save
    let withoutExchange: Bool

    var testDescription: String {
      "\(save.rawValue) at \(step)" + (withoutExchange ? ", without RENAME_EXCHANGE" : "")
    }

    /// Every step and save, with the exchange and without; without it a save between
    /// the last look and the plain rename is replaced (the window such a file system
    /// leaves), so that step is not among them. Nor is a write keeping size and times
    /// there: the exchange moves the status time, so the look after it cannot see one.
    static let all: [Race] = RewriteTestSeam.Step.allCases.flatMap { step in
      Save.allCases.flatMap { save in
        [false, true].compactMap { without in
          step == .exchanged || ((without || save == .writtenInPlaceTimeKept) && step == .swapping)
            ? nil : Race(step: step, save: save, withoutExchange: without)
        }
      }
    }
  }

  /// A JPEG without an orientation tag, longer than the rewrite's read chunk so a save
  /// can fall between two reads.
  static func picture() throws -> [UInt8] {
    let asset = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
    return [UInt8](try Data(contentsOf: asset)) + [UInt8](repeating: 0, count: 3 << 19)
  }

  /// Saves `content` at `path` as `save` says.
  private static func save(_ content: [UInt8], at path: String, _ save: Save) {
    switch save {
    case .renamedOver:
      let temporary = PathName.parent(path) + "/.other-program.tmp"
      #expect(FileManager.default.createFile(atPath: temporary, contents: Data(content)))
      #expect(rename(temporary, path) == 0)
    case .writtenInPlace:
      let descriptor = open(path, O_WRONLY | O_TRUNC)
      #expect(descriptor >= 0)
      #expect(
        content.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == content.count)
      close(descriptor)
    case .writtenInPlaceTimeKept:
      var before = stat()
      #expect(lstat(path, &before) == 0)
      let descriptor = open(path, O_WRONLY)
      #expect(descriptor >= 0)
      #expect(
        content.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == content.count)
      var times = [before.st_atim, before.st_mtim]
      #expect(futimens(descriptor, &times) == 0)
      close(descriptor)
    }
  }

  @Test(arguments: Race.all)
  func anotherProgramsSaveStaysWhole(race: Race) throws {
    let files = FolderFixture()
    let original = try Self.picture()
    let path = files.file("a.jpg", original)
    // The other program's version: another size, so a write in place is seen even
    // within one tick of the file system's clock; the same size, its last bytes changed,
    // for a write that keeps size and times.
    let edit = Array("their edit".utf8)
    let theirs =
      race.save == .writtenInPlaceTimeKept
      ? Array(original.dropLast(edit.count)) + edit : original + edit
    let saved = Locked(false)
    let seam = RewriteTestSeam(withoutExchange: race.withoutExchange) { step in
      guard step == race.step, !saved.withLock({ $0 }) else { return }
      saved.withLock { $0 = true }
      Self.save(theirs, at: path, race.save)
    }
    let actor = FileActor(
      ordering: SectionOrdering(roots: [ScanRoot(path: files.root)]), home: files.path("home"),
      trash: Trash(home: files.path("home"), dataHome: files.path("data"), uid: getuid()),
      rewriteSeam: seam)

    let report = actor.carryOut(.turn([path], .right))
    #expect(saved.withLock { $0 }, "the seam was reached")
    #expect(report.isFailure)
    #expect(
      report.summary == "a.jpg was changed by another program meanwhile: the picture is unchanged")
    #expect(OnDisk.bytes(path) == theirs, "their version, whole, under the name")
    #expect(OnDisk.names(files.root) == ["a.jpg"], "no temporary file left")
    #expect(actor.undoable == 0)
  }

  @Test func withoutAnotherProgramTheTurnIsDoneThroughEverySeam() throws {
    let files = FolderFixture()
    let original = try Self.picture()
    let path = files.file("a.jpg", original)
    let steps = Locked<[RewriteTestSeam.Step]>([])
    let seam = RewriteTestSeam { step in steps.withLock { $0.append(step) } }
    _ = try FileActor.turnFile(path, .right, seam: seam)
    #expect(steps.withLock { $0 } == [.reading, .read, .written, .swapping, .exchanged])
    let turned = try #require(OnDisk.bytes(path))
    #expect(turned == (try OrientationRewrite.turning(original, by: .right)))
    #expect(OnDisk.names(files.root) == ["a.jpg"])
  }
}

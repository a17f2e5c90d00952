import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Undo after the Trash was emptied and refilled, killed at random moments: a gallery
/// (`gallery-move-probe trash-undo`) trashes `L1/x.jpg`; in three rounds of four the
/// Trash is then emptied by hand and `L2/x.jpg` trashed under the same name, by another
/// gallery or, when trash-cli is installed, by `trash-put` in half of them; then the first
/// gallery undoes, killed at a random moment in three rounds of four. Refilled, undo
/// must refuse and leave L2's picture in the Trash with its `.trashinfo`; else it puts
/// L1's back (or is killed first, leaving it in the Trash). No round loses a picture.
/// `GALLERY_FAULT_ROUNDS` rounds (8 in `make test`), seed as MoveFaultTests.
struct UndoFaultTests {
  private struct Figures {
    var refilled = 0
    var byTrashPut = 0
    var refused = 0
    var putBack = 0
    var killed = 0
    var losses = 0
  }

  @Test func undoAfterTheTrashWasRefilledNeverTakesAnotherFile() async throws {
    let probe = try FaultRun.probe()
    let rounds = FaultRun.rounds(short: 8)
    print("UndoFaultTests: seed \(FaultRun.seed) (GALLERY_FAULT_SEED replays it), \(rounds) rounds")
    var random = SplitMix64(seed: FaultRun.seed ^ 0x5DEE_CE66)
    let files = FolderFixture()
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = files.path("data")
    environment["HOME"] = files.path("home")
    let trashFiles = files.path("data/Trash/files")
    let trashInfo = files.path("data/Trash/info")
    var figures = Figures()
    for round in 0..<rounds {
      let mine = FaultRun.randomBytes(count: 1000 + random.below(100_000), using: &random)
      let theirs = FaultRun.randomBytes(count: 1000 + random.below(100_000), using: &random)
      let first = files.file("L1/x.jpg", mine)
      let second = files.file("L2/x.jpg", theirs)
      let go = files.path("go")
      let output = files.path("undo.out")
      var undoEnvironment = environment
      if random.chance(75) {
        undoEnvironment["GALLERY_PROBE_KILL_AFTER_US"] = "\(random.below(3000))"
      }
      let undoer = try Subprocess.start(
        [probe, "trash-undo", first, go], environment: undoEnvironment, output: output)
      let trashed = await Waiting.until(timeout: .seconds(20)) {
        String(decoding: OnDisk.bytes(output) ?? [], as: UTF8.self).hasPrefix("trashed")
      }
      #expect(trashed, "round \(round): the first gallery did not trash its picture")
      let refilled = random.chance(75)
      if refilled {
        for name in OnDisk.names(trashFiles) { unlink(trashFiles + "/" + name) }
        for name in OnDisk.names(trashInfo) { unlink(trashInfo + "/" + name) }
        let byTrashPut = UndoCheckTests.hasTrashCLI && random.chance(50)
        let command = byTrashPut ? [UndoCheckTests.trashPut, second] : [probe, "trash", second]
        let put = try await Subprocess.run(command, environment: environment)
        #expect(put.status == 0, "round \(round): \(put.errors)")
        figures.refilled += 1
        figures.byTrashPut += byTrashPut ? 1 : 0
      }
      #expect(FileManager.default.createFile(atPath: go, contents: nil))
      let status = await Subprocess.exitStatus(of: undoer)
      #expect([0, 3, 128 + SIGKILL].contains(status), "round \(round): status \(status)")
      switch status {
      case 0: figures.putBack += 1
      case 3: figures.refused += 1
      default: figures.killed += 1
      }

      let inTrash = OnDisk.bytes(trashFiles + "/x.jpg")
      let info = String(decoding: OnDisk.bytes(trashInfo + "/x.jpg.trashinfo") ?? [], as: UTF8.self)
      let whole: Bool
      if refilled {
        // L2's picture stays in the Trash with its entry; L1's was emptied with it.
        whole =
          FaultRun.same(inTrash, theirs) && info.contains("Path=\(second)\n")
          && !OnDisk.exists(first) && !OnDisk.exists(second) && status != 0
      } else {
        // L1's picture back, or still in the Trash when killed before.
        whole =
          FaultRun.same(OnDisk.bytes(first), mine)
          || (FaultRun.same(inTrash, mine) && info.contains("Path=\(first)\n"))
      }
      if !whole { figures.losses += 1 }
      #expect(whole, "round \(round) (refilled: \(refilled), status \(status))")
      for name in OnDisk.names(trashFiles) { unlink(trashFiles + "/" + name) }
      for name in OnDisk.names(trashInfo) { unlink(trashInfo + "/" + name) }
      for path in [first, second, go, output] { unlink(path) }
      await Task.yield()
    }
    print(
      "UndoFaultTests: \(rounds) tries, \(figures.refilled) with the Trash emptied and refilled "
        + "(\(figures.byTrashPut) by trash-put): \(figures.refused) undos refused, "
        + "\(figures.putBack) put back, \(figures.killed) killed; losses \(figures.losses)")
    #expect(figures.losses == 0)
  }
}

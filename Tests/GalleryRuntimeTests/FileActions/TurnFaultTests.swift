import Foundation
import Pictures
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A turn racing another program's save, killed at random moments: whatever the moment,
/// exactly one whole file has the name, the other program's version (or a turn of it,
/// when the turn read it after it landed) whenever it saved, else the original or its
/// turn; never a version lost, and nothing else left but the gallery's own temporary
/// files. Those are then tidied as the next start does: a turn's goes to the Trash, and
/// a save the turn swapped out and was killed before swapping back is found there,
/// whole.
///
/// Each round writes a JPEG of random size (64 KiB to 8 MiB) and starts two probes that
/// act at one instant: `gallery-move-probe turn` turning it, and in three rounds of four
/// `gallery-move-probe replace` saving another picture over it (a new file renamed over
/// the name) at a random moment of the turn (half of them in its first eighth, where the
/// turn reads and turns the bytes, as the write and flush of its new file take the rest). In three rounds of four the turn kills
/// itself at a random moment, from its start to a quarter past the time a turn of that
/// size takes. `GALLERY_FAULT_ROUNDS` rounds (8 in `make test`), seed as MoveFaultTests.
struct TurnFaultTests {
  private struct Figures {
    var saved = 0
    var turned = 0
    var refused = 0
    var killed = 0
    var theirs = 0
    var theirsTurned = 0
    var original = 0
    var originalTurned = 0
    var leftovers = 0
    var trashed = 0
    var theirsInTrash = 0
    var losses = 0
  }

  private static func asset(_ name: String) throws -> [UInt8] {
    let url = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/" + name)
    return [UInt8](try Data(contentsOf: url))
  }

  @Test func aTurnRacingAnotherSaveAndKilledLosesNothing() async throws {
    let probe = try FaultRun.probe()
    let rounds = FaultRun.rounds(short: 8)
    print("TurnFaultTests: seed \(FaultRun.seed) (GALLERY_FAULT_SEED replays it), \(rounds) rounds")
    var random = SplitMix64(seed: FaultRun.seed)
    let mine = try Self.asset("office-1.jpg")
    let other = try Self.asset("office-10.jpg")
    let pool = FaultRun.randomBytes(count: 8 << 20, using: &random)
    let files = FolderFixture()
    let side = FolderFixture()
    let trash = Trash(home: side.path("home"), dataHome: nil, uid: getuid())
    let trashFiles = side.path("home/.local/share/Trash/files")
    let trashInfo = side.path("home/.local/share/Trash/info")
    let span = try await Self.turnTime(probe, of: mine + pool, in: side)
    print("TurnFaultTests: a whole turn of 8 MiB takes \(span / 1000) ms")
    var figures = Figures()
    for round in 0..<rounds {
      // Each round's pictures its own, so a file left from another round cannot pass.
      let tag = withUnsafeBytes(of: UInt64(round)) { Array($0) }
      let original = mine + tag + pool[..<(65_536 + random.below((8 << 20) - 65_536))]
      let theirs = other + tag + pool[..<random.below(1 << 20)]
      let name = "round-\(round).jpg"
      let path = files.file(name, original)
      let saving = random.chance(75)
      let expected = max(2000, span * original.count / (8 << 20))
      let startAt = FaultRun.now() + 300_000
      var turnEnvironment = ProcessInfo.processInfo.environment
      turnEnvironment["GALLERY_PROBE_START_AT_US"] = "\(startAt)"
      if random.chance(75) {
        turnEnvironment["GALLERY_PROBE_KILL_AFTER_US"] = "\(random.below(expected * 5 / 4))"
      }
      let turner = try Subprocess.start(
        [probe, "turn", path], environment: turnEnvironment, output: side.path("turn.out"))
      var saver: pid_t?
      if saving {
        let from = side.file("theirs.jpg", theirs)
        var environment = ProcessInfo.processInfo.environment
        // Half of the saves in the turn's first eighth, where it reads and turns the
        // bytes; the write and flush of the new file take the rest.
        let delay = random.below(random.chance(50) ? expected / 8 : expected)
        environment["GALLERY_PROBE_START_AT_US"] = "\(startAt + Int64(delay))"
        saver = try Subprocess.start(
          [probe, "replace", path, from], environment: environment, output: side.path("save.out"))
      }
      let status = await Subprocess.exitStatus(of: turner)
      var saved: Int32?
      if let saver { saved = await Subprocess.exitStatus(of: saver) }
      #expect(saved == nil || saved == 0, "round \(round): the other program failed")
      #expect(
        [0, 1, 128 + SIGKILL].contains(status),
        "round \(round): \(String(decoding: OnDisk.bytes(side.path("turn.out")) ?? [], as: UTF8.self))"
      )

      let leftovers = OnDisk.names(files.root).filter { $0 != name }
      let strangers = leftovers.filter { leftover in
        !PartialFile.Purpose.allCases.contains { leftover.hasPrefix(".\(name)\($0.marker)") }
      }
      #expect(strangers.isEmpty, "round \(round): \(strangers)")
      figures.leftovers += leftovers.count
      // The turn is dead: what the next start's scan does with its leftovers.
      let tidied = SafeMove.removeLeftovers(in: files.root, trash: trash)
      #expect(tidied.removed + tidied.trashed == leftovers.count, "round \(round): \(tidied)")
      figures.trashed += tidied.trashed
      let inTrash = OnDisk.names(trashFiles).map { OnDisk.bytes(PathName.join(trashFiles, $0)) }
      let now = OnDisk.bytes(path)
      let whole: Bool
      if saving {
        figures.saved += 1
        let isTheirs = FaultRun.same(now, theirs)
        let isTheirsTurned = FaultRun.same(now, try OrientationRewrite.turning(theirs, by: .right))
        // Swapped out by a turn killed before it looked: the name holds the original
        // turned, and their save is in the Trash.
        let isTheirsTrashed = inTrash.contains { FaultRun.same($0, theirs) }
        figures.theirs += isTheirs ? 1 : 0
        figures.theirsTurned += isTheirsTurned ? 1 : 0
        figures.theirsInTrash += isTheirsTrashed ? 1 : 0
        whole = isTheirs || isTheirsTurned || isTheirsTrashed
      } else {
        let isOriginal = FaultRun.same(now, original)
        let isTurned = FaultRun.same(now, try OrientationRewrite.turning(original, by: .right))
        figures.original += isOriginal ? 1 : 0
        figures.originalTurned += isTurned ? 1 : 0
        whole = isOriginal || isTurned
      }
      if !whole { figures.losses += 1 }
      #expect(whole, "round \(round): the name holds neither version whole (saved: \(saving))")
      switch status {
      case 0: figures.turned += 1
      case 1: figures.refused += 1
      default: figures.killed += 1
      }
      for leftover in leftovers { unlink(files.path(leftover)) }
      for folder in [trashFiles, trashInfo] {
        for entry in OnDisk.names(folder) { unlink(PathName.join(folder, entry)) }
      }
      unlink(path)
      await Task.yield()
    }
    print(
      "TurnFaultTests: \(rounds) tries, \(figures.saved) with another program saving: "
        + "\(figures.turned) turns done, \(figures.refused) found the save and stopped, "
        + "\(figures.killed) killed (\(figures.leftovers) temporary files left, "
        + "\(figures.trashed) of them turns' put in the Trash); at the name: "
        + "their version \(figures.theirs), their version turned \(figures.theirsTurned), "
        + "their version in the Trash \(figures.theirsInTrash), "
        + "the original \(figures.original), the original turned \(figures.originalTurned); "
        + "losses \(figures.losses)")
    #expect(figures.losses == 0)
  }

  /// How long the probe takes to turn the largest picture, in microseconds: the faster
  /// of two turns.
  private static func turnTime(_ probe: String, of bytes: [UInt8], in folder: FolderFixture)
    async throws -> Int
  {
    var fastest = Int.max
    for _ in 0..<2 {
      let path = folder.file("whole.jpg", bytes)
      let report = folder.path("whole.out")
      let status = await Subprocess.exitStatus(
        of: try Subprocess.start([probe, "turn", path], output: report))
      #expect(status == 0, "the probe cannot turn a picture")
      unlink(path)
      let words = String(decoding: OnDisk.bytes(report) ?? [], as: UTF8.self).split(separator: " ")
      if words.count == 4, let time = Int(words[2]) { fastest = min(fastest, time) }
    }
    return fastest == .max ? 50_000 : max(1000, fastest)
  }
}

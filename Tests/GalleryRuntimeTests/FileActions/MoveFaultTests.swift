import Foundation
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Moves across file systems killed with SIGKILL at random moments: whatever the moment,
/// the picture is whole under exactly one of its names (or whole under both, between the
/// copy taking its name and the source's removal), and no name ever holds part of it.
///
/// Each round writes a picture of random size (4 KiB to 8 MiB) on `/dev/shm` and starts
/// `gallery-move-probe` moving it to the temporary folder's disk. One round in four is
/// killed from here, 0 to 50 ms after it starts (mostly while the program is still
/// starting up); the others kill themselves at a random moment of the move, from its
/// start to a quarter past the time the move should take (that of the largest picture,
/// measured first, in proportion to the size). It prints the seed and where the kills
/// fell: before the copy, during it (a temporary file left), between its taking the name
/// and the source's removal, after. `GALLERY_MOVE_PROBE` names another build of the probe
/// (`make sanitize` names its own). `GALLERY_FAULT_ROUNDS` rounds (20 in `make test`),
/// seed and probe as `FaultRun` says.
@Suite(.enabled(if: OtherDisk.isAvailable, "needs /dev/shm on a file system of its own"))
struct MoveFaultTests {
  /// Where the kills fell.
  private struct Figures {
    var finished = 0
    var beforeCopy = 0
    var midCopy = 0
    var bothNames = 0
    var moved = 0
    var leftovers = 0
  }

  @Test func aKilledMoveLosesNothing() async throws {
    let probe = try FaultRun.probe()
    let rounds = FaultRun.rounds(short: 20)
    let seed = FaultRun.seed
    print("MoveFaultTests: seed \(seed) (GALLERY_FAULT_SEED replays it), \(rounds) rounds")
    var random = SplitMix64(seed: seed)
    let pool = FaultRun.randomBytes(count: 8 << 20, using: &random)
    let shm = OtherDisk.fixture()
    let disk = FolderFixture()
    let span = try await Self.moveTime(probe, of: pool, from: shm, to: disk)
    print("MoveFaultTests: a whole move of 8 MiB takes \(span / 1000) ms")
    var figures = Figures()
    for round in 0..<rounds {
      let size = 4096 + random.below((8 << 20) - 4096)
      var content = Array(pool[..<size])
      // Each round's picture its own, so a file left from another round cannot pass.
      withUnsafeBytes(of: UInt64(round)) { content.replaceSubrange(0..<8, with: $0) }
      let name = "round-\(round).jpg"
      let source = shm.file(name, content)
      let destination = disk.path(name)
      // The move's time in proportion to its size: small ones are not all finished.
      let expected = max(1000, span * size / (8 << 20))

      let status = try await Self.killedMove(
        probe, source, destination, report: shm.path("probe.out"),
        fromOutside: random.chance(25), delay: random.below(expected * 5 / 4), random: &random)
      #expect(
        status == 0 || status == 128 + SIGKILL,
        "round \(round): \(String(decoding: OnDisk.bytes(shm.path("probe.out")) ?? [], as: UTF8.self))"
      )
      judge(round: round, content: content, source: source, destination: destination)
      let leftovers = OnDisk.names(disk.root).filter {
        $0.hasPrefix(".\(name)\(PartialFile.Purpose.copy.marker)")
      }
      tally(
        &figures, finished: status == 0, leftovers: leftovers.count,
        source: OnDisk.exists(source), destination: OnDisk.exists(destination))
      // The probe is dead: its leftovers are what removeLeftovers takes, and nothing else.
      #expect(
        SafeMove.removeLeftovers(in: disk.root, trash: nil)
          == SafeMove.LeftoverCount(removed: leftovers.count))
      // Killed between setting the source aside and removing it: the file set aside is
      // the picture, whole (never another's: nothing else writes here).
      for aside in OnDisk.names(shm.root)
      where aside.hasPrefix(".\(name)\(PartialFile.Purpose.move.marker)") {
        #expect(FaultRun.same(OnDisk.bytes(shm.path(aside)), content), "round \(round): \(aside)")
        unlink(shm.path(aside))
      }
      unlink(source)
      unlink(destination)
      await Task.yield()
    }
    print(
      "MoveFaultTests: \(rounds) rounds: \(figures.finished) finished before the kill, "
        + "killed \(figures.beforeCopy) before the copy, \(figures.midCopy) during it "
        + "(\(figures.leftovers) temporary files left), \(figures.bothNames) between the copy "
        + "taking its name and the source's removal, \(figures.moved) after the move")
    #expect(OnDisk.names(disk.root).isEmpty)
  }

  /// Runs one move and kills it: from here, 0 to 50 ms after its start, when
  /// `fromOutside`; else by itself, `delay` µs into the move. Its exit status.
  private static func killedMove(
    _ probe: String, _ source: String, _ destination: String, report: String,
    fromOutside: Bool, delay: Int, random: inout SplitMix64
  ) async throws -> Int32 {
    var environment = ProcessInfo.processInfo.environment
    if !fromOutside { environment["GALLERY_PROBE_KILL_AFTER_US"] = "\(delay)" }
    let pid = try Subprocess.start(
      [probe, "move", source, destination], environment: environment, output: report)
    if fromOutside {
      try await Task.sleep(for: .microseconds(random.below(50_000)))
      kill(pid, SIGKILL)
    }
    return await Subprocess.exitStatus(of: pid)
  }

  /// How long the probe takes to move the largest picture, as it measures it, in
  /// microseconds: the faster of two moves (the first also reads the program's libraries
  /// from disk).
  private static func moveTime(
    _ probe: String, of bytes: [UInt8], from shm: FolderFixture, to disk: FolderFixture
  ) async throws -> Int {
    var fastest = Int.max
    for _ in 0..<2 {
      let source = shm.file("whole.jpg", bytes)
      let report = shm.path("whole.out")
      let status = await Subprocess.exitStatus(
        of: try Subprocess.start([probe, "move", source, disk.path("whole.jpg")], output: report))
      #expect(status == 0, "the probe cannot move a picture")
      #expect(FaultRun.same(OnDisk.bytes(disk.path("whole.jpg")), bytes))
      unlink(disk.path("whole.jpg"))
      let words = String(decoding: OnDisk.bytes(report) ?? [], as: UTF8.self).split(separator: " ")
      if words.count == 4, let time = Int(words[2]) { fastest = min(fastest, time) }
    }
    return fastest == .max ? 50_000 : max(1000, fastest)
  }

  /// Exactly one whole picture: under the new name, under the old one, or whole under both.
  private func judge(round: Int, content: [UInt8], source: String, destination: String) {
    let moved = OnDisk.bytes(destination)
    let kept = OnDisk.bytes(source)
    if let moved {
      #expect(FaultRun.same(moved, content), "round \(round): the destination is not whole")
      if let kept { #expect(FaultRun.same(kept, content), "round \(round): the source changed") }
    } else {
      #expect(!OnDisk.exists(destination), "round \(round): the destination cannot be read")
      #expect(FaultRun.same(kept, content), "round \(round): the picture is lost")
    }
  }

  private func tally(
    _ figures: inout Figures, finished: Bool, leftovers: Int, source: Bool, destination: Bool
  ) {
    figures.leftovers += leftovers
    if finished {
      figures.finished += 1
    } else if destination {
      if source { figures.bothNames += 1 } else { figures.moved += 1 }
    } else if leftovers > 0 {
      figures.midCopy += 1
    } else {
      figures.beforeCopy += 1
    }
  }
}

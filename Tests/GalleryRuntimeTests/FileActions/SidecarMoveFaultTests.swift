import Foundation
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Moves of a picture with both its XMP sidecars (`NAME.EXT.xmp`, `NAME.xmp`) across file
/// systems, killed with SIGKILL at random moments: whatever the moment, the picture and
/// each sidecar are whole under their old name, their new one, or both, and no name ever
/// holds part of one; a move let finish leaves all three at their new names.
///
/// Each round writes a picture of random size (4 KiB to 2 MiB) and two sidecars of its
/// own on `/dev/shm` and starts `gallery-move-probe move-picture` moving it to the
/// temporary folder's disk; the probe kills itself at a random moment from its start to a
/// quarter past the time a whole move takes. It prints the seed and where the kills fell:
/// before the picture moved, after it and before its sidecars (each sidecar whole at its
/// old name, beside no picture), after. Then it tidies the folders as the next scan
/// would: the note the move left (`SidecarNote`) has each sidecar follow its picture.
/// `GALLERY_FAULT_ROUNDS` rounds (12 in `make test`), seed and probe as `FaultRun` says.
@Suite(.enabled(if: OtherDisk.isAvailable, "needs /dev/shm on a file system of its own"))
struct SidecarMoveFaultTests {
  private struct Figures {
    var finished = 0
    var beforePicture = 0
    var sidecarsBehind = 0
    var moved = 0
  }

  /// A round's three files: the picture, darktable's sidecar, Lightroom's.
  private struct Round {
    let names: [String]
    let contents: [[UInt8]]

    init(_ round: Int, size: Int, pool: [UInt8]) {
      names = ["round-\(round).cr2", "round-\(round).cr2.xmp", "round-\(round).xmp"]
      var picture = Array(pool[..<size])
      withUnsafeBytes(of: UInt64(bitPattern: Int64(round))) {
        picture.replaceSubrange(0..<8, with: $0)
      }
      contents = [
        picture, Array("<x:xmpmeta>dt \(round)</x:xmpmeta>".utf8),
        Array("<x:xmpmeta>lr \(round)</x:xmpmeta>".utf8),
      ]
    }
  }

  @Test func aKilledMoveWithSidecarsLosesNothing() async throws {
    let probe = try FaultRun.probe()
    let rounds = FaultRun.rounds(short: 12)
    let seed = FaultRun.seed
    print("SidecarMoveFaultTests: seed \(seed) (GALLERY_FAULT_SEED replays it), \(rounds) rounds")
    var random = SplitMix64(seed: seed)
    let pool = FaultRun.randomBytes(count: 2 << 20, using: &random)
    let shm = OtherDisk.fixture()
    let disk = FolderFixture()
    let whole = Round(-1, size: pool.count, pool: pool)
    let span = try await Self.moveTime(probe, whole, from: shm, to: disk)
    print("SidecarMoveFaultTests: a whole move of 2 MiB and two sidecars takes \(span) us")
    var figures = Figures()
    for round in 0..<rounds {
      let files = Round(round, size: 4096 + random.below(pool.count - 4096), pool: pool)
      for (name, content) in zip(files.names, files.contents) { shm.file(name, content) }
      var environment = ProcessInfo.processInfo.environment
      environment["GALLERY_PROBE_KILL_AFTER_US"] = "\(random.below(span * 5 / 4))"
      let report = shm.path("probe.out")
      let status = await Subprocess.exitStatus(
        of: try Subprocess.start(
          [probe, "move-picture", shm.path(files.names[0]), disk.root],
          environment: environment, output: report))
      #expect(
        status == 0 || status == 128 + SIGKILL,
        "round \(round): \(String(decoding: OnDisk.bytes(report) ?? [], as: UTF8.self))")
      judge(round, files, finished: status == 0, shm: shm, disk: disk, figures: &figures)
      // The probe is dead: its copies' leftovers go, and its note has the sidecars follow
      // the picture, as the next scan of the folder would; a source set aside is whole.
      SafeMove.removeLeftovers(in: disk.root, trash: nil)
      SafeMove.removeLeftovers(in: shm.root, trash: nil)
      judge(round, files, finished: true, shm: shm, disk: disk, repaired: true)
      for name in OnDisk.names(shm.root) where name.hasPrefix(".round-\(round).") {
        let owner = files.names.firstIndex {
          name.hasPrefix(".\($0)\(PartialFile.Purpose.move.marker)")
        }
        #expect(owner != nil, "round \(round): \(name)")
        if let owner {
          #expect(FaultRun.same(OnDisk.bytes(shm.path(name)), files.contents[owner]))
        }
        unlink(shm.path(name))
      }
      for name in files.names {
        unlink(shm.path(name))
        unlink(disk.path(name))
      }
      await Task.yield()
    }
    print(
      "SidecarMoveFaultTests: \(rounds) rounds: \(figures.finished) finished before the kill, "
        + "killed \(figures.beforePicture) before the picture took its new name, "
        + "\(figures.sidecarsBehind) after it and before a sidecar took its new one, "
        + "\(figures.moved) after the whole move")
    #expect(OnDisk.names(disk.root).isEmpty)
  }

  /// Each file whole under its old name, its new one or both; all at the new ones when the
  /// move finished; once repaired, each sidecar where its picture is.
  private func judge(
    _ round: Int, _ files: Round, finished: Bool, shm: FolderFixture, disk: FolderFixture,
    repaired: Bool
  ) {
    let picture = (
      new: OnDisk.exists(disk.path(files.names[0])), old: OnDisk.exists(shm.path(files.names[0]))
    )
    for name in files.names.dropFirst() {
      let new = OnDisk.exists(disk.path(name))
      let old = OnDisk.exists(shm.path(name))
      #expect(new || old, "round \(round): \(name) is lost after the repair")
      if picture.new { #expect(new, "round \(round): \(name) left behind its picture") }
      if picture.old { #expect(old, "round \(round): \(name) gone from its picture") }
    }
    // Whole wherever they are; a sidecar killed between its copy taking the new name and
    // its source's removal is whole under both, as a picture is.
    var unused = Figures()
    judge(round, files, finished: false, shm: shm, disk: disk, figures: &unused)
  }

  /// Each file whole under its old name, its new one or both; all at the new ones when the
  /// move finished.
  private func judge(
    _ round: Int, _ files: Round, finished: Bool, shm: FolderFixture, disk: FolderFixture,
    figures: inout Figures
  ) {
    var moved: [Bool] = []
    for (name, content) in zip(files.names, files.contents) {
      let new = OnDisk.bytes(disk.path(name))
      let old = OnDisk.bytes(shm.path(name))
      #expect(new != nil || old != nil, "round \(round): \(name) is lost")
      #expect(!OnDisk.exists(disk.path(name)) || new != nil, "round \(round): \(name) unreadable")
      if let new { #expect(FaultRun.same(new, content), "round \(round): \(name) is not whole") }
      if let old { #expect(FaultRun.same(old, content), "round \(round): \(name) changed") }
      if finished { #expect(new != nil && old == nil, "round \(round): \(name) not moved") }
      moved.append(new != nil)
    }
    if finished {
      figures.finished += 1
    } else if !moved[0] {
      figures.beforePicture += 1
      // The sidecars move only after the picture.
      #expect(!moved[1] && !moved[2], "round \(round): a sidecar went before its picture")
    } else if moved.contains(false) {
      figures.sidecarsBehind += 1
    } else {
      figures.moved += 1
    }
  }

  /// How long the probe takes for a whole move of `files`, in microseconds: the faster of
  /// two (the first also reads the program's libraries from disk).
  private static func moveTime(
    _ probe: String, _ files: Round, from shm: FolderFixture, to disk: FolderFixture
  ) async throws -> Int {
    var fastest = Int.max
    for _ in 0..<2 {
      for (name, content) in zip(files.names, files.contents) { shm.file(name, content) }
      let report = shm.path("whole.out")
      let status = await Subprocess.exitStatus(
        of: try Subprocess.start(
          [probe, "move-picture", shm.path(files.names[0]), disk.root], output: report))
      #expect(status == 0, "the probe cannot move a picture")
      for (name, content) in zip(files.names, files.contents) {
        #expect(FaultRun.same(OnDisk.bytes(disk.path(name)), content), "\(name) not moved")
        unlink(disk.path(name))
        unlink(shm.path(name))
      }
      let words = String(decoding: OnDisk.bytes(report) ?? [], as: UTF8.self).split(separator: " ")
      if words.count == 4, let time = Int(words[2]) { fastest = min(fastest, time) }
    }
    return fastest == .max ? 50_000 : max(1000, fastest)
  }
}

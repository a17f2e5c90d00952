import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The real `gallery import` killed with SIGKILL at random moments, round after round,
/// into a small tmpfs that fills up in the early rounds and grows later, with a backup
/// on the temporary folder's disk. After every round each file under a final name, at
/// the destination and the backup, is whole (the card's file of that name, byte for
/// byte), and a file once in place is never written again (its inode and time kept: it
/// was not copied twice); a last run without a kill finishes the import, its count saying
/// it copied only what was missing, and leaves no temporary file; a run after it copies
/// nothing. `GALLERY_FAULT_ROUNDS` rounds (20 in `make test`), the seed as `FaultRun`
/// says.
@Suite(.enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs (root)"))
struct ImportKillTests {
  @Test func aKilledImportLeavesOnlyWholeFilesAndCopiesNothingTwice() async throws {
    let gallery = try BuiltProduct.path("gallery")
    let rounds = FaultRun.rounds(short: 20)
    let seed = FaultRun.seed
    print("ImportKillTests: seed \(seed) (GALLERY_FAULT_SEED replays it), \(rounds) rounds")
    var random = SplitMix64(seed: seed)
    let card = ImportCard()
    var sources: [String: [UInt8]] = [:]
    for number in 1...12 {
      let name = "IMG_\(1000 + number)"
      let day = 1 + number % 3
      sources[name + ".JPG"] = card.photo(
        name + ".JPG", taken: "2024:08:0\(day) 10:00:\(10 + number)",
        padding: random.below(50_000))
      sources[name + ".CR3"] = card.file(
        name + ".CR3", head: ImportCard.cr3Head, size: 100_000 + random.below(1_400_000))
    }
    let total = sources.values.reduce(0) { $0 + $1.count }
    let disk = try #require(SmallDisk(megabytes: 1))
    let span = try await Self.importTime(gallery, card)
    print("ImportKillTests: \(total / 1000) kB in \(span / 1000) ms")

    var placed: [String: (inode: UInt64, modified: Int)] = [:]
    var figures = (finished: 0, full: 0, killed: 0)
    for round in 0..<rounds {
      if round % Self.roundsAnImport == 0 {
        // A new import from nothing, onto a disk that fills up one time in three.
        Self.empty(disk.root)
        Self.empty(card.backup)
        Self.empty(card.cache)
        placed = [:]
        _ = disk.resize(
          megabytes: random.chance(33) ? max(1, (total >> 20) / 2) : 2 * (total >> 20) + 2)
      }
      let pid = try Subprocess.start(
        [gallery, "import", card.card, "--to", disk.root, "--backup", card.backup],
        environment: Self.environment(card), output: card.files.path("round.out"))
      // Each later round of an import has less left to do: its kill comes sooner.
      let share = round % Self.roundsAnImport + 1
      try await Task.sleep(for: .microseconds(random.below(span * 5 / 4 / share)))
      kill(pid, SIGKILL)
      let status = await Subprocess.exitStatus(of: pid)
      switch status {
      case 0: figures.finished += 1
      case 1: figures.full += 1
      default:
        #expect(status == 128 + SIGKILL, "round \(round): status \(status)")
        figures.killed += 1
      }
      for root in [disk.root, card.backup] {
        Self.judge(root, sources, &placed, round: round)
      }
      if round % Self.roundsAnImport == Self.roundsAnImport - 1 || round == rounds - 1 {
        try await Self.finish(gallery, card, disk, sources, &placed, round: round)
      }
    }
    print(
      "ImportKillTests: \(rounds) rounds: \(figures.finished) finished, \(figures.full) "
        + "stopped by the full disk, \(figures.killed) killed")
  }

  /// The rounds killed in one import before it is finished and checked.
  static let roundsAnImport = 3

  /// Finishes the import without a kill, on room enough: it copies what is missing and
  /// no more, leaves no temporary file, the backup the same; and a run after it copies
  /// nothing.
  static func finish(
    _ gallery: String, _ card: ImportCard, _ disk: SmallDisk, _ sources: [String: [UInt8]],
    _ placed: inout [String: (inode: UInt64, modified: Int)], round: Int
  ) async throws {
    let total = sources.values.reduce(0) { $0 + $1.count }
    _ = disk.resize(megabytes: 2 * (total >> 20) + 2)
    let missing = sources.keys.count { name in
      [disk.root, card.backup].contains { root in
        !placed.keys.contains { $0.hasPrefix(root + "/") && $0.hasSuffix("/" + name) }
      }
    }
    let last = try await Subprocess.run(
      [gallery, "import", card.card, "--to", disk.root, "--backup", card.backup],
      environment: environment(card))
    #expect(last.status == 0, "round \(round): \(last.errors)")
    #expect(last.output.hasPrefix("imported \(missing) file"), "round \(round): \(last.output)")
    for root in [disk.root, card.backup] {
      judge(root, sources, &placed, round: round)
      #expect(ImportCard.tree(root).count == sources.count, "round \(round): \(root)")
      #expect(!anyHidden(root), "round \(round): \(root) keeps a temporary file")
    }
    #expect(ImportCard.tree(disk.root) == ImportCard.tree(card.backup))
    let again = try await Subprocess.run(
      [gallery, "import", card.card, "--to", disk.root, "--backup", card.backup],
      environment: environment(card))
    #expect(
      again.output.hasPrefix("imported 0 files (0 B), \(sources.count) already imported"),
      "round \(round): \(again.output)")
  }

  /// Removes everything inside `folder`, the folder kept.
  static func empty(_ folder: String) {
    for name in Folders.names(in: folder) {
      try? FileManager.default.removeItem(atPath: folder + "/" + name)
    }
  }

  static func environment(_ card: ImportCard) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = card.cache
    return environment
  }

  /// How long a whole import of the card takes, in microseconds, into a scratch folder
  /// with an index of its own.
  static func importTime(_ gallery: String, _ card: ImportCard) async throws -> Int {
    let scratch = FolderFixture()
    _ = scratch.folder("to")
    _ = scratch.folder("backup")
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = scratch.path("cache")
    let start = FaultRun.now()
    let outcome = try await Subprocess.run(
      [
        gallery, "import", card.card, "--to", scratch.path("to"), "--backup",
        scratch.path("backup"),
      ],
      environment: environment)
    let took = Int(FaultRun.now() - start)
    #expect(outcome.status == 0, "\(outcome.errors)")
    return max(20_000, took)
  }

  /// Every file under a final name in `root` is the card's of that name, whole, and one
  /// seen before is the same file still.
  static func judge(
    _ root: String, _ sources: [String: [UInt8]],
    _ placed: inout [String: (inode: UInt64, modified: Int)], round: Int
  ) {
    for (relative, bytes) in ImportCard.tree(root) {
      let name = String(relative.split(separator: "/").last ?? "")
      if name.hasPrefix(".") {
        #expect(name.contains(".gallery-partial-"), "round \(round): \(relative)")
        continue
      }
      #expect(bytes == sources[name], "round \(round): \(relative) is not whole")
      let path = root + "/" + relative
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      let identity = (inode: UInt64(status.st_ino), modified: Int(status.st_ctim.tv_nsec))
      if let before = placed[path] {
        #expect(
          before.inode == identity.inode && before.modified == identity.modified,
          "round \(round): \(relative) was written again")
      }
      placed[path] = identity
    }
  }

  /// Whether a hidden name is left anywhere under `root`.
  static func anyHidden(_ root: String) -> Bool {
    for name in Folders.names(in: root) {
      if name.hasPrefix(".") { return true }
      if SystemPaths.isFolder(root + "/" + name), anyHidden(root + "/" + name) { return true }
    }
    return false
  }
}

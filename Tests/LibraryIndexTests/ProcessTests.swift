import Foundation
import LibraryIndex
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Galleries in processes of their own (`gallery-move-probe index-write`): two writing
/// one index at once both land every batch; one killed at a random moment while writing
/// leaves an index that is sound, each batch whole or absent.
@Suite struct ProcessTests {
  /// The probe: `GALLERY_MOVE_PROBE`, else the one built beside the tests.
  static func probe() throws -> String {
    try ProcessInfo.processInfo.environment["GALLERY_MOVE_PROBE"]
      ?? BuiltProduct.path("gallery-move-probe")
  }

  /// The stamps of batch `batch` of writer `name` (as the probe's `indexProbeStamp`).
  static func stamps(name: String, batch: Int, size: Int) -> [IndexStamp] {
    (0..<size).map { file in
      IndexStamp(
        path: "/library/\(name)/batch-\(batch)/IMG_\(file).JPG", byteSize: Int64(file + 1),
        modifiedNanoseconds: 1_700_000_000_000_000_000 + Int64(batch))
    }
  }

  /// How many files of each batch the index at `path` holds.
  static func counts(_ index: PictureIndex, name: String, batches: Int, size: Int) -> [Int] {
    (0..<batches).map { index.lookUp(stamps(name: name, batch: $0, size: size)).details.count }
  }

  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
  }

  @Test func twoWritersAtOnceBothLandEveryBatch() async throws {
    let probe = try Self.probe()
    let files = FolderFixture()
    let path = files.path("cache/library.sqlite")
    let (batches, size) = (40, 100)
    var environment = ProcessInfo.processInfo.environment
    environment["GALLERY_PROBE_START_AT_US"] = String(Self.now() + 500_000)
    let outputs = [files.path("one.out"), files.path("two.out")]
    let pids = try zip(["one", "two"], outputs).map { name, output in
      try Subprocess.start(
        [probe, "index-write", path, name, String(batches), String(size)],
        environment: environment, output: output)
    }
    for (pid, output) in zip(pids, outputs) {
      let status = await Subprocess.exitStatus(of: pid)
      let said = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      #expect(status == 0, "\(said)")
      #expect(said.contains("wrote \(batches - 1)"))
    }
    let index = try #require(IndexSamples.open(path).0)
    #expect(index.isIntact() == true)
    for name in ["one", "two"] {
      #expect(
        Self.counts(index, name: name, batches: batches, size: size).allSatisfy { $0 == size })
    }
    #expect(index.count() == 2 * batches * size)
  }

  /// `GALLERY_FAULT_ROUNDS` rounds (10 in `make test`) on one index, each writer killed
  /// 0–400 ms after it starts writing (`GALLERY_FAULT_SEED` replays a run): most fall
  /// mid-batch. After each, the index opens sound (`integrity_check`), and each of the
  /// round's batches is whole or absent, the whole ones first.
  @Test func aWriterKilledAtAnyMomentLosesAtMostItsLastBatch() async throws {
    let probe = try Self.probe()
    let environment = ProcessInfo.processInfo.environment
    let rounds = environment["GALLERY_FAULT_ROUNDS"].flatMap { Int($0) } ?? 10
    let seed =
      environment["GALLERY_FAULT_SEED"].flatMap { UInt64($0) } ?? UInt64(Self.now() / 1000)
    print("ProcessTests: seed \(seed) (GALLERY_FAULT_SEED replays it), \(rounds) rounds")
    var random = SplitMix64(seed: seed)
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let (batches, size) = (400, 50)
    var killed = 0
    var kept: [Int] = []
    for round in 0..<rounds {
      var probeEnvironment = environment
      probeEnvironment["GALLERY_PROBE_KILL_AFTER_US"] = String(random.below(400_000))
      let outcome = try await Subprocess.run(
        [probe, "index-write", path, "round-\(round)", String(batches), String(size)],
        environment: probeEnvironment)
      #expect(outcome.status == 0 || outcome.status == 128 + SIGKILL, "\(outcome.errors)")
      if outcome.status != 0 { killed += 1 }
      let opening = IndexSamples.open(path)
      let index = try #require(opening.0)
      #expect(opening.1 == nil, "\(opening.1?.sentence ?? "")")
      #expect(index.isIntact() == true, "round \(round)")
      let counts = Self.counts(index, name: "round-\(round)", batches: batches, size: size)
      #expect(counts.allSatisfy { $0 == 0 || $0 == size }, "round \(round): \(counts)")
      let whole = counts.prefix { $0 == size }.count
      #expect(counts.dropFirst(whole).allSatisfy { $0 == 0 }, "round \(round): a gap")
      // What the probe said it wrote is there: a commit is a commit.
      let said = outcome.output.split(separator: "\n").filter { $0.hasPrefix("wrote ") }.count
      #expect(whole >= said, "round \(round): \(said) said written, \(whole) kept")
      kept.append(whole)
      index.close()
    }
    print("ProcessTests: \(killed) of \(rounds) killed; batches kept: \(kept)")
  }
}

import Foundation
import Pictures
import TestSupport
import Testing
import XMPSidecars

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery-move-probe sidecar-ratings` writing the sidecars of 200 raws (both names
/// each), killed at random moments: every sidecar is whole XMP holding the old rating or
/// the new, darktable's history kept, and a run left alone afterwards finishes the job.
@Suite struct KillTests {
  static func probe() throws -> String {
    try ProcessInfo.processInfo.environment["GALLERY_MOVE_PROBE"]
      ?? BuiltProduct.path("gallery-move-probe")
  }

  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000
  }

  /// The stars each sidecar holds (nil when absent); a sidecar that is not whole XMP, or
  /// lost darktable's history, is an issue.
  static func ratings(_ files: FolderFixture, pictures: Int) -> [String: Int?] {
    var ratings: [String: Int?] = [:]
    for index in 0..<pictures {
      for name in ["IMG_\(index).CR2.xmp", "IMG_\(index).xmp"] {
        guard let bytes = SidecarSamples.bytes(files.path(name)) else {
          ratings[name] = .some(nil)
          continue
        }
        do {
          let packet = try XMPPacket(parsing: bytes)
          ratings[name] = packet.decision.rating.stars
          if name.hasSuffix(".CR2.xmp") {
            #expect(String(decoding: bytes, as: UTF8.self).contains("filmicrgb"), "\(name)")
          }
        } catch {
          Issue.record("\(name) is not whole XMP: \(error)")
        }
      }
    }
    return ratings
  }

  @Test func aWriterKilledAtAnyMomentLeavesEverySidecarWhole() async throws {
    let probe = try Self.probe()
    let environment = ProcessInfo.processInfo.environment
    let rounds = environment["GALLERY_FAULT_ROUNDS"].flatMap { Int($0) } ?? 6
    let seed = environment["GALLERY_FAULT_SEED"].flatMap { UInt64($0) } ?? Self.now() / 1000
    print("KillTests: seed \(seed) (GALLERY_FAULT_SEED replays it), \(rounds) rounds")
    var random = SplitMix64(seed: seed)
    let files = FolderFixture()
    let pictures = 200
    let darktable = try SidecarSamples.darktable()
    for index in 0..<pictures {
      _ = files.file("IMG_\(index).CR2", [0])
      _ = files.file("IMG_\(index).CR2.xmp", darktable)
    }
    var before = Self.ratings(files, pictures: pictures)
    var killedMidway = 0
    for round in 0..<rounds {
      let stars = round % 2 == 0 ? 4 : 5
      var childEnvironment = environment
      childEnvironment["XDG_DATA_HOME"] = files.path("data")
      // 0–1.5 s after it starts writing: most fall mid-run, some after the end.
      childEnvironment["GALLERY_PROBE_KILL_AFTER_US"] = String(random.next() % 1_500_000)
      let output = files.path("round-\(round).out")
      let pid = try Subprocess.start(
        [probe, "sidecar-ratings", files.root, String(stars)], environment: childEnvironment,
        output: output)
      let status = await Subprocess.exitStatus(of: pid)
      let said = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      #expect(status == 0 || status == 128 + SIGKILL, "\(said)")
      let after = Self.ratings(files, pictures: pictures)
      var changed = 0
      for (name, rating) in after {
        let old = before[name] ?? nil
        #expect(rating == old || rating == stars, "\(name): \(String(describing: rating))")
        if rating != old { changed += 1 }
      }
      if status != 0 && changed > 0 && changed < 2 * pictures { killedMidway += 1 }
      before = after
    }
    let killedLeft = try FileManager.default.contentsOfDirectory(atPath: files.root).filter {
      $0.hasSuffix(".tmp")
    }
    print(
      "KillTests: \(killedMidway) of \(rounds) rounds killed midway,"
        + " \(killedLeft.count) temporary files left by the killed writers")
    // Alone, a run finishes: every sidecar holds it, and no temporary file is left: the
    // killed runs' went to the Trash (what was swapped out may be another program's
    // save), none unlinked.
    var aloneEnvironment = environment
    aloneEnvironment["XDG_DATA_HOME"] = files.path("data")
    let outcome = try await Subprocess.run(
      [probe, "sidecar-ratings", files.root, "3"], environment: aloneEnvironment)
    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(Self.ratings(files, pictures: pictures).values.allSatisfy { $0 == 3 })
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: files.root).filter {
      $0.hasSuffix(".tmp")
    }
    #expect(leftovers.isEmpty, "\(leftovers)")
    let trashed =
      (try? FileManager.default.contentsOfDirectory(atPath: files.path("data/Trash/files"))) ?? []
    // Each killed run's are trashed by the next run's first write.
    #expect(trashed.count >= killedLeft.count, "\(trashed) for \(killedLeft)")
    // (`.tmp.2` when a killed sweep left one in the Trash's files under that name.)
    #expect(trashed.allSatisfy { $0.contains(".tmp") }, "\(trashed)")
  }
}

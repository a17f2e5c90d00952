import Foundation
import Pictures
import SystemSupport
import TestSupport
import Testing
import XMPSidecars

/// Another program (darktable saving its history) writing the same sidecar while the
/// gallery writes a decision: its save is never lost, and the decision lands on it.
@Suite struct RaceTests {
  /// Saves `bytes` over `path` as editors do: a new file beside it, flushed, renamed.
  static func save(_ path: String, _ bytes: [UInt8]) {
    let temporary = path + ".other-save"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    fsync(descriptor)
    close(descriptor)
    rename(temporary, path)
  }

  static func text(_ path: String) -> String {
    String(decoding: SidecarSamples.bytes(path) ?? [], as: UTF8.self)
  }

  /// The other program saves once at `step` of the first try: before the exchange, the
  /// try finds it, and the next merges the decision into that save; after it, the save is
  /// simply the later one, and stays whole under the name.
  @Test(arguments: [SidecarTestSeam.Step.read, .written, .looked, .exchanged])
  func aSaveAtAnyStepIsKeptAndTheDecisionMergedIntoIt(_ step: SidecarTestSeam.Step) throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let sidecar = files.file("IMG_1.CR2.xmp", SidecarSamples.other(rating: 1, note: "first"))
    let saves = Locked(0)
    let seam = SidecarTestSeam { at, path in
      guard at == step,
        saves.withLock({ count in
          count += 1
          return count == 1
        })
      else { return }
      Self.save(path, SidecarSamples.other(rating: 1, note: "theirs"))
    }
    try SidecarStore(naming: .pictureName, seam: seam).write(
      SidecarSamples.picked, picture: picture)
    #expect(Self.text(sidecar).contains("other:note=\"theirs\""))
    let decision = try SidecarStore().read(picture: picture)?.decision
    #expect(
      decision == (step == .exchanged ? CullingDecision(xmpRating: 1) : SidecarSamples.picked))
    let names = try FileManager.default.contentsOfDirectory(atPath: files.root).sorted()
    #expect(names == ["IMG_1.CR2", "IMG_1.CR2.xmp"])
  }

  /// A save lands just before the exchange, and another during it, over the gallery's
  /// file: the swap back leaves the newer one under the temporary name, and it is given
  /// the name again; the decision then lands on it.
  @Test func twoSavesAroundTheExchangeLeaveTheNewerUnderTheName() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let sidecar = files.file("IMG_1.CR2.xmp", SidecarSamples.other(rating: 1, note: "0"))
    let saves = Locked(0)
    let seam = SidecarTestSeam { at, path in
      let number = saves.withLock { count -> Int in
        guard (count == 0 && at == .looked) || (count == 1 && at == .exchanged) else { return 0 }
        count += 1
        return count
      }
      if number > 0 { Self.save(path, SidecarSamples.other(rating: 1, note: String(number))) }
    }
    try SidecarStore(naming: .pictureName, seam: seam).write(
      SidecarSamples.picked, picture: picture)
    #expect(Self.note(sidecar) == 2, "\(Self.text(sidecar))")
    #expect(try SidecarStore().read(picture: picture)?.decision == SidecarSamples.picked)
    let names = try FileManager.default.contentsOfDirectory(atPath: files.root).sorted()
    #expect(names == ["IMG_1.CR2", "IMG_1.CR2.xmp"])
  }

  @Test func aNewSidecarMadeMeanwhileByAnotherIsKept() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let sidecar = picture + ".xmp"
    let saves = Locked(0)
    let seam = SidecarTestSeam { at, path in
      guard at == .written,
        saves.withLock({ count in
          count += 1
          return count == 1
        })
      else { return }
      Self.save(path, SidecarSamples.other(rating: 3, note: "theirs"))
    }
    try SidecarStore(naming: .pictureName, seam: seam).write(
      SidecarSamples.picked, picture: picture)
    #expect(Self.text(sidecar).contains("other:note=\"theirs\""))
    #expect(try SidecarStore().read(picture: picture)?.decision == SidecarSamples.picked)
  }

  @Test func aProgramSavingAtEveryTryGetsATypedErrorAndKeepsItsSave() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let sidecar = files.file("IMG_1.CR2.xmp", SidecarSamples.other(rating: 1, note: "first"))
    let seam = SidecarTestSeam { at, path in
      if at == .written { Self.save(path, SidecarSamples.other(rating: 1, note: "latest")) }
    }
    #expect(throws: XMPSidecarError.changedMeanwhile(path: sidecar, tries: 3)) {
      try SidecarStore(naming: .pictureName, tries: 3, seam: seam).write(
        SidecarSamples.picked, picture: picture)
    }
    #expect(Self.text(sidecar).contains("other:note=\"latest\""))
  }

  /// The number of the other writer's note in the sidecar at `path`, 0 when none.
  static func note(_ path: String) -> Int {
    let text = Self.text(path)
    guard let range = text.range(of: "other:note=\"") else { return 0 }
    return Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
  }

  /// A writer on a thread of its own rewrites the sidecar in a loop, each save numbered,
  /// while the gallery writes decisions. Before each save it looks at the sidecar: a
  /// number lower than its last save's is a save the gallery replaced without having read
  /// it (looked at twice, 2 ms apart, as the exchange shows the gallery's file for an
  /// instant before swapping a save back). None is lost, and each decision lands or is
  /// refused as changed.
  @Test func anotherWriterInALoopNeverLosesASave() async throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let sidecar = files.file("IMG_1.CR2.xmp", SidecarSamples.other(rating: 0, note: "0"))
    let stop = Locked(false)
    let saves = Locked((last: 0, lost: 0))
    let finished = TestSignal()
    Thread.detachNewThread {
      var number = 0
      while !stop.withLock({ $0 }) {
        if Self.note(sidecar) < number {
          usleep(2000)
          if Self.note(sidecar) < number { saves.withLock { $0.lost += 1 } }
        }
        number += 1
        // Blind, as a program that keeps its own copy: its rating, its numbered note.
        Self.save(sidecar, SidecarSamples.other(rating: number % 6, note: String(number)))
        saves.withLock { $0.last = number }
        usleep(200)
      }
      finished.signal()
    }
    var landed = 0
    var refused = 0
    for round in 0..<300 {
      let decision = CullingDecision(
        rating: StarRating(clamping: round % 6), flag: .none,
        labels: round % 2 == 0 ? [.green] : [])
      do {
        try SidecarStore(naming: .pictureName, tries: 3).write(decision, picture: picture)
        landed += 1
      } catch {
        guard case .changedMeanwhile = error else { throw error }
        refused += 1
      }
    }
    stop.withLock { $0 = true }
    #expect(await finished.wait(timeout: .seconds(60)))
    let (last, lost) = saves.withLock { $0 }
    #expect(lost == 0)
    #expect(Self.note(sidecar) == last, "\(Self.text(sidecar))")
    #expect(landed > 0)
    print("RaceTests: \(landed) decisions landed, \(refused) refused as changed, \(last) saves")
    // Now alone: the decision lands on the last save.
    try SidecarStore(naming: .pictureName).write(SidecarSamples.picked, picture: picture)
    #expect(Self.note(sidecar) == last)
    #expect(try SidecarStore().read(picture: picture)?.decision == SidecarSamples.picked)
  }
}

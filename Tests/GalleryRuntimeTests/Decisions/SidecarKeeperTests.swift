import Dispatch
import Foundation
import Gallery
import Pictures
import SystemSupport
import TestSupport
import Testing
import XMPSidecars

@testable import GalleryRuntime

/// The keeper of decisions in sidecars: writes in order, one file after another, a burst
/// for one file written once (the last), failures worded with the file and what to do,
/// and sidecars read back in batches.
@Suite struct SidecarKeeperTests {
  /// A writer that records each write, holding the first until `release()`.
  final class HeldWriter: Sendable {
    private let written = Locked([FileDecision]())
    private let gate = DispatchSemaphore(value: 0)
    private let held = Locked(true)
    let started = TestSignal()
    let wrote = TestSignal()

    /// Every write, in order.
    var writes: [FileDecision] { written.withLock { $0 } }

    func release() { gate.signal() }

    /// The writer's body, on the keeper's own thread (which may hold itself).
    func write(_ decision: CullingDecision, _ picture: String) {
      if held.withLock({ held in
        defer { held = false }
        return held
      }) {
        started.signal()
        gate.wait()
      }
      written.withLock { $0.append(FileDecision(path: picture, decision: decision)) }
      wrote.signal()
    }
  }

  static func stars(_ count: Int) -> CullingDecision {
    CullingDecision(rating: StarRating(clamping: count), flag: .none, labels: [])
  }

  static func keeper(
    writing: @escaping SidecarKeeper.Writer,
    reading: @escaping SidecarKeeper.Reader = { _ throws(XMPSidecarError) in nil }
  ) -> SidecarKeeper {
    SidecarKeeper(write: writing, read: reading)
  }

  @Test func aBurstForOneFileIsWrittenOnceInOrderTheLastWinning() async {
    let writer = HeldWriter()
    let keeper = Self.keeper { decision, picture in writer.write(decision, picture) }
    keeper.write([FileDecision(path: "/p/a.jpg", decision: Self.stars(1))]) { _ in }
    #expect(await writer.started.wait())
    // While a.jpg's first write is under way: b twice, a twice.
    for (path, stars) in [("/p/b.jpg", 2), ("/p/a.jpg", 3), ("/p/b.jpg", 4), ("/p/a.jpg", 5)] {
      keeper.write([FileDecision(path: path, decision: Self.stars(stars))]) { _ in }
    }
    #expect(keeper.waiting == 2)
    writer.release()
    #expect(await writer.wrote.wait(count: 3))
    await Waiting.onOwnThread { keeper.finish() }
    #expect(
      writer.writes == [
        FileDecision(path: "/p/a.jpg", decision: Self.stars(1)),
        FileDecision(path: "/p/b.jpg", decision: Self.stars(4)),
        FileDecision(path: "/p/a.jpg", decision: Self.stars(5)),
      ])
  }

  /// What runs after the writes asked for runs after every one of them, those asked
  /// while the first was being written too.
  @Test func whatWaitsForTheWritesRunsAfterThemAll() async {
    let writer = HeldWriter()
    let keeper = Self.keeper { decision, picture in writer.write(decision, picture) }
    keeper.write([FileDecision(path: "/p/a.jpg", decision: Self.stars(1))]) { _ in }
    #expect(await writer.started.wait())
    keeper.write([FileDecision(path: "/p/b.jpg", decision: Self.stars(2))]) { _ in }
    let after = TestSignal()
    let seen = Locked([FileDecision]())
    keeper.afterWrites {
      seen.withLock { $0 = writer.writes }
      after.signal()
    }
    writer.release()
    #expect(await after.wait())
    #expect(seen.withLock { $0 }.map(\.path) == ["/p/a.jpg", "/p/b.jpg"])
  }

  @Test func finishWaitsForEveryWriteAskedFor() async {
    let count = Locked(0)
    let keeper = Self.keeper { _, _ in count.withLock { $0 += 1 } }
    let decisions = (0..<50).map { FileDecision(path: "/p/\($0).jpg", decision: Self.stars(2)) }
    keeper.write(decisions) { _ in }
    await Waiting.onOwnThread { keeper.finish() }
    #expect(count.withLock { $0 } == 50)
  }

  @Test func aFailureSaysTheFileWhyAndWhatToDoAndCountsTheOthers() async throws {
    let failed = Locked([String]())
    let signal = TestSignal()
    let keeper = Self.keeper { (_, picture) throws(XMPSidecarError) in
      guard picture.hasSuffix("ok.jpg") else {
        throw .writing(path: picture + ".xmp", SystemError(code: EROFS))
      }
    }
    keeper.write(
      ["/ro/IMG_0001.jpg", "/ro/ok.jpg", "/ro/IMG_0002.jpg"].map {
        FileDecision(path: $0, decision: Self.stars(3))
      }
    ) { sentence in
      failed.withLock { $0.append(sentence) }
      signal.signal()
    }
    #expect(await signal.wait())
    await Waiting.onOwnThread { keeper.finish() }
    let sentences = failed.withLock { $0 }
    try #require(sentences.count == 1, "one sentence for the run of writes: \(sentences)")
    let sentence = sentences[0]
    #expect(
      sentence
        == "IMG_0001.jpg: decision not saved (nor 1 more file) · make the folder writable (or"
        + " free space), then decide again · IMG_0001.jpg.xmp could not be written (Read-only"
        + " file system)")
  }

  @Test func aRefusedSidecarIsNamedAndLeftAsItIs() {
    let sentence = SidecarSentences.notWritten(
      "/p/IMG_0001.jpg", .refused(path: "/p/IMG_0001.jpg.xmp", .declaresEntities), others: 0)
    #expect(
      sentence
        == "IMG_0001.jpg: decision not saved · move IMG_0001.jpg.xmp aside, then decide again"
        + " · it declares XML entities or a document type, which XMP never has")
  }

  @Test func sidecarsWrittenByTheStoreAreReadBackAndAHostileOneIsReported() async throws {
    let files = FolderFixture()
    let kept = files.jpeg("a/kept.jpg")
    let bare = files.jpeg("a/bare.jpg")
    let hostile = files.jpeg("a/hostile.jpg")
    _ = files.file(
      "a/hostile.jpg.xmp",
      Array(
        #"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x:xmpmeta xmlns:x="adobe:ns:meta/"/>"#
          .utf8))
    let decided = CullingDecision(rating: StarRating(clamping: 4), flag: .picked, labels: .green)
    let keeper = SidecarKeeper(store: SidecarStore())
    let failures = Locked([String]())
    keeper.write([FileDecision(path: kept, decision: decided)]) { sentence in
      failures.withLock { $0.append(sentence) }
    }
    await Waiting.onOwnThread { keeper.waitForWrites() }
    #expect(FileManager.default.fileExists(atPath: kept + ".xmp"))
    let found = Locked([String: CullingDecision]())
    let said = TestSignal()
    let problem = Locked("")
    keeper.read(
      [kept, bare, hostile], deliver: { batch in found.withLock { $0.merge(batch) { _, b in b } } },
      failed: { sentence in
        problem.withLock { $0 = sentence }
        said.signal()
      })
    #expect(await said.wait())
    await Waiting.onOwnThread { keeper.waitForReads() }
    #expect(found.withLock { $0 } == [kept: decided])
    #expect(
      problem.withLock { $0 }.hasPrefix(
        "hostile.jpg.xmp: decision not read, left as it is · it declares XML entities"))
    #expect(failures.withLock { $0 }.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: bare + ".xmp"))
  }

  /// A picture without a sidecar comes back with the rating a camera wrote inside it, in
  /// the same reading as the sidecars'; one with a sidecar, with the sidecar's.
  @Test func aPictureWithoutASidecarIsReadForTheRatingInsideIt() async throws {
    let exiftool = "/usr/bin/exiftool"
    guard FileManager.default.isExecutableFile(atPath: exiftool) else {
      Issue.record("exiftool is not installed (make test-deps installs it)")
      return
    }
    let files = FolderFixture()
    let bare = files.file(
      "bare.jpg",
      [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x00, 0xFF, 0xD9])
    let camera = files.path("camera.jpg")
    let edited = files.path("edited.jpg")
    for out in [camera, edited] {
      let outcome = try await Subprocess.run([
        exiftool, "-q", "-n", "-IFD0:Rating=2", "-XMP-xmp:Rating=4", "-o", out, bare,
      ])
      try #require(outcome.status == 0, "\(outcome.errors)")
    }
    let keeper = SidecarKeeper(store: SidecarStore())
    let one = CullingDecision(rating: StarRating(clamping: 1), flag: .none, labels: [])
    keeper.write([FileDecision(path: edited, decision: one)]) { _ in }
    await Waiting.onOwnThread { keeper.waitForWrites() }
    let found = Locked([String: CullingDecision]())
    keeper.read(
      [camera, edited, bare],
      deliver: { batch in found.withLock { $0.merge(batch) { _, b in b } } }, failed: { _ in })
    await Waiting.onOwnThread { keeper.waitForReads() }
    let four = CullingDecision(rating: StarRating(clamping: 4), flag: .none, labels: [])
    #expect(found.withLock { $0 } == [camera: four, edited: one])
    #expect(keeper.readAll([camera, bare]).decisions == [camera: four])
  }
}

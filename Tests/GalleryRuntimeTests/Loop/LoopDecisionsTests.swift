import Dispatch
import Foundation
import Pictures
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

/// A keeper of decisions the test drives: it records the writes, fails them with
/// `failure` when set, and answers reads with `onDisk` (by file name), at once or when
/// released.
final class FakeDecisions: DecisionKeeping {
  private let record = Locked(
    (
      writes: [FileDecision](), reads: [String](), held: [@Sendable () -> Void](), finished: 0,
      heldActions: [@Sendable () -> Void]()
    ))
  private let onDisk: [String: CullingDecision]
  private let failure: String?
  private let holdsReads: Bool
  private let holdsWrites: Bool
  /// The writes' thread, which an action on files holds until it is done.
  private let writer = DispatchQueue(label: "fake decisions' writes")

  init(
    onDisk: [String: CullingDecision] = [:], failure: String? = nil, holdsReads: Bool = false,
    holdsWrites: Bool = false
  ) {
    self.onDisk = onDisk
    self.failure = failure
    self.holdsReads = holdsReads
    self.holdsWrites = holdsWrites
  }

  var writes: [FileDecision] { record.withLock { $0.writes } }
  var reads: [String] { record.withLock { $0.reads } }
  var finished: Int { record.withLock { $0.finished } }

  func write(_ decisions: [FileDecision], failed: @escaping @Sendable (String) -> Void) {
    record.withLock { $0.writes += decisions }
    if let failure { DispatchQueue.global().async { failed(failure) } }
  }

  func afterWrites(_ body: @escaping @Sendable () -> Void) {
    let now = record.withLock { record -> Bool in
      if holdsWrites { record.heldActions.append(body) }
      return !holdsWrites
    }
    if now { writer.async(execute: body) }
  }

  /// Lets the actions held behind writes go on, on the writer's thread.
  func releaseWrites() {
    for body in record.withLock({ $0.heldActions }) { writer.async(execute: body) }
  }

  func read(
    _ pictures: [String], deliver: @escaping @Sendable ([String: CullingDecision]) -> Void,
    failed: @escaping @Sendable (String) -> Void
  ) {
    var found: [String: CullingDecision] = [:]
    for picture in pictures {
      if let decision = onDisk[PathName.lastComponent(picture)] { found[picture] = decision }
    }
    let answer = found
    let send: @Sendable () -> Void = {
      DispatchQueue.global().async { if !answer.isEmpty { deliver(answer) } }
    }
    let now = record.withLock { record -> Bool in
      record.reads += pictures
      if holdsReads { record.held.append(send) }
      return !holdsReads
    }
    if now { send() }
  }

  /// Answers the reads held so far.
  func releaseReads() {
    for send in record.withLock({ $0.held }) { send() }
  }

  func finish() { record.withLock { $0.finished += 1 } }
}

/// The loop and the keeper of decisions: a decision reaches it, its failure reaches the
/// status line, and what the sidecars said at the scan reaches the state, never over a
/// decision made since.
@MainActor
@Suite struct LoopDecisionsTests {
  typealias Rig = LoopServicesTests.Rig

  static func stars(_ count: Int) -> CullingDecision {
    CullingDecision(rating: StarRating(clamping: count), flag: .none, labels: [])
  }

  @Test func aRatingKeyIsWrittenAndTheKeeperFinishedAtTheEnd() throws {
    let keeper = FakeDecisions()
    let rig = try Rig(decisions: keeper)
    let focused = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    rig.terminal.type(.key(.character("3")))
    rig.runtime.step(timeout: .zero)
    #expect(keeper.writes == [FileDecision(path: focused, decision: Self.stars(3))])
    rig.runtime.stop()
    #expect(keeper.finished == 1)
  }

  /// An action on files waits for the decisions still being written: the picture's
  /// sidecar is written before the picture goes, never after beside its old name.
  @Test func anActionOnFilesWaitsForTheDecisionsBeingWritten() throws {
    let keeper = FakeDecisions(holdsWrites: true)
    let rig = try Rig(decisions: keeper)
    let focused = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    rig.terminal.type(.key(.character("3")))
    rig.terminal.type(.key(.character("d")))
    rig.runtime.step(timeout: .zero)
    #expect(keeper.writes == [FileDecision(path: focused, decision: Self.stars(3))])
    #expect(rig.fileActions.actions.isEmpty, "the trash went ahead of the decision")
    keeper.releaseWrites()
    try rig.step { !rig.shown.contains(focused) }
    #expect(rig.fileActions.actions == [.trash([focused])])
  }

  /// Nothing is decided while an action on files is under way: the decision would name
  /// a file by the name the action takes away, and its sidecar would stray there.
  @Test func nothingIsDecidedWhileAnActionOnFilesIsUnderWay() throws {
    let keeper = FakeDecisions(holdsWrites: true)
    let rig = try Rig(decisions: keeper)
    let focused = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    rig.terminal.type(.key(.character("3")))
    rig.terminal.type(.key(.character("d")))
    rig.terminal.type(.key(.character("4")))
    rig.runtime.step(timeout: .zero)
    #expect(rig.terminal.screenText.contains("action on files is under way: nothing decided"))
    rig.terminal.type(.key(.character("U")))
    rig.runtime.step(timeout: .zero)
    #expect(rig.terminal.screenText.contains("action on files is under way: nothing undone"))
    #expect(keeper.writes == [FileDecision(path: focused, decision: Self.stars(3))])
    #expect(rig.runtime.state.actionsUnderWay == 1)
    #expect(rig.runtime.state.decision(of: focused).rating.stars == 3)
    keeper.releaseWrites()
    try rig.step { !rig.shown.contains(focused) }
    #expect(rig.runtime.state.actionsUnderWay == 0)
    let next = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    rig.terminal.type(.key(.character("3")))
    rig.runtime.step(timeout: .zero)
    #expect(keeper.writes.last == FileDecision(path: next, decision: Self.stars(3)))
  }

  @Test func aFailedWriteIsOnTheStatusLineAndTheDecisionStaysShown() throws {
    let sentence = "shot-1.jpg: decision not saved · make the folder writable, then decide again"
    let rig = try Rig(decisions: FakeDecisions(failure: sentence))
    let focused = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    rig.terminal.type(.key(.character("3")))
    try rig.step { rig.terminal.screenText.contains("decision not saved") }
    #expect(rig.runtime.state.decision(of: focused).rating.stars == 3)
  }

  @Test func theScannedPicturesSidecarsAreReadAndShown() throws {
    let keeper = FakeDecisions(onDisk: ["shot-2.jpg": Self.stars(5)])
    let rig = try Rig(decisions: keeper)
    let second = try #require(rig.shown.first { $0.hasSuffix("/shot-2.jpg") })
    try rig.step { rig.runtime.state.decision(of: second).rating.stars == 5 }
    #expect(Set(keeper.reads) == Set(rig.shown))
  }

  @Test func aSidecarReadLateDoesNotTakeBackADecisionMadeSince() throws {
    let keeper = FakeDecisions(
      onDisk: ["shot-1.jpg": Self.stars(1), "shot-2.jpg": Self.stars(2)], holdsReads: true)
    let rig = try Rig(decisions: keeper)
    let first = try #require(rig.shown.first { $0.hasSuffix("/shot-1.jpg") })
    let second = try #require(rig.shown.first { $0.hasSuffix("/shot-2.jpg") })
    let focused = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    #expect(focused == first)
    rig.terminal.type(.key(.character("4")))
    rig.runtime.step(timeout: .zero)
    keeper.releaseReads()
    try rig.step { rig.runtime.state.decision(of: second).rating.stars == 2 }
    #expect(rig.runtime.state.decision(of: first).rating.stars == 4)
  }

  @Test func aPictureThatArrivesHasItsSidecarsRead() throws {
    let keeper = FakeDecisions(onDisk: ["shot-9.jpg": Self.stars(2)])
    let rig = try Rig(decisions: keeper)
    let watcher = try #require(rig.scanner.madeWatcher)
    let ordering = SectionOrdering(roots: rig.scanner.roots)
    let path = rig.files.jpeg("Shots/a/shot-9.jpg")
    let place = try #require(ordering.place(ofFolder: PathName.parent(path)))
    var changes = FolderChanges(ordering: ordering)
    changes.arrived = [
      FolderChanges.Arrival(
        picture: Picture(
          path: path, fileName: "shot-9.jpg", byteSize: 10, modificationDate: Date(),
          format: .jpeg),
        place: place)
    ]
    watcher.send(changes)
    try rig.step { rig.runtime.state.decision(of: path).rating.stars == 2 }
    #expect(keeper.reads.contains(path))
  }
}

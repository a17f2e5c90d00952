import Foundation
import Gallery
import Pictures
import Testing

@testable import GalleryRuntime

/// The run loop hands the folders scanned that wait in its inbox to the state as one,
/// and paces them while a large library is scanned: each batch it takes regroups the
/// whole timeline.
@Suite struct DeliveryJoiningTests {
  static func section(_ name: String) -> Delivery {
    .event(
      .scan(
        .section(
          LibrarySection(
            name: name, folder: URL(fileURLWithPath: "/p/" + name, isDirectory: true),
            pictures: []))))
  }

  static let details = Delivery.event(
    .detailsRead(PictureDetailsBatch(["/p/a/1.jpg": PictureDetails()])))
  static let timer = Delivery.event(.timerFired(.idle))
  static let key = Delivery.event(.key(.character("x")))
  static let finished = Delivery.event(.scan(.finished(ScanStats())))

  /// The names of the folders in each `scanned` of `deliveries`, and a mark for the rest.
  static func shape(_ deliveries: [Delivery]) -> [String] {
    deliveries.map { delivery in
      switch delivery {
      case .event(.scanned(let events)):
        return events.map { event in
          guard case .section(let section) = event else { return "?" }
          return section.name
        }.joined(separator: "+")
      case .event(.scan(.section)): return "section"
      case .event(.scan(.finished)): return "finished"
      case .event(.detailsRead): return "details"
      case .event(.timerFired): return "timer"
      case .event(.key): return "key"
      default: return "other"
      }
    }
  }

  /// Before, a timer or a batch of details between two folders made two `scanned`, so
  /// two regroupings of the library.
  @Test func foldersJoinPastAnswersWhereTheFirstWas() {
    let joined = GalleryRuntime<FakeTerminal>.joiningSections([
      Self.timer, Self.section("a"), Self.details, Self.section("b"), Self.timer,
      Self.section("c"),
    ])
    #expect(Self.shape(joined) == ["timer", "a+b+c", "details", "timer"])
  }

  @Test func inputAndTheEndOfTheScanKeepTheirPlace() {
    let joined = GalleryRuntime<FakeTerminal>.joiningSections([
      Self.section("a"), Self.key, Self.section("b"), Self.section("c"), Self.finished,
      Self.section("d"),
    ])
    #expect(Self.shape(joined) == ["a", "key", "b+c", "finished", "d"])
  }

  @Test func cheapStepsHoldNothingBack() {
    var pacing = LibraryPacing()
    pacing.noteTaken(from: 0, to: LibraryPacing.worthPacing - 1)
    let handed = pacing.pace([Self.section("a"), Self.details], scanning: true, now: 1)
    #expect(Self.shape(handed) == ["section", "details"])
    #expect(pacing.held.isEmpty)
  }

  @Test func afterACostlyStepTheBatchesWaitTwiceItsCost() {
    var pacing = LibraryPacing()
    let cost = LibraryPacing.worthPacing
    pacing.noteTaken(from: 1000, to: 1000 + cost)
    let now = 1000 + cost + 1
    let handed = pacing.pace(
      [Self.section("a"), Self.timer, Self.details, Self.key], scanning: true, now: now)
    #expect(Self.shape(handed) == ["timer", "key"], "input and answers pass")
    #expect(Self.shape(pacing.held) == ["section", "details"])
    #expect(pacing.waitLimit(nil, now: now) == .nanoseconds(2 * cost - 1))
    #expect(pacing.waitLimit(.zero, now: now) == .zero)
    let due = pacing.pace([Self.section("b")], scanning: true, now: 1000 + 3 * cost)
    #expect(Self.shape(due) == ["section", "details", "section"], "the held first, in order")
    #expect(pacing.held.isEmpty)
    #expect(pacing.waitLimit(nil, now: now) == nil)
  }

  @Test func theEndOfTheScanTakesWhatWasHeldAndHoldsNothingAfter() {
    var pacing = LibraryPacing()
    pacing.noteTaken(from: 0, to: LibraryPacing.worthPacing)
    _ = pacing.pace([Self.section("a")], scanning: true, now: 1)
    let handed = pacing.pace(
      [Self.details, Self.finished, Self.section("b"), Self.details], scanning: true, now: 2)
    #expect(Self.shape(handed) == ["section", "details", "finished", "section", "details"])
    #expect(pacing.held.isEmpty)
  }

  @Test func nothingIsHeldOnceTheScanIsComplete() {
    var pacing = LibraryPacing()
    pacing.noteTaken(from: 0, to: LibraryPacing.worthPacing)
    let handed = pacing.pace([Self.details], scanning: false, now: 1)
    #expect(Self.shape(handed) == ["details"])
  }
}

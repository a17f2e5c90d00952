import Foundation
import Gallery
import Testing

@testable import GalleryRuntime

/// The run loop takes the batches of dates waiting in its inbox as one: the timeline
/// rearranges the library once for them all, however many piled up while it was busy.
@Suite struct DatesJoiningTests {
  @Test func batchesWaitingTogetherBecomeOneWhereTheLastWas() {
    let first = Date(timeIntervalSince1970: 1)
    let second = Date(timeIntervalSince1970: 2)
    let messages: [Delivery] = [
      .event(.datesTaken(DatesTaken(dates: ["/a.jpg": first], undated: ["/b.png"]))),
      .event(.stateFileFailed(.unreadable(path: "/s", reason: "x"))),
      .event(.datesTaken(DatesTaken(dates: ["/a.jpg": second, "/c.jpg": first], undated: []))),
      .event(.timerFired(.idle)),
    ]
    let joined = GalleryRuntime<FakeTerminal>.joiningDates(messages)
    #expect(joined.count == 3)
    guard case .event(.stateFileFailed) = joined[0],
      case .event(.datesTaken(let batch)) = joined[1],
      case .event(.timerFired(.idle)) = joined[2]
    else {
      Issue.record("unexpected messages: \(joined)")
      return
    }
    #expect(batch.dates == ["/a.jpg": second, "/c.jpg": first], "the later date wins")
    #expect(batch.undated == ["/b.png"])
  }

  @Test func messagesWithoutDatesAreLeftAlone() {
    let messages: [Delivery] = [.event(.timerFired(.idle)), .event(.timerFired(.animation))]
    #expect(GalleryRuntime<FakeTerminal>.joiningDates(messages).count == 2)
  }
}

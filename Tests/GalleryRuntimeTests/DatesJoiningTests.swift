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
    let messages: [RuntimeMessage] = [
      .datesTaken(DatesTaken(dates: ["/a.jpg": first], undated: ["/b.png"])),
      .stateFileFailed(.unreadable(path: "/s", reason: "x")),
      .datesTaken(DatesTaken(dates: ["/a.jpg": second, "/c.jpg": first], undated: [])),
      .timer(.idle),
    ]
    let joined = GalleryRuntime<FakeTerminal>.joiningDates(messages)
    #expect(joined.count == 3)
    guard case .stateFileFailed = joined[0], case .datesTaken(let batch) = joined[1],
      case .timer(.idle) = joined[2]
    else {
      Issue.record("unexpected messages: \(joined)")
      return
    }
    #expect(batch.dates == ["/a.jpg": second, "/c.jpg": first], "the later date wins")
    #expect(batch.undated == ["/b.png"])
  }

  @Test func messagesWithoutDatesAreLeftAlone() {
    let messages: [RuntimeMessage] = [.timer(.idle), .timer(.animation)]
    #expect(GalleryRuntime<FakeTerminal>.joiningDates(messages).count == 2)
  }
}

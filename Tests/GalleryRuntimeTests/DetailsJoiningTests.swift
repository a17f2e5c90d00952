import Foundation
import Gallery
import Pictures
import Testing

@testable import GalleryRuntime

/// The run loop takes the batches of details waiting in its inbox as one: the timeline
/// rearranges the library once for them all, however many piled up while it was busy.
@Suite struct DetailsJoiningTests {
  static let early = PictureDetails(taken: TakenTime(wallClock: 1))
  static let late = PictureDetails(taken: TakenTime(wallClock: 2), cameraModel: "X100V")

  @Test func batchesWaitingTogetherBecomeOneWhereTheLastWas() {
    let messages: [Delivery] = [
      .event(
        .detailsRead(PictureDetailsBatch(["/a.jpg": Self.early, "/b.png": PictureDetails()]))),
      .event(.stateFileFailed(.unreadable(path: "/s", reason: "x"))),
      .event(.detailsRead(PictureDetailsBatch(["/a.jpg": Self.late, "/c.jpg": Self.early]))),
      .event(.timerFired(.idle)),
    ]
    let joined = GalleryRuntime<FakeTerminal>.joiningDetails(messages)
    #expect(joined.count == 3)
    guard case .event(.stateFileFailed) = joined[0],
      case .event(.detailsRead(let batch)) = joined[1],
      case .event(.timerFired(.idle)) = joined[2]
    else {
      Issue.record("unexpected messages: \(joined)")
      return
    }
    #expect(
      batch.details == ["/a.jpg": Self.late, "/b.png": PictureDetails(), "/c.jpg": Self.early],
      "the later details win")
  }

  @Test func messagesWithoutDetailsAreLeftAlone() {
    let messages: [Delivery] = [.event(.timerFired(.idle)), .event(.timerFired(.animation))]
    #expect(GalleryRuntime<FakeTerminal>.joiningDetails(messages).count == 2)
  }
}

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

extension DetailsJoiningTests {
  /// Before, the joined batch was made afresh from the details alone: what went wrong
  /// with the index never reached the status line.
  @Test func theNoticesOfEveryBatchAreKeptInOrder() {
    let messages: [Delivery] = [
      .event(.detailsRead(PictureDetailsBatch(["/a.jpg": Self.early], notices: ["busy"]))),
      .event(
        .detailsRead(
          PictureDetailsBatch(
            ["/b.jpg": Self.early, "/c.jpg": Self.late, "/a.jpg": Self.late],
            notices: ["damaged"]))),
      .event(.detailsRead(PictureDetailsBatch(["/c.jpg": Self.early], notices: ["newer"]))),
    ]
    let joined = GalleryRuntime<FakeTerminal>.joiningDetails(messages)
    guard joined.count == 1, case .event(.detailsRead(let batch)) = joined[0] else {
      Issue.record("unexpected messages: \(joined)")
      return
    }
    #expect(batch.notices == ["busy", "damaged", "newer"])
    #expect(batch.details == ["/a.jpg": Self.late, "/b.jpg": Self.early, "/c.jpg": Self.early])
  }

  @Test func aBatchAloneIsHandedOnAsItIs() {
    let batch = PictureDetailsBatch(["/a.jpg": Self.early], notices: ["busy"])
    let joined = GalleryRuntime<FakeTerminal>.joiningDetails([
      .event(.timerFired(.idle)), .event(.detailsRead(batch)),
    ])
    guard joined.count == 2, case .event(.detailsRead(let kept)) = joined[1] else {
      Issue.record("unexpected messages: \(joined)")
      return
    }
    #expect(kept == batch)
  }
}

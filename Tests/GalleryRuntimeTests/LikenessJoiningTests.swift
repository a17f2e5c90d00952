import Foundation
import Gallery
import Pictures
import Testing

@testable import GalleryRuntime

/// The run loop takes the batches of likeness waiting in its inbox as one, up to the end
/// of a read: the duplicates are grouped once for them all.
@Suite struct LikenessJoiningTests {
  static func likeness(_ hashes: [String: UInt64]) -> Delivery {
    .event(.likenessRead(hashes.mapValues { PerceptualHash(bits: $0) }))
  }

  static func hashes(_ delivery: Delivery) -> [String: UInt64]? {
    guard case .event(.likenessRead(let hashes)) = delivery else { return nil }
    return hashes.mapValues(\.bits)
  }

  @Test func batchesUpToAnEndBecomeOneWhereTheLastWasAndTheEndStaysAfter() {
    let messages: [Delivery] = [
      Self.likeness(["/a.jpg": 1, "/b.jpg": 2]),
      .event(.timerFired(.idle)),
      Self.likeness(["/b.jpg": 3, "/c.jpg": 4]),
      Self.likeness([:]),
      Self.likeness(["/d.jpg": 5]),
      Self.likeness(["/e.jpg": 6]),
    ]
    let joined = GalleryRuntime<FakeTerminal>.joiningLikeness(messages)
    #expect(joined.count == 4, "\(joined)")
    guard joined.count == 4, case .event(.timerFired(.idle)) = joined[0] else {
      Issue.record("unexpected messages: \(joined)")
      return
    }
    #expect(Self.hashes(joined[1]) == ["/a.jpg": 1, "/b.jpg": 3, "/c.jpg": 4], "the later wins")
    #expect(Self.hashes(joined[2]) == [:], "the end after the hashes before it")
    #expect(Self.hashes(joined[3]) == ["/d.jpg": 5, "/e.jpg": 6])
  }

  @Test func aBatchAloneIsLeftAlone() {
    let messages: [Delivery] = [Self.likeness(["/a.jpg": 1]), Self.likeness([:])]
    let joined = GalleryRuntime<FakeTerminal>.joiningLikeness(messages)
    #expect(joined.map(Self.hashes) == [["/a.jpg": 1], [:]])
  }
}

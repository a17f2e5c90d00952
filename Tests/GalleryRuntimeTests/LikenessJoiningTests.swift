import Foundation
import Gallery
import Pictures
import Testing

@testable import GalleryRuntime

/// The run loop takes the batches of likeness waiting in its inbox as one, up to the end
/// of a read: the duplicates are grouped once for them all.
@Suite struct LikenessJoiningTests {
  static func likeness(_ hashes: [String: UInt64]) -> Delivery {
    .event(
      .likenessRead(
        Dictionary(
          uniqueKeysWithValues: hashes.map {
            (
              FileStamp(path: $0.key, byteSize: 1, modificationDate: nil),
              PerceptualHash(bits: $0.value)
            )
          })))
  }

  static func hashes(_ delivery: Delivery) -> [String: UInt64]? {
    guard case .event(.likenessRead(let hashes)) = delivery else { return nil }
    return Dictionary(uniqueKeysWithValues: hashes.map { ($0.key.path, $0.value.bits) })
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

  /// A hash read before a file was rewritten must not pass the watcher's news of the
  /// rewrite (nor input, nor a file action's report): a run of batches ends at anything
  /// that may change the library, as the folders' joining does.
  @Test func batchesAreNotJoinedAcrossWhatChangesTheLibrary() {
    let changes = FolderChanges(ordering: SectionOrdering(roots: []))
    let messages: [Delivery] = [
      Self.likeness(["/a.jpg": 1]),
      .event(.foldersChanged(changes)),
      Self.likeness(["/a.jpg": 2, "/b.jpg": 3]),
      .event(.key(.character("C"))),
      Self.likeness(["/c.jpg": 4]),
      .event(.timerFired(.idle)),
      Self.likeness(["/d.jpg": 5]),
    ]
    let joined = GalleryRuntime<FakeTerminal>.joiningLikeness(messages)
    guard joined.count == 6, case .event(.foldersChanged) = joined[1],
      case .event(.key) = joined[3], case .event(.timerFired(.idle)) = joined[4]
    else {
      Issue.record("unexpected messages: \(joined)")
      return
    }
    #expect(Self.hashes(joined[0]) == ["/a.jpg": 1], "before the change, where it was")
    #expect(Self.hashes(joined[2]) == ["/a.jpg": 2, "/b.jpg": 3])
    #expect(Self.hashes(joined[5]) == ["/c.jpg": 4, "/d.jpg": 5], "past a timer, joined")
  }
}

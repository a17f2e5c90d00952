import Dispatch
import Gallery
import SystemSupport

@testable import GalleryRuntime

/// A reader of content hashes that gives every file asked for the same hash, from
/// another thread, in one batch, and records what it was asked and whether it was
/// stopped or its reads dropped.
final class FakeContentHashes: ContentHashReading {
  private let record = Locked((asked: [FileStamp](), stops: 0, cancels: 0))

  /// Every file asked for, in order.
  var stamps: [FileStamp] { record.withLock { $0.asked } }
  /// How often the loop stopped it.
  var stops: Int { record.withLock { $0.stops } }
  /// How often the loop dropped the reads asked for.
  var cancels: Int { record.withLock { $0.cancels } }

  func read(_ stamps: [FileStamp], deliver: @escaping @Sendable ([FileStamp: String]) -> Void) {
    record.withLock { $0.asked += stamps }
    DispatchQueue.global().async {
      deliver(Dictionary(uniqueKeysWithValues: stamps.map { ($0, "same") }))
    }
  }

  func stop() { record.withLock { $0.stops += 1 } }

  func cancel() { record.withLock { $0.cancels += 1 } }
}

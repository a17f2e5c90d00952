import Dispatch
import Gallery
import Pictures
import SystemSupport

@testable import GalleryRuntime

/// A reader of perceptual hashes that gives every file asked for a hash made of its
/// path (FNV-1a: files of other paths look nothing alike, so nothing stacks), or one hash
/// to all when `allAlike`, from another thread, in one batch, then the empty batch that
/// says it is through, and records what it was asked and whether it was stopped.
final class FakeLikeness: LikenessReading {
  private let record = Locked((asked: [FileStamp](), stops: 0))
  private let allAlike: Bool

  init(allAlike: Bool = false) { self.allAlike = allAlike }

  /// Every file asked for, in order.
  var stamps: [FileStamp] { record.withLock { $0.asked } }
  /// How often the loop stopped it.
  var stops: Int { record.withLock { $0.stops } }

  /// The hash the fake gives `path`.
  static func hash(_ path: String) -> PerceptualHash {
    PerceptualHash(
      bits: path.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) {
        ($0 ^ UInt64($1)) &* 0x100_0000_01B3
      })
  }

  func read(
    _ stamps: [FileStamp], deliver: @escaping @Sendable ([FileStamp: PerceptualHash]) -> Void
  ) {
    record.withLock { $0.asked += stamps }
    let allAlike = allAlike
    DispatchQueue.global().async {
      deliver(
        Dictionary(
          uniqueKeysWithValues: stamps.map {
            ($0, allAlike ? PerceptualHash(bits: 42) : Self.hash($0.path))
          }))
      deliver([:])
    }
  }

  func stop() { record.withLock { $0.stops += 1 } }
}

import Pictures
import SystemSupport

/// The perceptual hashes of the pictures the thumbnail pipeline decoded anyway, taken
/// from its small copies as they are made (0.12–0.44 ms each beside a decode of
/// milliseconds), for the reader of hashes to take rather than decode the file again.
///
/// Keyed by path; the reader takes each once. Holds at most `capacity` hashes: past it,
/// the oldest half is let go (the reader decodes those files itself). A hash from a
/// thumbnail's copy and one from the file decoded for `LikenessHasher` differ by a few
/// bits at most (both upright, both area-averaged down to 32×32), well within the
/// threshold pictures are grouped at. Safe from any thread.
package final class LikenessTap: Sendable {
  /// Hashes held at most.
  package static let capacity = 20_000

  private let held = Locked((hashes: [String: PerceptualHash](), order: [String]()))

  package init() {}

  /// Hashes `image`, the picture at `path` decoded upright, and holds the hash; a picture
  /// under `PerceptualHash.minimumSide` a side is let go.
  package func record(path: String, image: PixelImage) {
    guard let hash = LikenessHasher.hash(of: image) else { return }
    held.withLock { held in
      if held.hashes.updateValue(hash, forKey: path) == nil { held.order.append(path) }
      guard held.order.count > Self.capacity else { return }
      let dropped = held.order.prefix(Self.capacity / 2)
      for old in dropped { held.hashes[old] = nil }
      held.order.removeFirst(dropped.count)
    }
  }

  /// The hash held for `path`, let go as it is taken; nil when none is held.
  package func take(_ path: String) -> PerceptualHash? {
    held.withLock { $0.hashes.removeValue(forKey: path) }
  }
}

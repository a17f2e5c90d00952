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

  /// A hash held: the identity of the file it was made from (`ArtDiskCache.identity`,
  /// read before its bytes), and when it was recorded.
  private struct Held: Sendable {
    var hash: PerceptualHash
    var identity: String?
    var sequence: Int
  }

  private let held = Locked(
    (hashes: [String: Held](), order: [(path: String, sequence: Int)](), next: 0))

  package init() {}

  /// Hashes `image`, the picture at `path` decoded upright from the file of `identity`,
  /// and holds the hash; a picture under `PerceptualHash.minimumSide` a side is let go.
  package func record(path: String, image: PixelImage, identity: String?) {
    guard let hash = LikenessHasher.hash(of: image) else { return }
    held.withLock { held in
      held.next += 1
      held.hashes[path] = Held(hash: hash, identity: identity, sequence: held.next)
      held.order.append((path, held.next))
      guard held.order.count > Self.capacity else { return }
      // A path recorded again is in the order twice: only its last record lets it go.
      let dropped = held.order.prefix(Self.capacity / 2)
      for old in dropped where held.hashes[old.path]?.sequence == old.sequence {
        held.hashes[old.path] = nil
      }
      held.order.removeFirst(dropped.count)
    }
  }

  /// The hash held for `path`, let go as it is taken; nil when none is held, or when it
  /// was made from another version of the file than the one there now (changed since,
  /// or never known).
  package func take(_ path: String) -> PerceptualHash? {
    guard let taken = held.withLock({ $0.hashes.removeValue(forKey: path) }),
      let identity = taken.identity, identity == ArtDiskCache.identity(path: path)
    else { return nil }
    return taken.hash
  }

  /// Lets go of the hash held for `path` (the file changed).
  package func forget(_ path: String) {
    held.withLock { _ = $0.hashes.removeValue(forKey: path) }
  }
}

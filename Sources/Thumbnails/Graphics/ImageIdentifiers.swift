import FoundationEssentials
import Glibc
import SystemSupport

/// Hands out kitty image ids: 1 up to `limit`, then from 1 again (by then the
/// cache has long let the first ones go). Thread-safe.
final class ImageIdentifiers: @unchecked Sendable {
  private let lock = SystemLock()
  private var last: UInt32 = 0
  let limit: UInt32

  /// Ids from `first` (then on, and round from 1) up to `limit`.
  init(limit: UInt32, first: UInt32 = 1) {
    self.limit = max(1, min(limit, 0xFF_FFFF))
    last = min(max(1, first), self.limit) - 1
  }

  func next() -> UInt32 {
    lock.lock()
    defer { lock.unlock() }
    last = last >= limit ? 1 : last + 1
    return last
  }
}

import FoundationEssentials
import Glibc
import SystemSupport

/// The bytes several caches hold together, kept within a budget's `cachedBytes`: when
/// their sum passes it, the entry least recently used in any of them is evicted, until it
/// fits.
///
/// Every cache stamps its entries from the ledger's one clock, so their ages compare
/// across caches. Thread-safe, and free of lock-order cycles: a cache reports what it
/// added or removed after it has let go of its own lock, and the ledger asks a cache to
/// evict holding no lock of its own; only the clock is taken inside a cache's lock, and
/// it takes nothing.
package final class MemoryLedger: @unchecked Sendable {
  /// The budget whose `cachedBytes` the caches share.
  package let budget: MemoryBudget
  private let lock = SystemLock()
  private var total = 0
  private var members: [Member] = []
  private let clockLock = SystemLock()
  private var clock: UInt64 = 0

  private struct Member {
    weak var cache: (any LedgerCache)?
  }

  package init(budget: MemoryBudget) { self.budget = budget }

  /// Bytes held now by all the caches together.
  package var byteCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return total
  }

  /// The next use's stamp: later uses have larger ones.
  func tick() -> UInt64 {
    clockLock.lock()
    defer { clockLock.unlock() }
    clock += 1
    return clock
  }

  /// Counts `cache` in; the ledger keeps it weakly.
  func register(_ cache: any LedgerCache) {
    lock.lock()
    members.append(Member(cache: cache))
    lock.unlock()
  }

  /// A cache added (positive) or removed (negative) `bytes`; then, past the budget, the
  /// oldest entries go. Called holding no cache's lock.
  func charge(_ bytes: Int) {
    lock.lock()
    total += bytes
    let over = total > budget.cachedBytes
    lock.unlock()
    if over { trim() }
  }

  /// Evicts the least recently used entries of all the caches until the total fits: each
  /// round, the cache holding the oldest entry gives up its entries older than any other
  /// cache's oldest, oldest first, until enough are gone. O(entries log entries) a round,
  /// and a round for each time the oldest entry moves to another cache.
  private func trim() {
    while true {
      lock.lock()
      let excess = total - budget.cachedBytes
      members.removeAll { $0.cache == nil }
      let caches = members.compactMap(\.cache)
      lock.unlock()
      guard excess > 0 else { return }
      let ages = caches.compactMap { cache in cache.oldestUse.map { (cache: cache, use: $0) } }
        .sorted { $0.use < $1.use }
      guard let oldest = ages.first else { return }
      let freed = oldest.cache.evict(atLeast: excess, olderThan: ages.dropFirst().first?.use)
      // Freed here, not through `charge`: the loop looks again, holding no lock. An entry
      // another thread's trim took first frees nothing, and the loop looks again too.
      lock.lock()
      total -= freed
      lock.unlock()
    }
  }

  /// A cache went away with `bytes` still counted.
  func release(_ bytes: Int) {
    lock.lock()
    total -= bytes
    lock.unlock()
  }
}

/// A cache whose bytes a `MemoryLedger` counts.
protocol LedgerCache: AnyObject, Sendable {
  /// The stamp of its least recently used entry; nil when empty.
  var oldestUse: UInt64? { get }
  /// Removes its least recently used entries, oldest first, until `bytes` are freed or the
  /// next is as recent as `stamp` (nil: no such limit), always at least one; returns the
  /// bytes freed, which it does not charge.
  func evict(atLeast bytes: Int, olderThan stamp: UInt64?) -> Int
}

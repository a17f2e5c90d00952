import FoundationEssentials
import Glibc
import SystemSupport

/// A least-recently-used cache bounded by the bytes its values take, alone or together
/// with other caches under a `MemoryLedger`. Thread-safe.
///
/// Lookups and inserts are O(1) amortised plus O(n) for an eviction scan past its own
/// capacity (O(n log n) when the ledger evicts), which is fine for the few thousand
/// entries a gallery holds.
package final class ByteLimitedLRU<Key: Hashable & Sendable, Value: Sendable>: LedgerCache,
  @unchecked Sendable
{
  private struct Entry {
    var value: Value
    var bytes: Int
    var lastUse: UInt64
  }

  private let lock = SystemLock()
  private var entries: [Key: Entry] = [:]
  private var clock: UInt64 = 0
  private var total = 0
  /// The most bytes kept.
  package let capacity: Int
  /// The ledger this cache's bytes count in, shared with other caches.
  private let ledger: MemoryLedger?

  /// A cache of at most `capacity` bytes; with a `ledger`, also evicted when the caches
  /// it counts pass their budget together.
  package init(capacity: Int, ledger: MemoryLedger? = nil) {
    self.capacity = capacity
    self.ledger = ledger
    ledger?.register(self)
  }

  deinit { ledger?.release(total) }

  /// The value for `key`, marking it recently used.
  package func value(for key: Key) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    guard var entry = entries[key] else { return nil }
    entry.lastUse = stamp()
    entries[key] = entry
    return entry.value
  }

  /// Stores `value`, which takes `bytes`, evicting the least recently used past capacity
  /// (and, with a ledger, past the shared budget). A value larger than the whole capacity
  /// is not kept.
  package func insert(_ value: Value, bytes: Int, for key: Key) {
    lock.lock()
    let before = total
    if let old = entries.removeValue(forKey: key) { total -= old.bytes }
    if bytes <= capacity {
      entries[key] = Entry(value: value, bytes: bytes, lastUse: stamp())
      total += bytes
      while total > capacity, let oldest = oldestKey() { remove(oldest) }
    }
    let change = total - before
    lock.unlock()
    if change != 0 { ledger?.charge(change) }
  }

  /// Removes every entry whose key matches.
  package func removeAll(where shouldRemove: (Key) -> Bool) {
    lock.lock()
    let before = total
    for key in entries.keys where shouldRemove(key) { remove(key) }
    let change = total - before
    lock.unlock()
    if change != 0 { ledger?.charge(change) }
  }

  /// Bytes held now.
  package var byteCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return total
  }

  /// Entries held now.
  package var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }

  var oldestUse: UInt64? {
    lock.lock()
    defer { lock.unlock() }
    return entries.values.lazy.map(\.lastUse).min()
  }

  func evict(atLeast bytes: Int, olderThan stamp: UInt64?) -> Int {
    lock.lock()
    defer { lock.unlock() }
    let before = total
    let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }
    for (key, entry) in oldestFirst {
      let freed = before - total
      if freed >= bytes || (freed > 0 && stamp.map { entry.lastUse >= $0 } == true) { break }
      remove(key)
    }
    return before - total
  }

  /// The next use's stamp: from the ledger's clock when shared, so ages compare across
  /// caches. Called with the lock held.
  private func stamp() -> UInt64 {
    if let ledger { return ledger.tick() }
    clock += 1
    return clock
  }

  private func oldestKey() -> Key? {
    entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
  }

  private func remove(_ key: Key) {
    total -= entries.removeValue(forKey: key)?.bytes ?? 0
  }
}

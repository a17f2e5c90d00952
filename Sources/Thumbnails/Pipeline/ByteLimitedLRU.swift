import Foundation

/// A least-recently-used cache bounded by the bytes its values take. Thread-safe.
///
/// Lookups and inserts are O(1) amortised plus O(n) for an eviction scan, which is
/// fine for the few hundred entries a gallery holds.
public final class ByteLimitedLRU<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
  private struct Entry {
    var value: Value
    var bytes: Int
    var lastUse: UInt64
  }

  private let lock = NSLock()
  private var entries: [Key: Entry] = [:]
  private var clock: UInt64 = 0
  private var total = 0
  /// The most bytes kept.
  public let capacity: Int

  public init(capacity: Int) { self.capacity = capacity }

  /// The value for `key`, marking it recently used.
  public func value(for key: Key) -> Value? {
    lock.lock()
    defer { lock.unlock() }
    guard var entry = entries[key] else { return nil }
    clock += 1
    entry.lastUse = clock
    entries[key] = entry
    return entry.value
  }

  /// Stores `value`, which takes `bytes`, evicting the least recently used past capacity.
  /// A value larger than the whole capacity is not kept.
  public func insert(_ value: Value, bytes: Int, for key: Key) {
    lock.lock()
    defer { lock.unlock() }
    if let old = entries.removeValue(forKey: key) { total -= old.bytes }
    guard bytes <= capacity else { return }
    clock += 1
    entries[key] = Entry(value: value, bytes: bytes, lastUse: clock)
    total += bytes
    while total > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
      entries[oldest.key] = nil
      total -= oldest.value.bytes
    }
  }

  /// Removes every entry whose key matches.
  public func removeAll(where shouldRemove: (Key) -> Bool) {
    lock.lock()
    defer { lock.unlock() }
    for key in entries.keys where shouldRemove(key) {
      total -= entries[key]?.bytes ?? 0
      entries[key] = nil
    }
  }

  /// Bytes held now.
  public var byteCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return total
  }

  /// Entries held now.
  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }
}

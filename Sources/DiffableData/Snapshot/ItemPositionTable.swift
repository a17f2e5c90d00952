/// A hash index from item identifier to its offset in the snapshot's item array.
///
/// Open addressing with linear probing over 32-bit slots that hold `offset + 1` (0 is empty);
/// the keys themselves stay in the item array, so the table is a quarter of a
/// `[ItemID: Int]` and stays in cache at 50,000 items, which is what makes building fast.
/// The table is at most half full. Since slots hold offsets, any change that shifts offsets
/// rebuilds the table; rebuilding hashes each item once and never compares keys, because
/// the items are known to be unique. Offsets are limited to `Int32.max - 1`.
///
/// The low 32 bits of each item's hash are kept in the items' order, so the table of a
/// subset of the items (`keeping(positions:)`) is made without hashing any of them, reading
/// the kept items' hashes in order rather than walking every slot.
@usableFromInline
struct ItemPositionTable: Sendable {
  @usableFromInline var slots: [Int32] = []
  /// The low 32 bits of the hash of each recorded item, at its offset.
  @usableFromInline var hashes: [UInt32] = []
  @usableFromInline var mask = -1

  @inlinable init() {}

  /// The offset of `key` in `items`, or nil.
  @inlinable func position<Key: Hashable>(of key: Key, in items: [Key]) -> Int? {
    guard !slots.isEmpty else { return nil }
    var slot = key.hashValue & mask
    while true {
      let stored = Int(slots[slot])
      if stored == 0 { return nil }
      if items[stored - 1] == key { return stored - 1 }
      slot = (slot + 1) & mask
    }
  }

  /// Records `items[range]`, which follow every recorded item; returns the first offset in
  /// `range` whose item equals one already recorded, after which the table is incomplete and
  /// must be rebuilt.
  ///
  /// One pass over raw buffers, so each item costs one hash and its probe, with no uniqueness
  /// or bounds check per item.
  @inlinable mutating func insert<Key: Hashable>(positions range: Range<Int>, of items: [Key])
    -> Int?
  {
    let mask = self.mask
    if hashes.count < range.upperBound {
      hashes.append(contentsOf: repeatElement(0, count: range.upperBound - hashes.count))
    }
    return items.withUnsafeBufferPointer { keys in
      hashes.withUnsafeMutableBufferPointer { hashes in
        slots.withUnsafeMutableBufferPointer { table in
          for position in range {
            let key = keys[position]
            let hash = key.hashValue
            var slot = hash & mask
            while true {
              let stored = Int(table[slot])
              if stored == 0 {
                table[slot] = Int32(truncatingIfNeeded: position + 1)
                hashes[position] = UInt32(truncatingIfNeeded: hash)
                break
              }
              if keys[stored - 1] == key { return position }
              slot = (slot + 1) & mask
            }
          }
          return nil
        }
      }
    }
  }

  /// Makes room for `count` items; returns false when the table must be rebuilt first.
  @inlinable func fits(_ count: Int) -> Bool { count * 2 <= slots.count }

  /// Rebuilds the table for `items`, which must be unique, sized for at least `capacity`.
  @inlinable mutating func rebuild<Key: Hashable>(for items: ArraySlice<Key>, capacity: Int) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    if size == slots.count {
      for index in slots.indices { slots[index] = 0 }
    } else {
      slots = [Int32](repeating: 0, count: size)
      mask = size - 1
    }
    hashes = [UInt32](repeating: 0, count: items.count)
    hashes.reserveCapacity(capacity)
    let mask = self.mask
    hashes.withUnsafeMutableBufferPointer { hashes in
      slots.withUnsafeMutableBufferPointer { table in
        for (position, key) in zip(items.indices, items) {
          let hash = key.hashValue
          var slot = hash & mask
          while table[slot] != 0 { slot = (slot + 1) & mask }
          table[slot] = Int32(truncatingIfNeeded: position + 1)
          hashes[position - items.startIndex] = UInt32(truncatingIfNeeded: hash)
        }
      }
    }
  }

  /// The table of the items at `positions` alone, the item at `positions[k]` now at
  /// offset `k`; every position must be recorded. Hashes and compares no item: each is
  /// placed by the hash kept for it. O(positions), reading the kept hashes in order.
  @inlinable func keeping(positions: [Int]) -> ItemPositionTable {
    var size = 16
    while size < positions.count * 2 { size *= 2 }
    var kept = ItemPositionTable()
    kept.mask = size - 1
    kept.hashes = hashes.withUnsafeBufferPointer { hashes in positions.map { hashes[$0] } }
    kept.slots = [Int32](repeating: 0, count: size)
    let newMask = kept.mask
    kept.hashes.withUnsafeBufferPointer { hashes in
      kept.slots.withUnsafeMutableBufferPointer { table in
        for (offset, hash) in hashes.enumerated() {
          var slot = Int(hash) & newMask
          while table[slot] != 0 { slot = (slot + 1) & newMask }
          table[slot] = Int32(truncatingIfNeeded: offset + 1)
        }
      }
    }
    return kept
  }

  /// Rebuilds the table for `items`, which must be unique, sized for at least `capacity`.
  @inlinable mutating func rebuild<Key: Hashable>(for items: [Key], capacity: Int) {
    rebuild(for: items[...], capacity: capacity)
  }

  /// Rebuilds the table for `items`, comparing keys; returns the first repeated item, after
  /// which the table is incomplete and must be rebuilt.
  @inlinable mutating func rebuildFindingDuplicate<Key: Hashable>(for items: [Key]) -> Key? {
    rebuild(for: items[0..<0], capacity: items.count)
    return insert(positions: items.indices, of: items).map { items[$0] }
  }
}

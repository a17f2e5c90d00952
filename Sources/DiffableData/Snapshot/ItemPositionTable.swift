/// A hash index from item identifier to its offset in the snapshot's item array.
///
/// Open addressing with linear probing over 32-bit slots that hold `offset + 1` (0 is empty);
/// the keys themselves stay in the item array, so the table is a quarter of a
/// `[ItemID: Int]` and stays in cache at 50,000 items, which is what makes building fast.
/// The table is at most half full. Since slots hold offsets, any change that shifts offsets
/// rebuilds the table; rebuilding hashes each item once and never compares keys, because
/// the items are known to be unique. Offsets are limited to `Int32.max - 1`.
///
/// Each filled slot keeps the low 32 bits of its item's hash beside it, so the table of a
/// subset of the items (`keeping(newOffsets:count:)`) is made without hashing any of them.
@usableFromInline
struct ItemPositionTable: Sendable {
  @usableFromInline var slots: [Int32] = []
  /// The low 32 bits of the hash of the item in each filled slot.
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
                hashes[slot] = UInt32(truncatingIfNeeded: hash)
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
      hashes = [UInt32](repeating: 0, count: size)
      mask = size - 1
    }
    let mask = self.mask
    hashes.withUnsafeMutableBufferPointer { hashes in
      slots.withUnsafeMutableBufferPointer { table in
        for (position, key) in zip(items.indices, items) {
          let hash = key.hashValue
          var slot = hash & mask
          while table[slot] != 0 { slot = (slot + 1) & mask }
          table[slot] = Int32(truncatingIfNeeded: position + 1)
          hashes[slot] = UInt32(truncatingIfNeeded: hash)
        }
      }
    }
  }

  /// The table of `count` of the items, the item at each old offset `o` now at
  /// `newOffsets[o]` (negative: left out). Hashes and compares no item: each kept one is
  /// placed by the hash its slot keeps. O(slots).
  @inlinable func keeping(newOffsets: [Int32], count: Int) -> ItemPositionTable {
    var size = 16
    while size < count * 2 { size *= 2 }
    var keptSlots = [Int32](repeating: 0, count: size)
    var keptHashes = [UInt32](repeating: 0, count: size)
    let newMask = size - 1
    slots.withUnsafeBufferPointer { slots in
      hashes.withUnsafeBufferPointer { hashes in
        newOffsets.withUnsafeBufferPointer { newOffsets in
          keptHashes.withUnsafeMutableBufferPointer { keptHashes in
            keptSlots.withUnsafeMutableBufferPointer { table in
              for index in slots.indices where slots[index] != 0 {
                let offset = newOffsets[Int(slots[index]) - 1]
                guard offset >= 0 else { continue }
                var slot = Int(hashes[index]) & newMask
                while table[slot] != 0 { slot = (slot + 1) & newMask }
                table[slot] = offset + 1
                keptHashes[slot] = hashes[index]
              }
            }
          }
        }
      }
    }
    var kept = ItemPositionTable()
    kept.slots = keptSlots
    kept.hashes = keptHashes
    kept.mask = newMask
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

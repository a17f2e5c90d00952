extension Snapshot {
  /// Appends items at the end of `section`, or of the last section when `section` is nil.
  ///
  /// O(k) hashing each new identifier once when appending to the last section; O(n) for the
  /// items after it otherwise.
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)`` when `section` is absent,
  ///   ``SnapshotError/noSections`` when `section` is nil and there is no section,
  ///   ``SnapshotError/duplicateItem(_:)`` naming the first identifier already in the snapshot
  ///   or repeated in `identifiers`. Nothing is appended when it throws.
  @inlinable public mutating func appendItems(
    _ identifiers: [ItemID], toSection section: SectionID? = nil
  )
    throws(SnapshotError<SectionID, ItemID>)
  {
    let index: Int
    if let section {
      guard let found = sectionPositions[section] else { throw .sectionNotFound(section) }
      index = found
    } else {
      guard !sections.isEmpty else { throw .noSections }
      index = sections.count - 1
    }
    try insertItems(identifiers, at: sectionEnds[index], sectionIndex: index)
  }

  /// Inserts items just before `item`, in its section. O(n).
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` when `item` is absent,
  ///   ``SnapshotError/duplicateItem(_:)`` as for ``appendItems(_:toSection:)``.
  @inlinable public mutating func insertItems(_ identifiers: [ItemID], beforeItem item: ItemID)
    throws(SnapshotError<SectionID, ItemID>)
  {
    guard let position = position(of: item) else { throw .itemNotFound(item) }
    try insertItems(
      identifiers, at: position, sectionIndex: sectionIndex(containingPosition: position))
  }

  /// Inserts items just after `item`, in its section. O(n).
  ///
  /// - Throws: as ``insertItems(_:beforeItem:)``.
  @inlinable public mutating func insertItems(_ identifiers: [ItemID], afterItem item: ItemID)
    throws(SnapshotError<SectionID, ItemID>)
  {
    guard let position = position(of: item) else { throw .itemNotFound(item) }
    try insertItems(
      identifiers, at: position + 1, sectionIndex: sectionIndex(containingPosition: position))
  }

  /// Deletes items. Absent identifiers are ignored. O(n + k log k) for k deleted items.
  @inlinable public mutating func deleteItems(_ identifiers: [ItemID]) {
    var removed: [Int] = []
    removed.reserveCapacity(identifiers.count)
    for identifier in identifiers {
      guard let position = position(of: identifier) else { continue }
      removed.append(position)
      reloadedItemMarks.remove(identifier)
      reconfiguredItemMarks.remove(identifier)
    }
    guard !removed.isEmpty else { return }
    removed.sort()
    // The same identifier may be named twice.
    var unique = 0
    for index in removed.indices where unique == 0 || removed[index] != removed[unique - 1] {
      removed[unique] = removed[index]
      unique += 1
    }
    removed.removeLast(removed.count - unique)
    // Compact in place from the first removed offset, then shrink every section's end by the
    // number of removed offsets before it.
    var write = removed[0]
    var next = 0
    for read in removed[0]..<items.count {
      if next < removed.count && removed[next] == read {
        next += 1
      } else {
        items[write] = items[read]
        write += 1
      }
    }
    items.removeLast(items.count - write)
    reindexItems()
    next = 0
    for index in sectionEnds.indices {
      while next < removed.count && removed[next] < sectionEnds[index] { next += 1 }
      sectionEnds[index] -= next
    }
  }

  /// Makes room for `itemCount` items in all, so that appending up to that many rehashes
  /// nothing. Worth calling before building a large snapshot batch by batch.
  @inlinable public mutating func reserveCapacity(items itemCount: Int) {
    if itemCount > items.capacity { items.reserveCapacity(itemCount) }
    if !itemPositions.fits(itemCount) { itemPositions.rebuild(for: items, capacity: itemCount) }
  }

  /// Deletes every item and every section, as UIKit's `deleteAllItems()` does.
  @inlinable public mutating func deleteAllItems() {
    self = Snapshot()
  }

  /// Moves `item` to just before `destination`, into its section. Moving an item before itself
  /// is a no-op. Reload marks travel with the item. O(n).
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` naming whichever of the two is absent.
  @inlinable public mutating func moveItem(_ item: ItemID, beforeItem destination: ItemID)
    throws(SnapshotError<SectionID, ItemID>)
  {
    try moveItem(item, nextTo: destination, after: false)
  }

  /// Moves `item` to just after `destination`, into its section. Moving an item after itself
  /// is a no-op. Reload marks travel with the item. O(n).
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` naming whichever of the two is absent.
  @inlinable public mutating func moveItem(_ item: ItemID, afterItem destination: ItemID)
    throws(SnapshotError<SectionID, ItemID>)
  {
    try moveItem(item, nextTo: destination, after: true)
  }

  // MARK: Helpers

  /// Inserts `identifiers` at offset `position`, inside the section at `sectionIndex`.
  ///
  /// Appending at the end hashes each new identifier once: the probe that finds its slot also
  /// finds a duplicate. Elsewhere the index is rebuilt, which finds duplicates the same way.
  /// On a duplicate the new items are taken out and the index rebuilt.
  @inlinable mutating func insertItems(
    _ identifiers: [ItemID], at position: Int, sectionIndex: Int
  ) throws(SnapshotError<SectionID, ItemID>) {
    guard !identifiers.isEmpty else { return }
    let oldCount = items.count
    let needed = oldCount + identifiers.count
    if needed > items.capacity { items.reserveCapacity(max(needed, items.capacity * 2)) }
    if position == oldCount {
      items.append(contentsOf: identifiers)
      if !itemPositions.fits(needed) {
        // Four times while small, where rehashing dominates (a 10,000-item build section by
        // section rehashes a third as much); doubling once large, where the fresh memory's
        // page faults cost more than the hashing saved.
        let growth = oldCount < 16_384 ? 4 : 2
        itemPositions.rebuild(for: items[0..<oldCount], capacity: max(needed, oldCount * growth))
      }
      if let offset = itemPositions.insert(positions: oldCount..<needed, of: items) {
        let duplicate = items[offset]
        items.removeLast(identifiers.count)
        reindexItems()
        throw .duplicateItem(duplicate)
      }
    } else {
      items.insert(contentsOf: identifiers, at: position)
      if let duplicate = itemPositions.rebuildFindingDuplicate(for: items) {
        items.removeSubrange(position..<(position + identifiers.count))
        reindexItems()
        throw .duplicateItem(duplicate)
      }
    }
    for index in sectionIndex..<sectionEnds.count { sectionEnds[index] += identifiers.count }
  }

  @inlinable mutating func moveItem(_ item: ItemID, nextTo destination: ItemID, after: Bool)
    throws(SnapshotError<SectionID, ItemID>)
  {
    guard let from = position(of: item) else { throw .itemNotFound(item) }
    guard var anchor = position(of: destination) else { throw .itemNotFound(destination) }
    guard from != anchor else { return }
    let fromSection = sectionIndex(containingPosition: from)
    items.remove(at: from)
    for index in fromSection..<sectionEnds.count { sectionEnds[index] -= 1 }
    if anchor > from { anchor -= 1 }
    let toSection = sectionIndex(containingPosition: anchor)
    let to = after ? anchor + 1 : anchor
    items.insert(item, at: to)
    for index in toSection..<sectionEnds.count { sectionEnds[index] += 1 }
    reindexItems()
  }
}

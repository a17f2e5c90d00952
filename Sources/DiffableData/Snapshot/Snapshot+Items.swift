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
  public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil)
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
  public mutating func insertItems(_ identifiers: [ItemID], beforeItem item: ItemID)
    throws(SnapshotError<SectionID, ItemID>)
  {
    guard let position = itemPositions[item] else { throw .itemNotFound(item) }
    try insertItems(
      identifiers, at: position, sectionIndex: sectionIndex(containingPosition: position))
  }

  /// Inserts items just after `item`, in its section. O(n).
  ///
  /// - Throws: as ``insertItems(_:beforeItem:)``.
  public mutating func insertItems(_ identifiers: [ItemID], afterItem item: ItemID)
    throws(SnapshotError<SectionID, ItemID>)
  {
    guard let position = itemPositions[item] else { throw .itemNotFound(item) }
    try insertItems(
      identifiers, at: position + 1, sectionIndex: sectionIndex(containingPosition: position))
  }

  /// Deletes items. Absent identifiers are ignored. O(n + k log k) for k deleted items.
  public mutating func deleteItems(_ identifiers: [ItemID]) {
    var removed: [Int] = []
    removed.reserveCapacity(identifiers.count)
    for identifier in identifiers {
      guard let position = itemPositions.removeValue(forKey: identifier) else { continue }
      removed.append(position)
      reloadedItemMarks.remove(identifier)
      reconfiguredItemMarks.remove(identifier)
    }
    guard !removed.isEmpty else { return }
    removed.sort()
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
    next = 0
    for index in sectionEnds.indices {
      while next < removed.count && removed[next] < sectionEnds[index] { next += 1 }
      sectionEnds[index] -= next
    }
    reindexItems(from: removed[0])
  }

  /// Deletes every item and every section, as UIKit's `deleteAllItems()` does.
  public mutating func deleteAllItems() {
    self = Snapshot()
  }

  /// Moves `item` to just before `destination`, into its section. Moving an item before itself
  /// is a no-op. Reload marks travel with the item. O(n).
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` naming whichever of the two is absent.
  public mutating func moveItem(_ item: ItemID, beforeItem destination: ItemID)
    throws(SnapshotError<SectionID, ItemID>)
  {
    try moveItem(item, nextTo: destination, after: false)
  }

  /// Moves `item` to just after `destination`, into its section. Moving an item after itself
  /// is a no-op. Reload marks travel with the item. O(n).
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` naming whichever of the two is absent.
  public mutating func moveItem(_ item: ItemID, afterItem destination: ItemID)
    throws(SnapshotError<SectionID, ItemID>)
  {
    try moveItem(item, nextTo: destination, after: true)
  }

  // MARK: Helpers

  /// Inserts `identifiers` at offset `position`, inside the section at `sectionIndex`.
  ///
  /// Each identifier is hashed once: `updateValue` both detects a duplicate and records the
  /// new position; on a duplicate the keys written so far are taken back.
  private mutating func insertItems(
    _ identifiers: [ItemID], at position: Int, sectionIndex: Int
  ) throws(SnapshotError<SectionID, ItemID>) {
    let needed = items.count + identifiers.count
    if needed > items.capacity { items.reserveCapacity(max(needed, items.capacity * 2)) }
    if needed > itemPositions.capacity {
      itemPositions.reserveCapacity(max(needed, itemPositions.capacity * 2))
    }
    for (offset, identifier) in identifiers.enumerated() {
      if let previous = itemPositions.updateValue(position + offset, forKey: identifier) {
        itemPositions[identifier] = previous
        // When the duplicate is repeated within this call, its first copy is among the keys
        // taken back here, so the restore above is undone too.
        for written in identifiers[0..<offset] { itemPositions.removeValue(forKey: written) }
        throw .duplicateItem(identifier)
      }
    }
    if position == items.count {
      items.append(contentsOf: identifiers)
    } else {
      items.insert(contentsOf: identifiers, at: position)
    }
    for index in sectionIndex..<sectionEnds.count { sectionEnds[index] += identifiers.count }
    if position + identifiers.count < items.count {
      reindexItems(from: position + identifiers.count)
    }
  }

  private mutating func moveItem(_ item: ItemID, nextTo destination: ItemID, after: Bool)
    throws(SnapshotError<SectionID, ItemID>)
  {
    guard let from = itemPositions[item] else { throw .itemNotFound(item) }
    guard var anchor = itemPositions[destination] else { throw .itemNotFound(destination) }
    guard from != anchor else { return }
    let fromSection = sectionIndex(containingPosition: from)
    items.remove(at: from)
    for index in fromSection..<sectionEnds.count { sectionEnds[index] -= 1 }
    if anchor > from { anchor -= 1 }
    let toSection = sectionIndex(containingPosition: anchor)
    let to = after ? anchor + 1 : anchor
    items.insert(item, at: to)
    for index in toSection..<sectionEnds.count { sectionEnds[index] += 1 }
    reindexItems(from: min(from, to))
  }
}

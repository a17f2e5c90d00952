extension SectionSnapshot {
  /// Appends items as the last children of `parent`, or as the last roots when `parent` is nil.
  /// O(n).
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` when `parent` is absent,
  ///   ``SectionSnapshotError/duplicateItem(_:)`` naming the first identifier already held or
  ///   repeated in `items`.
  @inlinable public mutating func append(_ items: [ItemID], to parent: ItemID? = nil)
    throws(SectionSnapshotError<ItemID>)
  {
    try append(Self.flat(items), to: parent)
  }

  /// Inserts items as siblings just before `item`. O(n).
  ///
  /// - Throws: as ``append(_:to:)-([ItemID],_)``, with `item` in place of the parent.
  @inlinable public mutating func insert(_ items: [ItemID], before item: ItemID)
    throws(SectionSnapshotError<ItemID>)
  {
    try insert(Self.flat(items), before: item)
  }

  /// Inserts items as siblings just after `item` (after its descendants). O(n).
  ///
  /// - Throws: as ``append(_:to:)-([ItemID],_)``, with `item` in place of the parent.
  @inlinable public mutating func insert(_ items: [ItemID], after item: ItemID)
    throws(SectionSnapshotError<ItemID>)
  {
    try insert(Self.flat(items), after: item)
  }

  /// Appends the trees of `snapshot`, with their expansion, under `parent` (or as roots).
  ///
  /// - Throws: as ``append(_:to:)``.
  @inlinable public mutating func append(_ snapshot: SectionSnapshot, to parent: ItemID? = nil)
    throws(SectionSnapshotError<ItemID>)
  {
    guard let parent else {
      try validateNew(snapshot.order, replacing: 0..<0)
      insertTrees(snapshot, at: order.count, baseLevel: 0, parent: nil)
      return
    }
    guard let position = positions[parent] else { throw .itemNotFound(parent) }
    try validateNew(snapshot.order, replacing: 0..<0)
    insertTrees(snapshot, at: subtreeEnd(position), baseLevel: levels[position] + 1, parent: parent)
  }

  /// Inserts the trees of `snapshot` as siblings just before `item`.
  ///
  /// - Throws: as ``append(_:to:)-(SectionSnapshot,_)``, with `item` in place of the parent.
  @inlinable public mutating func insert(_ snapshot: SectionSnapshot, before item: ItemID)
    throws(SectionSnapshotError<ItemID>)
  {
    guard let position = positions[item] else { throw .itemNotFound(item) }
    try validateNew(snapshot.order, replacing: 0..<0)
    insertTrees(snapshot, at: position, baseLevel: levels[position], parent: parents[item])
  }

  /// Inserts the trees of `snapshot` as siblings just after `item` and its descendants.
  ///
  /// - Throws: as ``append(_:to:)-(SectionSnapshot,_)``, with `item` in place of the parent.
  @inlinable public mutating func insert(_ snapshot: SectionSnapshot, after item: ItemID)
    throws(SectionSnapshotError<ItemID>)
  {
    guard let position = positions[item] else { throw .itemNotFound(item) }
    try validateNew(snapshot.order, replacing: 0..<0)
    insertTrees(
      snapshot, at: subtreeEnd(position), baseLevel: levels[position], parent: parents[item])
  }

  /// Deletes items with all their descendants. Absent identifiers are ignored. O(n).
  @inlinable public mutating func delete(_ items: [ItemID]) {
    var doomed = [Bool](repeating: false, count: order.count)
    var first = order.count
    for item in items {
      guard let position = positions[item], !doomed[position] else { continue }
      for index in position..<subtreeEnd(position) { doomed[index] = true }
      first = min(first, position)
    }
    guard first < order.count else { return }
    var write = first
    for read in first..<order.count {
      if doomed[read] {
        forget(order[read])
      } else {
        order[write] = order[read]
        levels[write] = levels[read]
        write += 1
      }
    }
    order.removeLast(order.count - write)
    levels.removeLast(levels.count - write)
    reindex(from: first)
  }

  /// Deletes every item.
  @inlinable public mutating func deleteAll() {
    self = SectionSnapshot()
  }

  /// Replaces the descendants of `parent` with the trees of `snapshot`, keeping `parent`
  /// itself and its expansion. Items of the old subtree may come back in `snapshot`. O(n).
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` when `parent` is absent,
  ///   ``SectionSnapshotError/duplicateItem(_:)`` when `snapshot` holds an item found outside
  ///   the replaced subtree.
  @inlinable public mutating func replace(
    childrenOf parent: ItemID, using snapshot: SectionSnapshot
  )
    throws(SectionSnapshotError<ItemID>)
  {
    guard let position = positions[parent] else { throw .itemNotFound(parent) }
    let children = (position + 1)..<subtreeEnd(position)
    try validateNew(snapshot.order, replacing: children)
    for item in order[children] { forget(item) }
    order.removeSubrange(children)
    levels.removeSubrange(children)
    insertTrees(snapshot, at: position + 1, baseLevel: levels[position] + 1, parent: parent)
  }

  /// The subtree under `parent` as its own section snapshot, levels counted from its top, with
  /// its expansion. With `includingParent`, `parent` is the single root.
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` when `parent` is absent.
  @inlinable public func snapshot(of parent: ItemID, includingParent: Bool = false)
    throws(SectionSnapshotError<ItemID>) -> SectionSnapshot
  {
    guard let position = positions[parent] else { throw .itemNotFound(parent) }
    let range = (includingParent ? position : position + 1)..<subtreeEnd(position)
    let base = includingParent ? levels[position] : levels[position] + 1
    var result = SectionSnapshot()
    result.order = Array(order[range])
    result.levels = levels[range].map { $0 - base }
    for (offset, item) in result.order.enumerated() {
      result.positions[item] = offset
      if result.levels[offset] > 0, let itemParent = parents[item] {
        result.parents[item] = itemParent
      }
      if expandedItems.contains(item) { result.expandedItems.insert(item) }
    }
    return result
  }

  // MARK: Helpers

  /// A section snapshot of `items` as roots, or the first repeated identifier.
  @inlinable static func flat(_ items: [ItemID]) throws(SectionSnapshotError<ItemID>)
    -> SectionSnapshot
  {
    var result = SectionSnapshot()
    result.positions.reserveCapacity(items.count)
    for (offset, item) in items.enumerated() {
      guard result.positions.updateValue(offset, forKey: item) == nil else {
        throw .duplicateItem(item)
      }
    }
    result.order = items
    result.levels = [Int](repeating: 0, count: items.count)
    return result
  }

  /// Throws for the first of `items` already held outside the positions in `replacing`.
  @inlinable func validateNew(_ items: [ItemID], replacing: Range<Int>)
    throws(SectionSnapshotError<ItemID>)
  {
    for item in items {
      if let position = positions[item], !replacing.contains(position) {
        throw .duplicateItem(item)
      }
    }
  }

  /// Inserts the trees of `trees` at `position`, its roots at `baseLevel` under `parent`.
  /// The caller has checked that none of its items is held already.
  @inlinable mutating func insertTrees(
    _ trees: SectionSnapshot, at position: Int, baseLevel: Int, parent: ItemID?
  ) {
    order.insert(contentsOf: trees.order, at: position)
    levels.insert(contentsOf: trees.levels.map { $0 + baseLevel }, at: position)
    for (item, level) in zip(trees.order, trees.levels) {
      if level > 0, let treeParent = trees.parents[item] {
        parents[item] = treeParent
      } else if let parent {
        parents[item] = parent
      }
    }
    expandedItems.formUnion(trees.expandedItems)
    reindex(from: position)
  }

  /// Drops every index entry and mark of `item`.
  @inlinable mutating func forget(_ item: ItemID) {
    positions.removeValue(forKey: item)
    parents.removeValue(forKey: item)
    expandedItems.remove(item)
  }
}

extension Snapshot {
  /// The snapshot of the items at `positions` alone, in their sections and order: what a
  /// filter leaves of this one. Sections left with no item are dropped; nothing is marked
  /// reloaded or reconfigured.
  ///
  /// `positions` are offsets in ``itemIdentifiers``, ascending; any other is ignored. No
  /// identifier is hashed or compared (the index keeps each item's hash), which is what
  /// makes narrowing 100,000 items to 75,000 cheap: O(items + kept + sections).
  @inlinable public func keepingItems(atPositions positions: [Int]) -> Snapshot {
    var previous = -1
    let ascending = positions.allSatisfy { position in
      defer { previous = position }
      return position > previous && position < items.count
    }
    previous = -1
    let positions =
      ascending
      ? positions
      : positions.filter { position in
        guard position > previous && position < items.count else { return false }
        previous = position
        return true
      }
    var kept = Snapshot()
    kept.items = items.withUnsafeBufferPointer { items in positions.map { items[$0] } }
    var cursor = 0
    for (index, section) in sections.enumerated() {
      let end = sectionEnds[index]
      while cursor < positions.count && positions[cursor] < end { cursor += 1 }
      if cursor > (kept.sectionEnds.last ?? 0) {
        kept.sectionPositions[section] = kept.sections.count
        kept.sections.append(section)
        kept.sectionEnds.append(cursor)
      }
    }
    kept.itemPositions = itemPositions.keeping(positions: positions)
    return kept
  }
}

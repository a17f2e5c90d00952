extension Snapshot {
  /// Appends empty sections at the end. O(k) for k sections.
  ///
  /// - Throws: ``SnapshotError/duplicateSection(_:)`` naming the first identifier already in
  ///   the snapshot or repeated in `identifiers`; nothing is appended then.
  @inlinable public mutating func appendSections(_ identifiers: [SectionID]) throws(SnapshotError<
    SectionID, ItemID
  >) {
    try insertSections(identifiers, at: sections.count)
  }

  /// Inserts empty sections just before `section`. O(sections).
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)`` when `section` is absent,
  ///   ``SnapshotError/duplicateSection(_:)`` as for ``appendSections(_:)``.
  @inlinable public mutating func insertSections(
    _ identifiers: [SectionID], beforeSection section: SectionID
  )
    throws(SnapshotError<SectionID, ItemID>)
  {
    guard let index = sectionPositions[section] else { throw .sectionNotFound(section) }
    try insertSections(identifiers, at: index)
  }

  /// Inserts empty sections just after `section`. O(sections).
  ///
  /// - Throws: as ``insertSections(_:beforeSection:)``.
  @inlinable public mutating func insertSections(
    _ identifiers: [SectionID], afterSection section: SectionID
  )
    throws(SnapshotError<SectionID, ItemID>)
  {
    guard let index = sectionPositions[section] else { throw .sectionNotFound(section) }
    try insertSections(identifiers, at: index + 1)
  }

  /// Deletes sections with all their items. Absent identifiers are ignored. O(n).
  @inlinable public mutating func deleteSections(_ identifiers: [SectionID]) {
    var doomed = Set<Int>()
    for identifier in identifiers {
      if let index = sectionPositions[identifier] { doomed.insert(index) }
    }
    guard !doomed.isEmpty else { return }
    rearrangeSections(sections.indices.filter { !doomed.contains($0) })
  }

  /// Moves `section` with its items to just before `destination`. Moving a section before
  /// itself is a no-op. O(n).
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)`` naming whichever of the two is absent.
  @inlinable public mutating func moveSection(
    _ section: SectionID, beforeSection destination: SectionID
  )
    throws(SnapshotError<SectionID, ItemID>)
  {
    try moveSection(section, nextTo: destination, after: false)
  }

  /// Moves `section` with its items to just after `destination`. Moving a section after
  /// itself is a no-op. O(n).
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)`` naming whichever of the two is absent.
  @inlinable public mutating func moveSection(
    _ section: SectionID, afterSection destination: SectionID
  )
    throws(SnapshotError<SectionID, ItemID>)
  {
    try moveSection(section, nextTo: destination, after: true)
  }

  /// Marks sections to be reloaded: the next difference lists them in
  /// ``SnapshotDifference/reloadedSections``. Marks do not change equality of contents.
  ///
  /// - Throws: ``SnapshotError/sectionNotFound(_:)`` naming the first absent identifier;
  ///   nothing is marked then.
  @inlinable public mutating func reloadSections(_ identifiers: [SectionID]) throws(SnapshotError<
    SectionID, ItemID
  >) {
    for identifier in identifiers where sectionPositions[identifier] == nil {
      throw .sectionNotFound(identifier)
    }
    reloadedSectionMarks.formUnion(identifiers)
  }

  /// The sections marked by ``reloadSections(_:)``, in display order.
  @inlinable public var reloadedSectionIdentifiers: [SectionID] {
    sections.filter { reloadedSectionMarks.contains($0) }
  }

  // MARK: Helpers

  @inlinable mutating func insertSections(_ identifiers: [SectionID], at index: Int)
    throws(SnapshotError<SectionID, ItemID>)
  {
    var seen = Set<SectionID>(minimumCapacity: identifiers.count)
    for identifier in identifiers {
      if sectionPositions[identifier] != nil || !seen.insert(identifier).inserted {
        throw .duplicateSection(identifier)
      }
    }
    let start = sectionStart(index)
    sections.insert(contentsOf: identifiers, at: index)
    sectionEnds.insert(contentsOf: repeatElement(start, count: identifiers.count), at: index)
    if index + identifiers.count == sections.count {
      for (offset, identifier) in identifiers.enumerated() {
        sectionPositions[identifier] = index + offset
      }
    } else {
      reindexSections()
    }
  }

  @inlinable mutating func moveSection(
    _ section: SectionID, nextTo destination: SectionID, after: Bool
  )
    throws(SnapshotError<SectionID, ItemID>)
  {
    guard let from = sectionPositions[section] else { throw .sectionNotFound(section) }
    guard let anchor = sectionPositions[destination] else { throw .sectionNotFound(destination) }
    guard from != anchor else { return }
    var order = sections.indices.filter { $0 != from }
    let anchorSlot = anchor < from ? anchor : anchor - 1
    order.insert(from, at: after ? anchorSlot + 1 : anchorSlot)
    rearrangeSections(order)
  }

  /// Keeps the sections at `order` (old indices), in that order, each with its items; drops
  /// the other sections and their items. O(n).
  @inlinable mutating func rearrangeSections(_ order: [Int]) {
    let kept = Set(order)
    for index in sections.indices where !kept.contains(index) {
      for item in items[sectionStart(index)..<sectionEnds[index]] {
        reloadedItemMarks.remove(item)
        reconfiguredItemMarks.remove(item)
      }
      sectionPositions.removeValue(forKey: sections[index])
      reloadedSectionMarks.remove(sections[index])
    }
    // Items before the first section that changes place stay where they are.
    var unchanged = 0
    while unchanged < order.count && order[unchanged] == unchanged { unchanged += 1 }
    var newSections = Array(sections[0..<unchanged])
    var newEnds = Array(sectionEnds[0..<unchanged])
    var newItems = Array(items[0..<sectionStart(unchanged)])
    newSections.reserveCapacity(order.count)
    newItems.reserveCapacity(items.count)
    for index in order[unchanged...] {
      newSections.append(sections[index])
      newItems.append(contentsOf: items[sectionStart(index)..<sectionEnds[index]])
      newEnds.append(newItems.count)
    }
    sections = newSections
    sectionEnds = newEnds
    items = newItems
    reindexSections()
    reindexItems()
  }
}

extension Snapshot {
  /// Marks items to be reloaded (their content changed; the view rebuilds them): the next
  /// difference lists them in ``SnapshotDifference/reloadedItems``.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` naming the first absent identifier; nothing
  ///   is marked then.
  @inlinable public mutating func reloadItems(_ identifiers: [ItemID]) throws(SnapshotError<
    SectionID, ItemID
  >) {
    for identifier in identifiers where position(of: identifier) == nil {
      throw .itemNotFound(identifier)
    }
    reloadedItemMarks.formUnion(identifiers)
  }

  /// Marks items to be reconfigured (updated in place, keeping their cell): the next
  /// difference lists them in ``SnapshotDifference/reconfiguredItems``.
  ///
  /// - Throws: ``SnapshotError/itemNotFound(_:)`` naming the first absent identifier; nothing
  ///   is marked then.
  @inlinable public mutating func reconfigureItems(_ identifiers: [ItemID]) throws(SnapshotError<
    SectionID, ItemID
  >) {
    for identifier in identifiers where position(of: identifier) == nil {
      throw .itemNotFound(identifier)
    }
    reconfiguredItemMarks.formUnion(identifiers)
  }

  /// The items marked by ``reloadItems(_:)``, in display order. O(k log k).
  @inlinable public var reloadedItemIdentifiers: [ItemID] { inDisplayOrder(reloadedItemMarks) }

  /// The items marked by ``reconfigureItems(_:)``, in display order. O(k log k).
  @inlinable public var reconfiguredItemIdentifiers: [ItemID] {
    inDisplayOrder(reconfiguredItemMarks)
  }

  /// Removes every reload and reconfigure mark, as applying a snapshot does.
  @inlinable public mutating func clearReloadMarks() {
    reloadedItemMarks.removeAll()
    reconfiguredItemMarks.removeAll()
    reloadedSectionMarks.removeAll()
  }

  @inlinable func inDisplayOrder(_ marks: Set<ItemID>) -> [ItemID] {
    marks.compactMap { item in position(of: item).map { ($0, item) } }
      .sorted { $0.0 < $1.0 }
      .map(\.1)
  }
}

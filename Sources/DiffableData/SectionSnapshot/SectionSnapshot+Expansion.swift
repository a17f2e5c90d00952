extension SectionSnapshot {
  /// Marks items expanded, so their children show in ``visibleItems`` when they are visible
  /// themselves. Expanding an expanded item is a no-op.
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` naming the first absent identifier;
  ///   nothing changes then.
  @inlinable public mutating func expand(_ items: [ItemID]) throws(SectionSnapshotError<ItemID>) {
    for item in items where positions[item] == nil { throw .itemNotFound(item) }
    expandedItems.formUnion(items)
  }

  /// Marks items collapsed, hiding their descendants from ``visibleItems``. Collapsing a
  /// collapsed item is a no-op.
  ///
  /// - Throws: ``SectionSnapshotError/itemNotFound(_:)`` naming the first absent identifier;
  ///   nothing changes then.
  @inlinable public mutating func collapse(_ items: [ItemID]) throws(SectionSnapshotError<ItemID>) {
    for item in items where positions[item] == nil { throw .itemNotFound(item) }
    expandedItems.subtract(items)
  }
}

/// Keeps what a view shows (a snapshot, plus a section snapshot for sections given one) and
/// answers each update with the difference to replay, like UIKit's diffable data sources
/// without the view.
///
/// A value: the application keeps it in its state and passes each difference to the view.
/// For a section with a section snapshot, the snapshot holds only its visible items (children
/// of collapsed parents are left out), as in UIKit.
public struct DiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  Sendable
{
  @usableFromInline var current: Snapshot<SectionID, ItemID>
  @usableFromInline var sectionSnapshots: [SectionID: SectionSnapshot<ItemID>] = [:]

  /// Creates a data source showing `snapshot` (empty by default).
  @inlinable public init(snapshot: Snapshot<SectionID, ItemID> = Snapshot()) {
    var snapshot = snapshot
    snapshot.clearReloadMarks()
    current = snapshot
  }

  /// The snapshot shown now, without reload marks.
  @inlinable public func snapshot() -> Snapshot<SectionID, ItemID> { current }

  /// The section snapshot of `section`: the one applied to it if its visible items still
  /// match what is shown, else its shown items as roots. Nil when the section is not shown.
  @inlinable public func snapshot(for section: SectionID) -> SectionSnapshot<ItemID>? {
    guard current.contains(section: section) else { return nil }
    if let stored = sectionSnapshots[section] { return stored }
    var flat = SectionSnapshot<ItemID>()
    // Items of a snapshot are unique, so appending them as roots cannot fail.
    try? flat.append(current.itemIdentifiers(inSection: section))
    return flat
  }

  /// The item shown at `indexPath`, or nil.
  @inlinable public func itemIdentifier(for indexPath: SnapshotIndexPath) -> ItemID? {
    current.itemIdentifier(at: indexPath)
  }

  /// Where `item` is shown, or nil.
  @inlinable public func indexPath(for item: ItemID) -> SnapshotIndexPath? {
    current.indexPath(for: item)
  }

  /// The section shown at `index`, or nil.
  @inlinable public func sectionIdentifier(for index: Int) -> SectionID? {
    current.sections.indices.contains(index) ? current.sections[index] : nil
  }

  /// Shows `snapshot` and returns the difference from what was shown. O(n + m).
  ///
  /// Section snapshots are kept for sections whose shown items are unchanged; a section
  /// whose items changed through a plain snapshot loses its hierarchy (its items become
  /// roots), since the plain snapshot does not say where they belong.
  @discardableResult
  @inlinable public mutating func apply(_ snapshot: Snapshot<SectionID, ItemID>)
    -> SnapshotDifference
  {
    let difference = snapshot.difference(from: current)
    for (section, stored) in sectionSnapshots where !keeps(stored, in: section, of: snapshot) {
      sectionSnapshots.removeValue(forKey: section)
    }
    current = snapshot
    current.clearReloadMarks()
    return difference
  }

  /// Whether `stored` still describes `section` of `snapshot`: the section is there with the
  /// same visible items, and none of its hidden items shows up elsewhere.
  @inlinable func keeps(
    _ stored: SectionSnapshot<ItemID>, in section: SectionID,
    of snapshot: Snapshot<SectionID, ItemID>
  ) -> Bool {
    guard snapshot.contains(section: section),
      stored.visibleItems == snapshot.itemIdentifiers(inSection: section)
    else { return false }
    return stored.items.allSatisfy { item in
      snapshot.sectionIdentifier(containingItem: item).map { $0 == section } ?? true
    }
  }

  /// Shows `sectionSnapshot` as the items of `section` (its visible items), leaving the other
  /// sections untouched, and returns the difference. A section not shown yet is appended at
  /// the end, as UIKit does. O(n + m).
  ///
  /// - Throws: ``SnapshotError/duplicateItem(_:)`` when an item of `sectionSnapshot` (shown or
  ///   not) belongs to another section; nothing changes then.
  @discardableResult
  @inlinable public mutating func apply(
    _ sectionSnapshot: SectionSnapshot<ItemID>, to section: SectionID
  )
    throws(SnapshotError<SectionID, ItemID>) -> SnapshotDifference
  {
    for (other, stored) in sectionSnapshots where other != section {
      for item in sectionSnapshot.items where stored.contains(item) {
        throw .duplicateItem(item)
      }
    }
    for item in sectionSnapshot.items {
      if let owner = current.sectionIdentifier(containingItem: item), owner != section {
        throw .duplicateItem(item)
      }
    }
    var next = current
    if next.contains(section: section) {
      next.deleteItems(next.itemIdentifiers(inSection: section))
    } else {
      try next.appendSections([section])
    }
    try next.appendItems(sectionSnapshot.visibleItems, toSection: section)
    let difference = next.difference(from: current)
    current = next
    sectionSnapshots[section] = sectionSnapshot
    return difference
  }
}

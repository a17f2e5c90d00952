/// The sections and items of a collection at one moment, by identifier, as in UIKit's
/// `NSDiffableDataSourceSnapshot`.
///
/// Items sit in one contiguous array in display order, with each section's end offset beside
/// it and a compact hash index from identifier to position, so lookups (`indexOfItem`,
/// `sectionIdentifier(containingItem:)`) cost one hash plus a binary search over sections.
/// Appending items after the last non-empty section costs O(k) for k items, hashing each
/// once; inserting, deleting or moving elsewhere costs O(n), rehashing every item once.
///
/// Identifiers must be unique across the whole snapshot. Adding one twice throws
/// ``SnapshotError/duplicateItem(_:)`` (UIKit traps here). Every throwing call checks before
/// it changes anything, so after a throw the snapshot is as it was. Removing an identifier
/// that is absent is a no-op (the outcome, "not present", already holds); every other call
/// that names an absent identifier throws ``SnapshotError/itemNotFound(_:)`` or
/// ``SnapshotError/sectionNotFound(_:)``.
public struct Snapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// Section identifiers in display order.
  @usableFromInline var sections: [SectionID] = []
  /// Position of each section in `sections`.
  @usableFromInline var sectionPositions: [SectionID: Int] = [:]
  /// For each section, the offset in `items` just past its last item.
  @usableFromInline var sectionEnds: [Int] = []
  /// All items, section after section.
  @usableFromInline var items: [ItemID] = []
  /// Position of each item in `items`.
  @usableFromInline var itemPositions = ItemPositionTable()

  @usableFromInline var reloadedItemMarks: Set<ItemID> = []
  @usableFromInline var reconfiguredItemMarks: Set<ItemID> = []
  @usableFromInline var reloadedSectionMarks: Set<SectionID> = []

  /// Creates an empty snapshot.
  @inlinable public init() {}

  // MARK: Counts and identifiers

  /// The number of sections.
  @inlinable public var numberOfSections: Int { sections.count }

  /// The number of items in all sections.
  @inlinable public var numberOfItems: Int { items.count }

  /// The number of items in `section`, or 0 when the snapshot does not hold it.
  @inlinable public func numberOfItems(inSection section: SectionID) -> Int {
    guard let index = sectionPositions[section] else { return 0 }
    return sectionEnds[index] - sectionStart(index)
  }

  /// The section identifiers in display order.
  @inlinable public var sectionIdentifiers: [SectionID] { sections }

  /// All item identifiers, section after section.
  @inlinable public var itemIdentifiers: [ItemID] { items }

  /// The item identifiers of `section` in order, or an empty array when the snapshot does not
  /// hold it. O(k) for the k items copied.
  @inlinable public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
    guard let index = sectionPositions[section] else { return [] }
    return Array(items[sectionStart(index)..<sectionEnds[index]])
  }

  /// The section that holds `item`, or nil. O(log sections).
  @inlinable public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
    guard let position = position(of: item) else { return nil }
    return sections[sectionIndex(containingPosition: position)]
  }

  /// The index of `item` in ``itemIdentifiers`` (across all sections), or nil.
  @inlinable public func indexOfItem(_ item: ItemID) -> Int? { position(of: item) }

  /// The index of `section` in ``sectionIdentifiers``, or nil.
  @inlinable public func indexOfSection(_ section: SectionID) -> Int? { sectionPositions[section] }

  /// Whether the snapshot holds `item`.
  @inlinable public func contains(item: ItemID) -> Bool { position(of: item) != nil }

  /// Whether the snapshot holds `section`.
  @inlinable public func contains(section: SectionID) -> Bool { sectionPositions[section] != nil }

  /// The section and in-section index of `item`, or nil. O(log sections).
  @inlinable public func indexPath(for item: ItemID) -> SnapshotIndexPath? {
    guard let position = position(of: item) else { return nil }
    let section = sectionIndex(containingPosition: position)
    return SnapshotIndexPath(item: position - sectionStart(section), section: section)
  }

  /// The item at `indexPath`, or nil when the path is out of range.
  @inlinable public func itemIdentifier(at indexPath: SnapshotIndexPath) -> ItemID? {
    guard sections.indices.contains(indexPath.section), indexPath.item >= 0 else { return nil }
    let position = sectionStart(indexPath.section) + indexPath.item
    return position < sectionEnds[indexPath.section] ? items[position] : nil
  }

  // MARK: Storage helpers

  /// The offset in `items` of the first item of the section at `index`.
  @inlinable func sectionStart(_ index: Int) -> Int { index == 0 ? 0 : sectionEnds[index - 1] }

  /// The index of the section whose range holds the item offset `position`.
  @inlinable func sectionIndex(containingPosition position: Int) -> Int {
    // The first section whose end lies past `position`; empty sections are skipped since
    // their end equals the previous end.
    var low = 0
    var high = sectionEnds.count - 1
    while low < high {
      let middle = (low + high) / 2
      if sectionEnds[middle] > position { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The offset of `item` in `items`, or nil.
  @inlinable func position(of item: ItemID) -> Int? {
    itemPositions.position(of: item, in: items)
  }

  /// Rebuilds the item index after offsets shifted. O(n), hashing each item once.
  @inlinable mutating func reindexItems() {
    itemPositions.rebuild(for: items, capacity: items.count)
  }

  /// Rewrites the position of every section.
  @inlinable mutating func reindexSections() {
    sectionPositions.removeAll(keepingCapacity: true)
    for (index, section) in sections.enumerated() { sectionPositions[section] = index }
  }
}

extension Snapshot: Equatable {
  /// Two snapshots are equal when they hold the same sections with the same items in the same
  /// order and the same reload and reconfigure marks.
  @inlinable public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
    lhs.sections == rhs.sections && lhs.sectionEnds == rhs.sectionEnds && lhs.items == rhs.items
      && lhs.reloadedItemMarks == rhs.reloadedItemMarks
      && lhs.reconfiguredItemMarks == rhs.reconfiguredItemMarks
      && lhs.reloadedSectionMarks == rhs.reloadedSectionMarks
  }
}

extension Snapshot: CustomStringConvertible {
  /// One line per section: its identifier, then its items.
  @inlinable public var description: String {
    var lines: [String] = []
    for (index, section) in sections.enumerated() {
      let names = items[sectionStart(index)..<sectionEnds[index]].map { "\($0)" }
      lines.append("\(section): \(names.joined(separator: " "))")
    }
    return lines.joined(separator: "\n")
  }
}

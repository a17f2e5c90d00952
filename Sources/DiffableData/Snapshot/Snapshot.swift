/// The sections and items of a collection at one moment, by identifier, as in UIKit's
/// `NSDiffableDataSourceSnapshot`.
///
/// Items sit in one contiguous array in display order, with each section's end offset beside
/// it and a dictionary from identifier to position, so lookups (`indexOfItem`,
/// `sectionIdentifier(containingItem:)`) cost one hash plus a binary search over sections.
/// Appending to the last section costs O(k) for k items, hashing each once; inserting,
/// deleting or moving elsewhere costs O(n) for the items after the change.
///
/// Identifiers must be unique across the whole snapshot. Adding one twice throws
/// ``SnapshotError/duplicateItem(_:)`` (UIKit traps here). Every throwing call checks before
/// it changes anything, so after a throw the snapshot is as it was. Removing an identifier
/// that is absent is a no-op (the outcome, "not present", already holds); every other call
/// that names an absent identifier throws ``SnapshotError/itemNotFound(_:)`` or
/// ``SnapshotError/sectionNotFound(_:)``.
public struct Snapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// Section identifiers in display order.
  var sections: [SectionID] = []
  /// Position of each section in `sections`.
  var sectionPositions: [SectionID: Int] = [:]
  /// For each section, the offset in `items` just past its last item.
  var sectionEnds: [Int] = []
  /// All items, section after section.
  var items: [ItemID] = []
  /// Position of each item in `items`.
  var itemPositions: [ItemID: Int] = [:]

  var reloadedItemMarks: Set<ItemID> = []
  var reconfiguredItemMarks: Set<ItemID> = []
  var reloadedSectionMarks: Set<SectionID> = []

  /// Creates an empty snapshot.
  public init() {}

  // MARK: Counts and identifiers

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The number of items in all sections.
  public var numberOfItems: Int { items.count }

  /// The number of items in `section`, or 0 when the snapshot does not hold it.
  public func numberOfItems(inSection section: SectionID) -> Int {
    guard let index = sectionPositions[section] else { return 0 }
    return sectionEnds[index] - sectionStart(index)
  }

  /// The section identifiers in display order.
  public var sectionIdentifiers: [SectionID] { sections }

  /// All item identifiers, section after section.
  public var itemIdentifiers: [ItemID] { items }

  /// The item identifiers of `section` in order, or an empty array when the snapshot does not
  /// hold it. O(k) for the k items copied.
  public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
    guard let index = sectionPositions[section] else { return [] }
    return Array(items[sectionStart(index)..<sectionEnds[index]])
  }

  /// The section that holds `item`, or nil. O(log sections).
  public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
    guard let position = itemPositions[item] else { return nil }
    return sections[sectionIndex(containingPosition: position)]
  }

  /// The index of `item` in ``itemIdentifiers`` (across all sections), or nil.
  public func indexOfItem(_ item: ItemID) -> Int? { itemPositions[item] }

  /// The index of `section` in ``sectionIdentifiers``, or nil.
  public func indexOfSection(_ section: SectionID) -> Int? { sectionPositions[section] }

  /// Whether the snapshot holds `item`.
  public func contains(item: ItemID) -> Bool { itemPositions[item] != nil }

  /// Whether the snapshot holds `section`.
  public func contains(section: SectionID) -> Bool { sectionPositions[section] != nil }

  /// The section and in-section index of `item`, or nil. O(log sections).
  public func indexPath(for item: ItemID) -> ItemIndexPath? {
    guard let position = itemPositions[item] else { return nil }
    let section = sectionIndex(containingPosition: position)
    return ItemIndexPath(item: position - sectionStart(section), section: section)
  }

  /// The item at `indexPath`, or nil when the path is out of range.
  public func itemIdentifier(at indexPath: ItemIndexPath) -> ItemID? {
    guard sections.indices.contains(indexPath.section), indexPath.item >= 0 else { return nil }
    let position = sectionStart(indexPath.section) + indexPath.item
    return position < sectionEnds[indexPath.section] ? items[position] : nil
  }

  // MARK: Storage helpers

  /// The offset in `items` of the first item of the section at `index`.
  func sectionStart(_ index: Int) -> Int { index == 0 ? 0 : sectionEnds[index - 1] }

  /// The index of the section whose range holds the item offset `position`.
  func sectionIndex(containingPosition position: Int) -> Int {
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

  /// Rewrites the position of every item from `start` to the end.
  mutating func reindexItems(from start: Int) {
    var position = start
    while position < items.count {
      itemPositions[items[position]] = position
      position += 1
    }
  }

  /// Rewrites the position of every section.
  mutating func reindexSections() {
    sectionPositions.removeAll(keepingCapacity: true)
    for (index, section) in sections.enumerated() { sectionPositions[section] = index }
  }
}

extension Snapshot: Equatable {
  /// Two snapshots are equal when they hold the same sections with the same items in the same
  /// order and the same reload and reconfigure marks.
  public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
    lhs.sections == rhs.sections && lhs.sectionEnds == rhs.sectionEnds && lhs.items == rhs.items
      && lhs.reloadedItemMarks == rhs.reloadedItemMarks
      && lhs.reconfiguredItemMarks == rhs.reconfiguredItemMarks
      && lhs.reloadedSectionMarks == rhs.reloadedSectionMarks
  }
}

extension Snapshot: CustomStringConvertible {
  /// One line per section: its identifier, then its items.
  public var description: String {
    var lines: [String] = []
    for (index, section) in sections.enumerated() {
      let names = items[sectionStart(index)..<sectionEnds[index]].map { "\($0)" }
      lines.append("\(section): \(names.joined(separator: " "))")
    }
    return lines.joined(separator: "\n")
  }
}

/// The items of one section as a tree that can expand and collapse, as in UIKit's
/// `NSDiffableDataSourceSectionSnapshot`.
///
/// Items are stored in depth-first order (a parent, then its children) with each one's level
/// beside it, so a subtree is a contiguous range. A dictionary maps each identifier to its
/// position, another to its parent. Queries cost O(1) except where noted; edits cost O(n) for
/// the items after the change. Parents start collapsed, as in UIKit.
///
/// Identifiers are unique within the section snapshot; adding one twice throws
/// ``SectionSnapshotError/duplicateItem(_:)``. Deleting an absent identifier is a no-op; every
/// other call naming an absent identifier throws ``SectionSnapshotError/itemNotFound(_:)``.
/// After a throw the section snapshot is as it was.
public struct SectionSnapshot<ItemID: Hashable & Sendable>: Sendable {
  /// All items, depth first.
  @usableFromInline var order: [ItemID] = []
  /// The level of each item in `order`: 0 for roots.
  @usableFromInline var levels: [Int] = []
  /// Position of each item in `order`.
  @usableFromInline var positions: [ItemID: Int] = [:]
  /// Parent of each item that has one.
  @usableFromInline var parents: [ItemID: ItemID] = [:]
  /// Items marked expanded, all present. Only parents' marks show, but a leaf keeps its mark
  /// for when children arrive.
  @usableFromInline var expandedItems: Set<ItemID> = []

  /// Creates an empty section snapshot.
  @inlinable public init() {}

  /// Every item, depth first (each parent followed by its descendants).
  @inlinable public var items: [ItemID] { order }

  /// The items without a parent, in order. O(n).
  @inlinable public var rootItems: [ItemID] {
    zip(order, levels).compactMap { $1 == 0 ? $0 : nil }
  }

  /// The items a view shows: every item whose ancestors are all expanded, depth first. O(n).
  @inlinable public var visibleItems: [ItemID] {
    var visible: [ItemID] = []
    visible.reserveCapacity(order.count)
    // Items deeper than `hiddenBelow` sit under a collapsed ancestor.
    var hiddenBelow = Int.max
    for (item, level) in zip(order, levels) {
      if level > hiddenBelow { continue }
      hiddenBelow = Int.max
      visible.append(item)
      if !expandedItems.contains(item) { hiddenBelow = level }
    }
    return visible
  }

  /// Whether the section snapshot holds `item`.
  @inlinable public func contains(_ item: ItemID) -> Bool { positions[item] != nil }

  /// The position of `item` in ``items``, or nil.
  @inlinable public func index(of item: ItemID) -> Int? { positions[item] }

  /// The depth of `item` (0 for a root), or nil when absent.
  @inlinable public func level(of item: ItemID) -> Int? { positions[item].map { levels[$0] } }

  /// The parent of `item`, or nil for a root or an absent item.
  @inlinable public func parent(of item: ItemID) -> ItemID? { parents[item] }

  /// The direct children of `parent` in order, or an empty array. O(size of its subtree).
  @inlinable public func children(of parent: ItemID) -> [ItemID] {
    guard let position = positions[parent] else { return [] }
    let childLevel = levels[position] + 1
    return (position + 1..<subtreeEnd(position)).compactMap {
      levels[$0] == childLevel ? order[$0] : nil
    }
  }

  /// Whether `item` is marked expanded (false when absent).
  @inlinable public func isExpanded(_ item: ItemID) -> Bool { expandedItems.contains(item) }

  /// Whether `item` is shown: present with every ancestor expanded. O(depth).
  @inlinable public func isVisible(_ item: ItemID) -> Bool {
    guard positions[item] != nil else { return false }
    var current = item
    while let parent = parents[current] {
      guard expandedItems.contains(parent) else { return false }
      current = parent
    }
    return true
  }

  /// An outline of the tree, one item a line, indented two spaces a level; parents carry
  /// `v` when expanded and `>` when collapsed, leaves `-`. Meant for tests and logs.
  @inlinable public func visualDescription() -> String {
    var lines: [String] = []
    for (position, item) in order.enumerated() {
      let hasChildren = position + 1 < levels.count && levels[position + 1] > levels[position]
      let marker = hasChildren ? (expandedItems.contains(item) ? "v" : ">") : "-"
      lines.append(String(repeating: "  ", count: levels[position]) + "\(marker) \(item)")
    }
    return lines.joined(separator: "\n")
  }

  // MARK: Storage helpers

  /// The position just past the subtree rooted at `position`.
  @inlinable func subtreeEnd(_ position: Int) -> Int {
    var end = position + 1
    while end < levels.count && levels[end] > levels[position] { end += 1 }
    return end
  }

  @inlinable mutating func reindex(from start: Int) {
    var position = start
    while position < order.count {
      positions[order[position]] = position
      position += 1
    }
  }
}

extension SectionSnapshot: Equatable {
  /// Equal when the trees hold the same items in the same places with the same expansion.
  @inlinable public static func == (lhs: SectionSnapshot, rhs: SectionSnapshot) -> Bool {
    lhs.order == rhs.order && lhs.levels == rhs.levels && lhs.expandedItems == rhs.expandedItems
  }
}

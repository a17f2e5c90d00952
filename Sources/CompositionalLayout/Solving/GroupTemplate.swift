/// A supplementary item placed on a slot, relative to the group's origin.
struct SlotSupplementary: Sendable {
  var elementKind: String
  var frame: CellRect
  var zIndex: Int
}

/// One leaf of a solved group: where one data item goes, relative to the group's origin.
struct Slot: Sendable {
  var frame: CellRect
  var zIndex: Int = 0
  var supplementaries: [SlotSupplementary] = []
  /// The leaf's own content insets, needed when a measured height replaces the frame's.
  var contentInsets: DirectionalEdgeInsets = .zero
  /// Whether the leaf's height is an estimate that a sizing callback may replace.
  var hasEstimatedHeight: Bool = false
}

/// A group solved once for a given size; every repetition of the group reuses it.
///
/// This is what makes fixed-stride sections O(1) to prepare: the k slots of the
/// template give the frame of item i as slot `i mod k` moved to group `i div k`.
struct GroupTemplate: Sendable {
  /// The group's own frame size.
  var size: CellSize
  /// The leaves in item order.
  var slots: [Slot]
  /// The union of all slot and supplementary frames (may reach outside `size`).
  var bounds: CellRect
  /// How the top-level group arranges its direct subitems.
  var isHorizontal: Bool
  /// Whether every direct subitem is a leaf (the measured, estimated-height path needs it).
  var directSubitemsAreLeaves: Bool
  /// The top-level group's insets and fixed spacing, for restacking measured heights.
  var contentInsets: DirectionalEdgeInsets
  var interItemSpacing: Int

  /// Solves `group` at `size` in cells.
  init(group: LayoutItem, size: CellSize, aspect: Double) {
    self.size = size
    var slots: [Slot] = []
    GroupSolver(aspect: aspect).place(
      group, in: CellRect(origin: .zero, size: size), into: &slots)
    self.slots = slots
    var bounds = CellRect(origin: .zero, size: size)
    for slot in slots {
      bounds = bounds.union(slot.frame)
      for supplementary in slot.supplementaries { bounds = bounds.union(supplementary.frame) }
    }
    self.bounds = bounds
    if case .vertical = group.body?.arrangement {
      isHorizontal = false
    } else {
      isHorizontal = true
    }
    directSubitemsAreLeaves =
      group.body.map { body in
        body.subitems.allSatisfy { $0.body == nil }
          && { if case .custom = body.arrangement { return false } else { return true } }()
      } ?? false
    contentInsets = group.contentInsets.nonNegative
    interItemSpacing = group.body?.interItemSpacing?.minimum ?? 0
    // A group estimated along an axis is as long as its content there (UIKit's rule).
    if group.layoutSize.heightDimension.isEstimated, !slots.isEmpty {
      self.size.height =
        max(0, slots.map { $0.frame.maxY + $0.contentInsets.bottom }.max() ?? 0)
        + contentInsets.bottom
    }
    if group.layoutSize.widthDimension.isEstimated, !slots.isEmpty {
      self.size.width =
        max(0, slots.map { $0.frame.maxX + $0.contentInsets.trailing }.max() ?? 0)
        + contentInsets.trailing
    }
    self.bounds = self.bounds.union(CellRect(origin: .zero, size: self.size))
  }
}

extension CellRect {
  /// The smallest rectangle holding both; an empty rectangle adds nothing.
  func union(_ other: CellRect) -> CellRect {
    if other.isEmpty { return self }
    if isEmpty { return other }
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    let x1 = Swift.max(maxX, other.maxX)
    let y1 = Swift.max(maxY, other.maxY)
    return CellRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

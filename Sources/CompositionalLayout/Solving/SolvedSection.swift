/// A boundary item with its frame resolved.
struct PlacedBoundaryItem: Sendable {
  var index: Int
  var elementKind: String
  var frame: CellRect
  var zIndex: Int
  var pins: Bool
  var isTop: Bool
}

/// Heights measured through a sizing callback, with prefix sums over the groups.
struct MeasuredGroups: Sendable {
  /// The top of each group relative to the section's content top; one extra entry past
  /// the last group (its top plus height plus spacing), so lookups binary search this.
  var groupOffsets: [Int]
  /// Each item's measured content height.
  var itemHeights: [Int32]
}

/// One solved section: everything needed to answer queries about its items in O(1)
/// (fixed stride) or O(log n) (measured heights), without per-item storage for the former.
public struct SolvedSection: Sendable {
  public let index: Int
  public let itemCount: Int
  /// The whole section in content coordinates: headers, insets, groups and footers.
  public internal(set) var frame: CellRect
  /// The rows holding the section's groups (the visible row for an orthogonal section).
  public internal(set) var contentFrame: CellRect
  public let orthogonalScrollingBehavior: OrthogonalScrollingBehavior
  /// The scrollable width of an orthogonal section (0 for other sections).
  public let orthogonalContentWidth: Int
  /// The width an orthogonal section shows at once: its page width.
  public let visibleWidth: Int
  /// The container the section's top-level group resolved against: the layout's width
  /// and height, with the section's content insets.
  public internal(set) var container: LayoutContainer
  /// The size of one repetition of the top-level group (fixed-stride sections).
  public internal(set) var groupSize: CellSize
  public let groupCount: Int
  /// Items per repetition of the top-level group.
  public let itemsPerGroup: Int
  /// The slots of its group a packed section takes, on the rows it shares with its
  /// neighbours (`SectionPacking.besideNeighbours`); nil for a section of the whole width.
  public let packedSlots: Range<Int>?

  let template: GroupTemplate
  /// Group-to-group distance along the section's axis (group extent plus spacing).
  let stride: Int
  let spacing: Int
  /// The origin of group 0. For orthogonal sections x is in the unscrolled row.
  let firstGroupOrigin: CellPoint
  let measured: MeasuredGroups?
  let boundaryItems: [PlacedBoundaryItem]
  let decorations: [(index: Int, item: DecorationItem, frame: CellRect)]

  /// Whether the section scrolls on its own.
  public var isOrthogonal: Bool { orthogonalScrollingBehavior != .none }

  /// Whether the section shares its rows with its neighbours, as wide as its items.
  public var isPacked: Bool { packedSlots != nil }

  /// The slot of the first group that holds item 0: a packed section's first slot.
  var firstSlot: Int { packedSlots?.lowerBound ?? 0 }

  /// The largest offset an orthogonal section can scroll to.
  public var maximumOrthogonalOffset: Int { max(0, orthogonalContentWidth - visibleWidth) }
}

/// Where one element of the layout sits, as `attributes(in:orthogonalOffsets:)` returns it.
public struct LayoutAttributes: Hashable, Sendable {
  /// What the element is.
  public enum Category: Hashable, Sendable {
    /// A data item.
    case item
    /// A header, footer or badge of the given element kind.
    case supplementary(String)
    /// A decoration (such as a section background) of the given element kind.
    case decoration(String)
  }

  /// The item's path; for supplementary and decoration elements the section and the
  /// element's position (the anchoring item for badges, the boundary item's index in
  /// `boundarySupplementaryItems` for headers and footers, the index in
  /// `decorationItems` for decorations). Layout-wide headers use section -1.
  public var indexPath: ItemIndexPath
  public var category: Category
  /// The frame in content coordinates, orthogonal offsets applied.
  public var frame: CellRect
  /// Draw order: higher on top. Items 0, supplementary items 1, decorations -1 by default.
  public var zIndex: Int
  /// For a header with `pinToVisibleBounds`: where it shows while its section scrolls
  /// under the top of the queried rect. Nil when it sits at its own frame.
  public var pinnedFrame: CellRect?

  public init(
    indexPath: ItemIndexPath, category: Category, frame: CellRect, zIndex: Int,
    pinnedFrame: CellRect? = nil
  ) {
    self.indexPath = indexPath
    self.category = category
    self.frame = frame
    self.zIndex = zIndex
    self.pinnedFrame = pinnedFrame
  }

  /// Where to draw the element: the pinned frame when pinned, else the frame.
  public var displayFrame: CellRect { pinnedFrame ?? frame }

  /// The supplementary element kind, or nil for items and decorations.
  public var elementKind: String? {
    switch category {
    case .item: return nil
    case .supplementary(let kind), .decoration(let kind): return kind
    }
  }
}

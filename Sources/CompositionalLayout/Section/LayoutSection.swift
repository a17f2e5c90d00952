/// One section of a layout: a group repeated for the section's items, with insets,
/// spacing, headers and footers, decorations and, optionally, its own scrolling row.
public struct LayoutSection: Sendable {
  /// The group that repeats until every item of the section has a place.
  public var group: LayoutGroup
  /// Insets around the section's groups, in cells (headers sit outside top and bottom).
  public var contentInsets: DirectionalEdgeInsets = .zero
  /// Rows (or, in an orthogonal section, columns) between neighbouring groups.
  public var interGroupSpacing: Int = 0
  public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none
  public var boundarySupplementaryItems: [BoundarySupplementaryItem] = []
  public var decorationItems: [DecorationItem] = []
  /// Whether boundary items are inset by the section's leading and trailing insets.
  public var supplementariesFollowContentInsets: Bool = true
  /// Whether a section of few items shares its rows with its neighbours, as wide as its
  /// items (`SectionPacking`); UIKit's sections always take the whole width.
  public var packing: SectionPacking = .none

  public init(group: LayoutGroup) {
    self.group = group
  }
}

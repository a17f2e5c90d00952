/// Anything a group can hold: an item or another group.
///
/// Lets `subitems:` take items and groups side by side, as UIKit's does.
public protocol LayoutElement: Sendable {
  /// This element as the item a group places.
  var layoutItem: LayoutItem { get }
}

/// The smallest unit of a layout: one cell-grid rectangle per data item.
public struct LayoutItem: LayoutElement {
  /// The item's size inside its group.
  public var layoutSize: LayoutSize
  /// Insets applied inside the frame the group gives the item; the content shrinks.
  public var contentInsets: DirectionalEdgeInsets = .zero
  /// Spacing outside the item, see `LayoutEdgeSpacing`.
  public var edgeSpacing: LayoutEdgeSpacing?
  /// Supplementary views anchored to the item (badges).
  public var supplementaryItems: [SupplementaryItem]
  /// The group this item stands for, or nil for a leaf that holds one data item.
  var body: GroupBody?

  public init(layoutSize: LayoutSize, supplementaryItems: [SupplementaryItem] = []) {
    self.layoutSize = layoutSize
    self.supplementaryItems = supplementaryItems
  }

  public var layoutItem: LayoutItem { self }
}

/// A rectangle returned by a custom group's item provider, relative to the group.
public struct GroupCustomItem: Hashable, Sendable {
  public var frame: CellRect
  public var zIndex: Int

  public init(frame: CellRect, zIndex: Int = 0) {
    self.frame = frame
    self.zIndex = zIndex
  }
}

/// How a group places its subitems.
enum GroupArrangement: Sendable {
  case horizontal
  case vertical
  case custom(@Sendable (LayoutContainer) -> [GroupCustomItem])
}

/// What makes an item a group.
struct GroupBody: Sendable {
  var arrangement: GroupArrangement
  var subitems: [LayoutItem]
  /// Set by `repeatingSubitem:count:`: exactly this many copies share the group's extent.
  var repeatCount: Int?
  var interItemSpacing: LayoutSpacing?
}

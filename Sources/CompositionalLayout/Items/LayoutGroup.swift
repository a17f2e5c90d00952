/// A container of items (and of other groups) laid out along an axis or by a provider.
///
/// With `subitems:` the pattern repeats along the axis for as long as the next subitem
/// fits; the first one that does not fit ends the group (UIKit's rule: it is skipped,
/// never wrapped). With `repeatingSubitem:count:` exactly `count` copies share the
/// extent after spacing, whatever the subitem's own size says along the axis.
public struct LayoutGroup: LayoutElement {
  public var layoutSize: LayoutSize
  /// Insets between the group's frame and the area its subitems fill.
  public var contentInsets: DirectionalEdgeInsets = .zero
  public var edgeSpacing: LayoutEdgeSpacing?
  public var supplementaryItems: [SupplementaryItem] = []
  /// Spacing between neighbouring subitems along the axis; nil means none.
  public var interItemSpacing: LayoutSpacing?
  /// The subitems in pattern order.
  public var subitems: [LayoutItem] { body.subitems }

  var body: GroupBody

  init(layoutSize: LayoutSize, body: GroupBody) {
    self.layoutSize = layoutSize
    self.body = body
  }

  /// A group that places its subitems left to right, repeating the pattern while it fits.
  public static func horizontal(layoutSize: LayoutSize, subitems: [any LayoutElement])
    -> LayoutGroup
  {
    LayoutGroup(
      layoutSize: layoutSize,
      body: GroupBody(arrangement: .horizontal, subitems: subitems.map(\.layoutItem)))
  }

  /// A group of exactly `count` copies of `repeatingSubitem` side by side, sharing the width.
  public static func horizontal(
    layoutSize: LayoutSize, repeatingSubitem: any LayoutElement, count: Int
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize,
      body: GroupBody(
        arrangement: .horizontal, subitems: [repeatingSubitem.layoutItem],
        repeatCount: max(0, count)))
  }

  /// A group that places its subitems top to bottom, repeating the pattern while it fits.
  public static func vertical(layoutSize: LayoutSize, subitems: [any LayoutElement])
    -> LayoutGroup
  {
    LayoutGroup(
      layoutSize: layoutSize,
      body: GroupBody(arrangement: .vertical, subitems: subitems.map(\.layoutItem)))
  }

  /// A group of exactly `count` copies of `repeatingSubitem` stacked, sharing the height.
  public static func vertical(
    layoutSize: LayoutSize, repeatingSubitem: any LayoutElement, count: Int
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize,
      body: GroupBody(
        arrangement: .vertical, subitems: [repeatingSubitem.layoutItem],
        repeatCount: max(0, count)))
  }

  /// A group whose item frames come from `itemProvider`, given the group's container.
  ///
  /// Each returned frame holds one data item, in order; frames are relative to the group.
  public static func custom(
    layoutSize: LayoutSize,
    itemProvider: @escaping @Sendable (LayoutContainer) -> [GroupCustomItem]
  ) -> LayoutGroup {
    LayoutGroup(
      layoutSize: layoutSize, body: GroupBody(arrangement: .custom(itemProvider), subitems: []))
  }

  public var layoutItem: LayoutItem {
    var item = LayoutItem(layoutSize: layoutSize, supplementaryItems: supplementaryItems)
    item.contentInsets = contentInsets
    item.edgeSpacing = edgeSpacing
    var body = body
    body.interItemSpacing = interItemSpacing
    item.body = body
    return item
  }
}

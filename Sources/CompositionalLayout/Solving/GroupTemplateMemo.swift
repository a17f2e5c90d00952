/// The group templates one solve has made, so sections built alike (a timeline's
/// thousand days) solve their group once instead of once each.
///
/// Keeps the last few distinct groups; a group is found again by `isSameShape(as:)`,
/// which costs a walk of the group's small tree, far less than solving it. A custom
/// group never matches: its closure may answer differently for the same container.
struct GroupTemplateMemo {
  private var kept: [(group: LayoutItem, size: CellSize, aspect: Double, template: GroupTemplate)] =
    []
  /// How many distinct groups are kept: a layout's sections take a handful of shapes.
  private static let capacity = 8

  /// The template of `group` at `size`, made once per shape.
  mutating func template(group: LayoutItem, size: CellSize, aspect: Double) -> GroupTemplate {
    for entry in kept
    where entry.size == size && entry.aspect == aspect && entry.group.isSameShape(as: group) {
      return entry.template
    }
    let template = GroupTemplate(group: group, size: size, aspect: aspect)
    if group.canBeMemoized {
      if kept.count == Self.capacity { kept.removeFirst() }
      kept.append((group, size, aspect, template))
    }
    return template
  }
}

extension LayoutItem {
  /// Whether `other` is laid out exactly as this: the same sizes, insets, spacing,
  /// supplementary items and subitems, and no custom arrangement anywhere.
  func isSameShape(as other: LayoutItem) -> Bool {
    guard layoutSize == other.layoutSize, contentInsets == other.contentInsets,
      edgeSpacing == other.edgeSpacing, supplementaryItems == other.supplementaryItems
    else { return false }
    switch (body, other.body) {
    case (nil, nil): return true
    case (let mine?, let theirs?):
      guard mine.repeatCount == theirs.repeatCount,
        mine.interItemSpacing == theirs.interItemSpacing,
        mine.subitems.count == theirs.subitems.count
      else { return false }
      switch (mine.arrangement, theirs.arrangement) {
      case (.horizontal, .horizontal), (.vertical, .vertical): break
      default: return false
      }
      return zip(mine.subitems, theirs.subitems).allSatisfy { $0.isSameShape(as: $1) }
    default: return false
    }
  }

  /// Whether no group in this item's tree places its subitems with a closure.
  var canBeMemoized: Bool {
    guard let body else { return true }
    if case .custom = body.arrangement { return false }
    return body.subitems.allSatisfy(\.canBeMemoized)
  }
}

/// Spacing in cells: fixed, or flexible (at least the given cells, growing to share
/// the space left over in a group).
public enum LayoutSpacing: Hashable, Sendable {
  case fixed(Int)
  case flexible(Int)

  /// The cells this spacing takes before any leftover space is shared out.
  public var minimum: Int {
    switch self {
    case .fixed(let cells), .flexible(let cells): return max(0, cells)
    }
  }

  public var isFlexible: Bool {
    if case .flexible = self { return true }
    return false
  }
}

/// Spacing around an item inside its group, outside the item's frame.
///
/// Along the group's axis it adds to the space the item takes (and flexible edges share
/// the leftover space); across it, it offsets the item, and flexible edges align it
/// (both flexible: centred).
public struct LayoutEdgeSpacing: Hashable, Sendable {
  public var leading: LayoutSpacing?
  public var top: LayoutSpacing?
  public var trailing: LayoutSpacing?
  public var bottom: LayoutSpacing?

  public init(
    leading: LayoutSpacing? = nil, top: LayoutSpacing? = nil, trailing: LayoutSpacing? = nil,
    bottom: LayoutSpacing? = nil
  ) {
    self.leading = leading
    self.top = top
    self.trailing = trailing
    self.bottom = bottom
  }
}

/// Edges of a rectangle, for anchoring supplementary items.
public struct DirectionalRectEdge: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let top = DirectionalRectEdge(rawValue: 1 << 0)
  public static let leading = DirectionalRectEdge(rawValue: 1 << 1)
  public static let bottom = DirectionalRectEdge(rawValue: 1 << 2)
  public static let trailing = DirectionalRectEdge(rawValue: 1 << 3)
  public static let all: DirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// Where a supplementary item sits on its item: the edges it hugs, then an offset in cells.
///
/// No edge on an axis centres it on that axis.
public struct LayoutAnchor: Hashable, Sendable {
  public var edges: DirectionalRectEdge
  public var absoluteOffset: CellPoint

  public init(edges: DirectionalRectEdge, absoluteOffset: CellPoint = .zero) {
    self.edges = edges
    self.absoluteOffset = absoluteOffset
  }

  /// The frame of a `size` anchored to `container`. Hugged edges sit inside the container.
  func frame(of size: CellSize, in container: CellRect) -> CellRect {
    let x: Int
    if edges.contains(.leading) && !edges.contains(.trailing) {
      x = container.minX
    } else if edges.contains(.trailing) && !edges.contains(.leading) {
      x = container.maxX - size.width
    } else {
      x = container.minX + (container.width - size.width) / 2
    }
    let y: Int
    if edges.contains(.top) && !edges.contains(.bottom) {
      y = container.minY
    } else if edges.contains(.bottom) && !edges.contains(.top) {
      y = container.maxY - size.height
    } else {
      y = container.minY + (container.height - size.height) / 2
    }
    return CellRect(
      x: x + clampedCells(absoluteOffset.x), y: y + clampedCells(absoluteOffset.y),
      width: size.width, height: size.height)
  }
}

/// A view anchored to an item, such as a badge. Its fractions resolve against the item.
public struct SupplementaryItem: Hashable, Sendable {
  public var layoutSize: LayoutSize
  public var elementKind: String
  public var containerAnchor: LayoutAnchor
  public var zIndex: Int = 1

  public init(layoutSize: LayoutSize, elementKind: String, containerAnchor: LayoutAnchor) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.containerAnchor = containerAnchor
  }
}

/// Which side of a section (or of the whole layout) a boundary item hugs.
public enum RectAlignment: Hashable, Sendable {
  case top
  case topLeading
  case topTrailing
  case bottom
  case bottomLeading
  case bottomTrailing
  case leading
  case trailing

  var isTop: Bool { self == .top || self == .topLeading || self == .topTrailing }
  var isBottom: Bool { self == .bottom || self == .bottomLeading || self == .bottomTrailing }
}

/// A header or footer of a section or of the whole layout.
///
/// Its fractions resolve against the section's width minus the section's leading and
/// trailing insets. With `extendsBoundary` (the default) it takes its own rows above
/// (or below) the section's content; without, it overlays the content.
public struct BoundarySupplementaryItem: Hashable, Sendable {
  public var layoutSize: LayoutSize
  public var elementKind: String
  public var alignment: RectAlignment
  public var absoluteOffset: CellPoint
  /// Keeps a header on screen while its section scrolls under it (pinned frame in attributes).
  public var pinToVisibleBounds: Bool = false
  public var extendsBoundary: Bool = true
  public var zIndex: Int = 1
  /// Insets inside the item's frame (as for items).
  public var contentInsets: DirectionalEdgeInsets = .zero

  public init(
    layoutSize: LayoutSize, elementKind: String, alignment: RectAlignment,
    absoluteOffset: CellPoint = .zero
  ) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.alignment = alignment
    self.absoluteOffset = absoluteOffset
  }
}

/// A view behind a section's content, such as a background.
public struct DecorationItem: Hashable, Sendable {
  public var elementKind: String
  /// Insets from the area it covers: the section's full width, from the top of the
  /// section's content insets to the bottom of them (headers and footers excluded).
  public var contentInsets: DirectionalEdgeInsets = .zero
  public var zIndex: Int = -1

  public init(elementKind: String) {
    self.elementKind = elementKind
  }

  /// A background covering the whole section.
  public static func background(elementKind: String) -> DecorationItem {
    DecorationItem(elementKind: elementKind)
  }
}

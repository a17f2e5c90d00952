/// A point in character cells: x in columns from the left, y in rows from the top.
public struct CellPoint: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  public static let zero = CellPoint(x: 0, y: 0)
  public var description: String { "(\(x), \(y))" }
}

/// A size in character cells: width in columns, height in rows.
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public static let zero = CellSize(width: 0, height: 0)
  public var description: String { "\(width)×\(height)" }
}

/// A rectangle in character cells. Empty when either side is zero or negative.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
  public var origin: CellPoint
  public var size: CellSize

  public init(origin: CellPoint, size: CellSize) {
    self.origin = origin
    self.size = size
  }

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.origin = CellPoint(x: x, y: y)
    self.size = CellSize(width: width, height: height)
  }

  public static let zero = CellRect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Int { origin.x }
  public var minY: Int { origin.y }
  /// One past the last column (wrapping rather than trapping on absurd rectangles).
  public var maxX: Int { origin.x &+ size.width }
  /// One past the last row (wrapping rather than trapping on absurd rectangles).
  public var maxY: Int { origin.y &+ size.height }
  public var width: Int { size.width }
  public var height: Int { size.height }
  public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

  /// Whether both rectangles share at least one cell.
  public func intersects(_ other: CellRect) -> Bool {
    !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY
      && other.minY < maxY
  }

  /// Whether every cell of `other` lies inside this rectangle (empty rectangles are contained).
  public func contains(_ other: CellRect) -> Bool {
    other.isEmpty
      || (other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY)
  }

  /// The rectangle moved by (dx, dy).
  public func offsetBy(dx: Int, dy: Int) -> CellRect {
    CellRect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
  }

  /// The rectangle shrunk by `insets`; sides never go below zero.
  public func inset(by insets: DirectionalEdgeInsets) -> CellRect {
    CellRect(
      x: origin.x + insets.leading, y: origin.y + insets.top,
      width: max(0, size.width - insets.leading - insets.trailing),
      height: max(0, size.height - insets.top - insets.bottom))
  }

  public var description: String { "(\(minX), \(minY), \(width)×\(height))" }
}

/// Insets in cells, named by leading and trailing edges as in UIKit.
public struct DirectionalEdgeInsets: Hashable, Sendable {
  public var top: Int
  public var leading: Int
  public var bottom: Int
  public var trailing: Int

  public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same inset on every edge.
  public init(all value: Int) {
    self.init(top: value, leading: value, bottom: value, trailing: value)
  }

  public static let zero = DirectionalEdgeInsets()
}

/// The position of an item: its section and its index within that section.
///
/// Named apart from Foundation's `IndexPath` so files importing both stay unambiguous.
public struct ItemIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  public init(item: Int, section: Int) {
    self.item = item
    self.section = section
  }

  public static func < (lhs: ItemIndexPath, rhs: ItemIndexPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  public var description: String { "[\(section), \(item)]" }
}

extension DirectionalEdgeInsets {
  /// The insets with negative edges raised to zero: the solver's reading of any insets,
  /// so a negative inset never pushes content outside its container.
  var nonNegative: DirectionalEdgeInsets {
    DirectionalEdgeInsets(
      top: min(max(0, top), cellLimit), leading: min(max(0, leading), cellLimit),
      bottom: min(max(0, bottom), cellLimit), trailing: min(max(0, trailing), cellLimit))
  }
}

extension CellRect {
  /// The rectangle with its origin clamped to ±`cellLimit` and sides to 0...`cellLimit`.
  var clamped: CellRect {
    CellRect(
      x: clampedCells(origin.x), y: clampedCells(origin.y),
      width: min(max(0, size.width), cellLimit), height: min(max(0, size.height), cellLimit))
  }

  /// A query rectangle the solver can do arithmetic on: far beyond any content, but small
  /// enough that differences of its edges and content positions cannot overflow.
  var queryable: CellRect {
    let limit = 1 << 52
    let x = min(max(origin.x, -limit), limit)
    let y = min(max(origin.y, -limit), limit)
    let right = min(max(origin.x &+ max(0, size.width), -limit), limit)
    let bottom = min(max(origin.y &+ max(0, size.height), -limit), limit)
    let safeRight = size.width > 0 && right < x ? limit : right
    let safeBottom = size.height > 0 && bottom < y ? limit : bottom
    return CellRect(x: x, y: y, width: max(0, safeRight - x), height: max(0, safeBottom - y))
  }
}

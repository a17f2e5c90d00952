/// One side of an item's size, in UIKit's terms, measured in character cells.
///
/// Fractions resolve against the containing group (a top-level group against the
/// section's container minus its insets). Because cells are not square, a height
/// given as `fractionalWidth(f)` is converted through the cell aspect (pixel height
/// ÷ pixel width), and so is a width given as `fractionalHeight(f)`: a square item
/// stays square on screen.
public enum LayoutDimension: Hashable, Sendable {
  /// A fraction of the container's width.
  case fractionalWidth(Double)
  /// A fraction of the container's height.
  case fractionalHeight(Double)
  /// A fixed number of cells.
  case absolute(Double)
  /// A first guess in cells, replaced by the measured size when the layout is given
  /// a sizing callback (see `CompositionalLayout.prepare`).
  case estimated(Double)

  /// Whether this is an estimate that content may change.
  public var isEstimated: Bool {
    if case .estimated = self { return true }
    return false
  }

  /// The dimension's number: the fraction, or the cells for absolute and estimated.
  public var dimension: Double {
    switch self {
    case .fractionalWidth(let value), .fractionalHeight(let value), .absolute(let value),
      .estimated(let value):
      return value
    }
  }

  /// The length in cells (unrounded) along a horizontal axis when `horizontal`, else vertical.
  ///
  /// `container` is the containing extent in cells; `aspect` is pixel height ÷ pixel width.
  /// Negative and non-finite results become 0.
  func resolve(horizontal: Bool, container: CellSize, aspect: Double) -> Double {
    let aspect = aspect.isFinite && aspect > 0 ? aspect : 2
    let value: Double
    switch self {
    case .fractionalWidth(let fraction):
      let width = Double(container.width) * fraction
      value = horizontal ? width : width / aspect
    case .fractionalHeight(let fraction):
      let height = Double(container.height) * fraction
      value = horizontal ? height * aspect : height
    case .absolute(let cells), .estimated(let cells):
      value = cells
    }
    return value.isFinite ? max(0, value) : 0
  }
}

/// The width and height of an item, group or supplementary item.
public struct LayoutSize: Hashable, Sendable {
  public var widthDimension: LayoutDimension
  public var heightDimension: LayoutDimension

  public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }

  /// The size in whole cells inside `container`, each side rounded on its own.
  func resolve(in container: CellSize, aspect: Double) -> CellSize {
    CellSize(
      width: roundedCells(
        widthDimension.resolve(horizontal: true, container: container, aspect: aspect)),
      height: roundedCells(
        heightDimension.resolve(horizontal: false, container: container, aspect: aspect)))
  }
}

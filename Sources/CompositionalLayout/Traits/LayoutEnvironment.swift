/// The space a layout (or a group) is laid out in.
public struct LayoutContainer: Hashable, Sendable {
  /// The full size in cells.
  public var contentSize: CellSize
  public var contentInsets: DirectionalEdgeInsets

  public init(contentSize: CellSize, contentInsets: DirectionalEdgeInsets = .zero) {
    self.contentSize = contentSize
    self.contentInsets = contentInsets
  }

  /// The size minus the insets, never negative.
  public var effectiveContentSize: CellSize {
    CellSize(
      width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
      height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
  }
}

/// What a section provider sees: the container and its traits.
public struct LayoutEnvironment: Hashable, Sendable {
  public var container: LayoutContainer
  public var traitCollection: TraitCollection

  public init(container: LayoutContainer, traitCollection: TraitCollection) {
    self.container = container
    self.traitCollection = traitCollection
  }

  /// The environment for a terminal of `size` cells, size classes by `rules`.
  public init(
    containerSize: CellSize, cellAspect: Double = 2, rules: SizeClassRules = .standard,
    previous: TraitCollection? = nil
  ) {
    self.container = LayoutContainer(contentSize: containerSize)
    self.traitCollection = TraitCollection(
      containerSize: containerSize, cellAspect: cellAspect, rules: rules, previous: previous)
  }
}

extension LayoutContainer {
  /// The effective size as the solver reads it: insets and sides clamped to
  /// 0...`cellLimit` first, so no input can overflow the arithmetic.
  var solvingSize: CellSize {
    let insets = contentInsets.nonNegative
    return CellSize(
      width: max(0, min(max(0, contentSize.width), cellLimit) - insets.leading - insets.trailing),
      height: max(0, min(max(0, contentSize.height), cellLimit) - insets.top - insets.bottom))
  }
}

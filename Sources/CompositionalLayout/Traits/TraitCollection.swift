/// The traits a layout adapts to: size classes, container size and cell aspect.
public struct TraitCollection: Hashable, Sendable {
  public var horizontalSizeClass: UserInterfaceSizeClass
  public var verticalSizeClass: UserInterfaceSizeClass
  /// The terminal (or view) size in cells.
  public var containerSize: CellSize
  /// Pixel height ÷ pixel width of one cell (2.0 when the terminal does not say).
  public var cellAspect: Double

  public init(
    horizontalSizeClass: UserInterfaceSizeClass, verticalSizeClass: UserInterfaceSizeClass,
    containerSize: CellSize, cellAspect: Double = 2
  ) {
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
    self.containerSize = containerSize
    self.cellAspect = cellAspect
  }

  /// Traits for a container, with size classes from `rules`.
  ///
  /// Pass the traits in effect before a resize as `previous` to apply the hysteresis.
  public init(
    containerSize: CellSize, cellAspect: Double = 2, rules: SizeClassRules = .standard,
    previous: TraitCollection? = nil
  ) {
    self.containerSize = containerSize
    self.cellAspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 2
    self.horizontalSizeClass = SizeClassRules.sizeClass(
      extent: containerSize.width, threshold: rules.regularWidth, hysteresis: rules.hysteresis,
      previous: previous?.horizontalSizeClass)
    self.verticalSizeClass = SizeClassRules.sizeClass(
      extent: containerSize.height, threshold: rules.regularHeight, hysteresis: rules.hysteresis,
      previous: previous?.verticalSizeClass)
  }
}

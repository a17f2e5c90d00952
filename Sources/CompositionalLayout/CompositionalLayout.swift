/// A layout described by sections of groups of items, solved for a container in cells.
///
/// Build it from one section (every section the same) or from a section provider that
/// sees the section's index and the environment (size classes, container, cell aspect),
/// then `prepare` it for the item counts to get a `SolvedLayout` to query.
public struct CompositionalLayout: Sendable {
  public var configuration: LayoutConfiguration
  private let sectionProvider: @Sendable (Int, LayoutEnvironment) -> LayoutSection

  /// A layout whose every section is `section`.
  public init(section: LayoutSection, configuration: LayoutConfiguration = LayoutConfiguration()) {
    self.configuration = configuration
    self.sectionProvider = { _, _ in section }
  }

  /// A layout that asks `sectionProvider` for each section.
  public init(
    configuration: LayoutConfiguration = LayoutConfiguration(),
    sectionProvider: @escaping @Sendable (Int, LayoutEnvironment) -> LayoutSection
  ) {
    self.configuration = configuration
    self.sectionProvider = sectionProvider
  }

  /// The section the layout uses at `index` in `environment`.
  public func section(at index: Int, environment: LayoutEnvironment) -> LayoutSection {
    sectionProvider(index, environment)
  }

  /// Solves the layout for sections holding `itemCounts[s]` items each.
  ///
  /// Costs O(sections) for sections whose groups repeat with a fixed stride; a section
  /// with estimated heights and a `sizing` callback costs O(its items) once, for its
  /// prefix sums. Without `sizing`, estimated dimensions keep their estimate.
  public func prepare(
    environment: LayoutEnvironment, itemCounts: [Int], sizing: ItemSizing? = nil
  ) -> SolvedLayout {
    SolvedLayout(
      environment: environment, configuration: configuration,
      sections: itemCounts.indices.map { sectionProvider($0, environment) },
      itemCounts: itemCounts, sizing: sizing)
  }

  /// Solves the layout for a terminal of `containerSize` cells (cell aspect 2, standard
  /// size classes).
  public func prepare(containerSize: CellSize, itemCounts: [Int], sizing: ItemSizing? = nil)
    -> SolvedLayout
  {
    prepare(
      environment: LayoutEnvironment(containerSize: containerSize), itemCounts: itemCounts,
      sizing: sizing)
  }
}

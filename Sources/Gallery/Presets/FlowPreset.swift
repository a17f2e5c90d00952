import CompositionalLayout

/// `--layout flow`: the DoodleFun grid. Every item has one fixed size; a row holds as
/// many as fit with at least one column between them, and the leftover columns are
/// spread evenly between the items (flexible spacing), not left as one gap at the end.
///
/// | size classes | item |
/// |---|---|
/// | compact width, regular height (a phone upright) | 14 columns |
/// | otherwise | 18 columns |
///
/// The item's height keeps a square picture square through the cell aspect (10 rows
/// for 18 columns at the usual aspect of 2), capped so a header and a row fit.
/// Columns: ⌊(width − 2 + 1) ÷ (item + 1)⌋, at least one.
package enum FlowPreset {
  /// The item width in columns for `environment`.
  package static func itemWidth(environment: LayoutEnvironment) -> Int {
    let traits = environment.traitCollection
    let small = traits.horizontalSizeClass == .compact && traits.verticalSizeClass == .regular
    return small ? 14 : 18
  }

  /// The layout: the same flow for every section.
  package static func make() -> CompositionalLayout {
    PresetMetrics.layout { _, environment in section(environment: environment) }
  }

  static func section(environment: LayoutEnvironment) -> LayoutSection {
    let available = max(1, environment.container.effectiveContentSize.width - 2)
    let width = min(itemWidth(environment: environment), available)
    let natural = PresetMetrics.itemHeight(
      width: width, ratio: 1, cellAspect: environment.traitCollection.cellAspect)
    let height = PresetMetrics.capped(natural, environment: environment)
    return PresetMetrics.rowsOfItems(width: width, height: height, spacing: .flexible(1))
  }
}

import CompositionalLayout

/// `--layout grid`: every section an adaptive grid of square thumbnails.
///
/// | width | columns |
/// |---|---|
/// | compact (under 120 columns) | 3 |
/// | regular (120 to 199 columns) | 5 |
/// | very wide (200 columns or more) | 7 |
///
/// Rows are as tall as a square picture of the column's width through the cell aspect
/// (plus the one-cell ring), capped so a header and one whole row fit on the screen.
public enum GridPreset {
  /// Terminal columns from which a regular width gets more columns.
  public static let veryWide = 200

  /// The layout: the same grid for every section.
  public static func make() -> CompositionalLayout {
    CompositionalLayout(
      configuration: LayoutConfiguration(interSectionSpacing: ShowcaseLayout.sectionSpacing)
    ) { _, environment in section(environment: environment) }
  }

  /// The columns for `environment`: 3, 5 or 7 by the table above.
  public static func columns(environment: LayoutEnvironment) -> Int {
    guard environment.traitCollection.horizontalSizeClass == .regular else { return 3 }
    return environment.container.effectiveContentSize.width >= veryWide ? 7 : 5
  }

  static func section(environment: LayoutEnvironment) -> LayoutSection {
    let columns = columns(environment: environment)
    let width = environment.container.effectiveContentSize.width
    let natural = PresetMetrics.itemHeight(
      width: width / columns, ratio: 1, cellAspect: environment.traitCollection.cellAspect)
    let height = PresetMetrics.capped(natural, environment: environment)
    let row = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(Double(height))),
      subitems: [PresetMetrics.fillingItem(widthFraction: 1 / Double(columns))])
    var section = LayoutSection(group: row)
    section.boundarySupplementaryItems = [PresetMetrics.header()]
    return section
  }
}

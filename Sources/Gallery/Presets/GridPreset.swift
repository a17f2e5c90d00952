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
package enum GridPreset {
  /// Terminal columns from which a regular width gets more columns.
  package static let veryWide = 200

  /// The layout: the same grid for every section.
  package static func make() -> CompositionalLayout {
    PresetMetrics.layout { _, environment in
      PresetMetrics.gridSection(
        columns: columns(environment: environment), ratio: 1, environment: environment)
    }
  }

  /// The columns for `environment`: 3, 5 or 7 by the table above.
  package static func columns(environment: LayoutEnvironment) -> Int {
    guard environment.traitCollection.horizontalSizeClass == .regular else { return 3 }
    return environment.container.effectiveContentSize.width >= veryWide ? 7 : 5
  }
}

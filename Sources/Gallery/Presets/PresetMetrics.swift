import CompositionalLayout

/// What the presets share: the section header, the spacing between sections, and rows
/// that keep a picture's shape through the cell aspect, capped so a header and one whole
/// row fit on the screen.
package enum PresetMetrics {
  /// The element kind of the grid presets' section headers (a list section's is
  /// `ListConfiguration.headerElementKind`).
  package static let headerKind = "header"
  /// Rows between sections.
  package static let sectionSpacing = 1

  /// Rows of an item `width` columns wide showing a picture of `ratio` (height ÷
  /// width: 1 for square, 0.75 for 4:3): the art's height through the cell aspect plus
  /// the ring of one cell above and below. At least 4 (ring, art, name).
  static func itemHeight(width: Int, ratio: Double, cellAspect: Double) -> Int {
    let art = Double(max(1, width - 2)) * ratio / cellAspect
    return max(4, Int(art.rounded()) + 2)
  }

  /// The tallest row that leaves room for a header above it, at most `fraction` of the
  /// view's rows. At least 4.
  static func heightCap(environment: LayoutEnvironment, fraction: Double = 1) -> Int {
    let height = environment.container.effectiveContentSize.height
    let whole = max(4, height - 1)
    return max(4, min(whole, Int(Double(height) * fraction)))
  }

  /// `natural` capped by `heightCap`.
  static func capped(_ natural: Int, environment: LayoutEnvironment, fraction: Double = 1)
    -> Int
  {
    min(natural, heightCap(environment: environment, fraction: fraction))
  }

  /// The one-row section header of the grid presets.
  static func header() -> BoundarySupplementaryItem {
    BoundarySupplementaryItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
      elementKind: headerKind, alignment: .top)
  }

  /// A layout whose sections are separated by `sectionSpacing`.
  static func layout(
    _ sectionProvider: @escaping @Sendable (Int, LayoutEnvironment) -> LayoutSection
  ) -> CompositionalLayout {
    CompositionalLayout(
      configuration: LayoutConfiguration(interSectionSpacing: sectionSpacing),
      sectionProvider: sectionProvider)
  }

  /// A grid section: rows of `columns` pictures filling the width, each row as tall as a
  /// picture of `ratio` in one column (capped), under the header.
  static func gridSection(columns: Int, ratio: Double, environment: LayoutEnvironment)
    -> LayoutSection
  {
    let columns = max(1, columns)
    let width = environment.container.effectiveContentSize.width
    let natural = itemHeight(
      width: width / columns, ratio: ratio, cellAspect: environment.traitCollection.cellAspect)
    let row = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1),
        heightDimension: .absolute(Double(capped(natural, environment: environment)))),
      subitems: [fillingItem(widthFraction: 1 / Double(columns))])
    var section = LayoutSection(group: row)
    section.boundarySupplementaryItems = [header()]
    return section
  }

  /// An item filling its group's cell.
  static func fillingItem(widthFraction: Double = 1, heightFraction: Double = 1) -> LayoutItem {
    LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(widthFraction),
        heightDimension: .fractionalHeight(heightFraction)))
  }

  /// A section of rows of `width`×`height` pictures, as many to a row as fit, `spacing`
  /// between them, a row of space between rows, a column of inset each side, under a
  /// header.
  static func rowsOfItems(width: Int, height: Int, spacing: LayoutSpacing) -> LayoutSection {
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .absolute(Double(width)), heightDimension: .absolute(Double(height))))
    var row = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(Double(height))),
      subitems: [item])
    row.interItemSpacing = spacing
    var section = LayoutSection(group: row)
    section.interGroupSpacing = 1
    section.contentInsets = DirectionalEdgeInsets(leading: 1, trailing: 1)
    section.boundarySupplementaryItems = [header()]
    return section
  }
}

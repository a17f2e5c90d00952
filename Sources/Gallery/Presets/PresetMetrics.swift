import CompositionalLayout

/// Sizes the presets share: rows that keep a picture's shape through the cell aspect,
/// capped so a header and one whole row fit on the screen.
enum PresetMetrics {
  /// Rows of an item `width` columns wide showing a picture of `ratio` (height ÷
  /// width, 1 for square): the art's height through the cell aspect plus the ring of
  /// one cell above and below. At least 4 (ring, art, name).
  static func itemHeight(width: Int, ratio: Double, cellAspect: Double) -> Int {
    let art = Double(max(1, width - 2)) * ratio / cellAspect
    return max(4, Int(art.rounded()) + 2)
  }

  /// `natural` capped so that a header and the row fit in the view (`fraction` of it).
  static func capped(_ natural: Int, environment: LayoutEnvironment, fraction: Double = 1)
    -> Int
  {
    min(natural, ShowcaseLayout.heightCap(environment: environment, fraction: fraction))
  }

  /// The section header every preset uses (one row, the showcase's element kind).
  static func header() -> BoundarySupplementaryItem { ShowcaseLayout.header() }

  /// An item filling its group's cell.
  static func fillingItem(widthFraction: Double = 1, heightFraction: Double = 1) -> LayoutItem {
    LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(widthFraction),
        heightDimension: .fractionalHeight(heightFraction)))
  }
}

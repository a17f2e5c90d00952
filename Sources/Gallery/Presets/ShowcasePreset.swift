import CompositionalLayout

/// `--layout showcase` (the default): Office as one horizontal row,
/// Kitchen and MacBook as grids whose columns follow the horizontal size class.
///
/// | section | compact width | regular width |
/// |---|---|---|
/// | first (Office) | a row, 0.85 of the width per picture, resting centred with both neighbours peeking in | two per page |
/// | second (Kitchen) | 2 columns | 3 columns |
/// | third and later (MacBook) | 4 columns | 6 columns |
///
/// Row heights come from the item width for a 4:3 picture through the cell aspect, plus
/// the item's ring of one cell (the focus frame) on each side. They are then capped so
/// that a section header and one full row of every grid fit on the screen, and the Office
/// row takes at most three fifths of it: with a compact height rows shrink instead of
/// leaving a row cut in half.
package enum ShowcasePreset {
  /// Height ÷ width of the pictures rows are sized for (4:3).
  static let ratio = 0.75

  /// The layout whose first row scrolls as `firstRowScrolling` says (by the width by
  /// default).
  package static func make(firstRowScrolling: FirstRowScrolling = .automatic)
    -> CompositionalLayout
  {
    PresetMetrics.layout { index, environment in
      index == 0
        ? firstRowSection(environment: environment, scrolling: firstRowScrolling)
        : PresetMetrics.gridSection(
          columns: columns(section: index, environment: environment), ratio: ratio,
          environment: environment)
    }
  }

  /// The columns of a grid section: Kitchen 2 or 3, MacBook (and later) 4 or 6.
  package static func columns(section index: Int, environment: LayoutEnvironment) -> Int {
    let regular = environment.traitCollection.horizontalSizeClass == .regular
    if index == 0 { return regular ? 2 : 1 }
    return index == 1 ? (regular ? 3 : 2) : (regular ? 6 : 4)
  }

  /// The first row laid down the page (`--print`): a grid of one picture a row (two in
  /// regular width), each as wide and tall as in the row.
  static func unrolledFirstRow(environment: LayoutEnvironment) -> LayoutSection {
    let regular = environment.traitCollection.horizontalSizeClass == .regular
    let fraction = regular ? 0.5 : 0.85
    let width = environment.container.effectiveContentSize.width
    let natural = PresetMetrics.itemHeight(
      width: Int((Double(width) * fraction).rounded()), ratio: ratio,
      cellAspect: environment.traitCollection.cellAspect)
    let height = PresetMetrics.capped(natural, environment: environment, fraction: 0.6)
    let row = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(regular ? 1 : fraction),
        heightDimension: .absolute(Double(height))),
      subitems: [PresetMetrics.fillingItem(widthFraction: regular ? 0.5 : 1)])
    var section = LayoutSection(group: row)
    section.boundarySupplementaryItems = [PresetMetrics.header()]
    return section
  }

  static func firstRowSection(
    environment: LayoutEnvironment, scrolling: FirstRowScrolling
  ) -> LayoutSection {
    let regular = environment.traitCollection.horizontalSizeClass == .regular
    let fraction = regular ? 0.5 : 0.85
    let width = environment.container.effectiveContentSize.width
    let groupWidth = Int((Double(width) * fraction).rounded())
    let natural = PresetMetrics.itemHeight(
      width: groupWidth, ratio: ratio, cellAspect: environment.traitCollection.cellAspect)
    let height = PresetMetrics.capped(natural, environment: environment, fraction: 0.6)
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(fraction), heightDimension: .absolute(Double(height))),
      repeatingSubitem: PresetMetrics.fillingItem(), count: 1)
    var section = LayoutSection(group: group)
    section.orthogonalScrollingBehavior = scrolling.behavior(regularWidth: regular)
    section.boundarySupplementaryItems = [PresetMetrics.header()]
    return section
  }
}

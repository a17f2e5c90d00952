import CompositionalLayout

/// `--layout browse`: the music-browse screen.
///
/// | section | arrangement | scrolling |
/// |---|---|---|
/// | first | stacks of three rows (a vertical group of three items inside a horizontal group 0.9 of the width) | group paging: one stack at a time, the next peeking in |
/// | second | pairs: a vertical group of two items, 20 columns wide (24 in regular width) | continuous |
/// | third and later | the list's rows (`ListPreset`), full width, in plain sections | with the page |
///
/// A stack's rows are 4 rows tall (5 with a regular height) and drawn as list rows, with
/// a thumbnail as tall as the row. A pair's pictures are square through the cell aspect,
/// capped so that both fit on the screen with the header.
package enum BrowsePreset {
  /// The layout.
  package static func make() -> CompositionalLayout {
    PresetMetrics.layout { index, environment in
      switch index {
      case 0: stackSection(environment: environment)
      case 1: pairSection(environment: environment)
      default: ListPreset.section(environment: environment, appearance: .plain)
      }
    }
  }

  /// Whether section `index` shows list rows: the stacks and the sections after the pairs.
  static func drawsRows(inSection index: Int) -> Bool { index != 1 }

  /// Three items stacked in a vertical group, the stacks paged one group at a time.
  static func stackSection(environment: LayoutEnvironment) -> LayoutSection {
    let regularHeight = environment.traitCollection.verticalSizeClass == .regular
    let rowHeight = regularHeight ? 5 : 4
    let stackHeight = PresetMetrics.capped(3 * rowHeight, environment: environment)
    let stack = LayoutGroup.vertical(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
      subitems: [PresetMetrics.fillingItem(heightFraction: 1.0 / 3)])
    var group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(Double(stackHeight))),
      subitems: [stack])
    group.contentInsets = DirectionalEdgeInsets(trailing: 1)
    var section = LayoutSection(group: group)
    section.orthogonalScrollingBehavior = .groupPaging
    section.boundarySupplementaryItems = [PresetMetrics.header()]
    return section
  }

  /// The pairs laid down the page (`--print`): rows of as many of their pictures as fit,
  /// each as wide and tall as in a pair.
  static func unrolledPairs(environment: LayoutEnvironment) -> LayoutSection {
    let (width, height) = pairMetrics(environment: environment)
    return PresetMetrics.rowsOfItems(width: width, height: height, spacing: .fixed(1))
  }

  /// A pair's width and one of its pictures' height: 20 columns (24 in regular width),
  /// square through the cell aspect, capped so both fit on the screen with the header.
  static func pairMetrics(environment: LayoutEnvironment) -> (width: Int, itemHeight: Int) {
    let regular = environment.traitCollection.horizontalSizeClass == .regular
    let width = min(regular ? 24 : 20, max(4, environment.container.effectiveContentSize.width - 2))
    let natural = PresetMetrics.itemHeight(
      width: width, ratio: 1, cellAspect: environment.traitCollection.cellAspect)
    let view = environment.container.effectiveContentSize.height
    return (width, max(4, min(natural, (view - 2) / 2)))
  }

  /// Two items in a vertical group of absolute size, scrolling continuously.
  static func pairSection(environment: LayoutEnvironment) -> LayoutSection {
    let (width, itemHeight) = pairMetrics(environment: environment)
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(Double(itemHeight))))
    let pair = LayoutGroup.vertical(
      layoutSize: LayoutSize(
        widthDimension: .absolute(Double(width)),
        heightDimension: .absolute(Double(2 * itemHeight))),
      subitems: [item])
    var section = LayoutSection(group: pair)
    section.interGroupSpacing = 1
    section.orthogonalScrollingBehavior = .continuous
    section.contentInsets = DirectionalEdgeInsets(leading: 1, trailing: 1)
    section.boundarySupplementaryItems = [PresetMetrics.header()]
    return section
  }
}

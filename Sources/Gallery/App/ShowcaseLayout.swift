import CompositionalLayout

/// The showcase arrangement (DESIGN section 4): Office as one horizontal row, Kitchen and
/// MacBook as grids whose columns follow the horizontal size class.
///
/// | section | compact width | regular width |
/// |---|---|---|
/// | first (Office) | a row, 0.85 of the width per picture (the next peeks in) | two per page |
/// | second (Kitchen) | 2 columns | 3 columns |
/// | third and later (MacBook) | 4 columns | 6 columns |
///
/// Row heights come from the item width for a 4:3 picture through the cell aspect, plus
/// the item's ring of one cell (the focus frame) on each side. They are then capped so
/// that a section header and one full row of every grid fit on the screen, and the Office
/// row takes at most three fifths of it: with a compact height rows shrink instead of
/// leaving a row cut in half.
public enum ShowcaseLayout {
  /// The element kind of section headers.
  public static let headerKind = "header"
  /// Rows between sections.
  public static let sectionSpacing = 1

  /// The layout for `officeScrolling` (`.paging` by default).
  public static func make(officeScrolling: OrthogonalScrollingBehavior = .paging)
    -> CompositionalLayout
  {
    let configuration = LayoutConfiguration(interSectionSpacing: sectionSpacing)
    return CompositionalLayout(configuration: configuration) { index, environment in
      index == 0
        ? officeSection(environment: environment, scrolling: officeScrolling)
        : gridSection(
          columns: columns(section: index, environment: environment), environment: environment)
    }
  }

  /// The columns of a grid section: Kitchen 2 or 3, MacBook (and later) 4 or 6.
  public static func columns(section index: Int, environment: LayoutEnvironment) -> Int {
    let regular = environment.traitCollection.horizontalSizeClass == .regular
    if index == 0 { return regular ? 2 : 1 }
    return index == 1 ? (regular ? 3 : 2) : (regular ? 6 : 4)
  }

  /// The rows of a picture `width` columns wide: a 4:3 picture's height through the cell
  /// aspect, plus the focus ring above and below. At least 4 (ring, art, name).
  static func naturalHeight(width: Int, cellAspect: Double) -> Int {
    let art = Double(max(1, width - 2)) * 3 / 4 / cellAspect
    return max(4, Int(art.rounded()) + 2)
  }

  /// The tallest row that leaves room for a header above it on a screen of `height` rows.
  static func heightCap(environment: LayoutEnvironment, fraction: Double) -> Int {
    let height = environment.container.effectiveContentSize.height
    let whole = max(4, height - 1)
    return max(4, min(whole, Int(Double(height) * fraction)))
  }

  static func header() -> BoundarySupplementaryItem {
    BoundarySupplementaryItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
      elementKind: headerKind, alignment: .top)
  }

  static func officeSection(
    environment: LayoutEnvironment, scrolling: OrthogonalScrollingBehavior
  ) -> LayoutSection {
    let regular = environment.traitCollection.horizontalSizeClass == .regular
    let fraction = regular ? 0.5 : 0.85
    let width = environment.container.effectiveContentSize.width
    let groupWidth = Int((Double(width) * fraction).rounded())
    let natural = naturalHeight(
      width: groupWidth, cellAspect: environment.traitCollection.cellAspect)
    let height = min(natural, heightCap(environment: environment, fraction: 0.6))
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(fraction), heightDimension: .absolute(Double(height))),
      repeatingSubitem: item, count: 1)
    var section = LayoutSection(group: group)
    section.orthogonalScrollingBehavior = scrolling
    section.boundarySupplementaryItems = [header()]
    return section
  }

  static func gridSection(columns: Int, environment: LayoutEnvironment) -> LayoutSection {
    let width = environment.container.effectiveContentSize.width
    let natural = naturalHeight(
      width: width / max(1, columns), cellAspect: environment.traitCollection.cellAspect)
    let height = min(natural, heightCap(environment: environment, fraction: 1))
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1 / Double(columns)), heightDimension: .fractionalHeight(1)
      ))
    let row = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(Double(height))),
      subitems: [item])
    var section = LayoutSection(group: row)
    section.boundarySupplementaryItems = [header()]
    return section
  }
}

extension OrthogonalScrollingBehavior {
  /// The behaviour `--office-scrolling` names.
  public init(_ scrolling: OfficeScrolling) {
    switch scrolling {
    case .continuous: self = .continuous
    case .paging: self = .paging
    case .groupPaging: self = .groupPaging
    }
  }
}

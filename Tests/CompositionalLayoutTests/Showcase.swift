import CompositionalLayout

/// The seed layouts of the tests, built only through the public API.
enum Showcase {
  static let header = "header"

  static func sectionHeader(rows: Int = 1) -> BoundarySupplementaryItem {
    BoundarySupplementaryItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(Double(rows))),
      elementKind: header, alignment: .top)
  }

  /// The 4-column grid: items a quarter wide and the group's full height.
  static func grid(columns: Int = 4, rowHeight: Double = 4, spacing: Int = 0, inset: Int = 0)
    -> LayoutSection
  {
    var item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1 / Double(columns)), heightDimension: .fractionalHeight(1)
      ))
    item.contentInsets = DirectionalEdgeInsets(all: inset)
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(rowHeight)),
      subitems: [item])
    var section = LayoutSection(group: group)
    section.interGroupSpacing = spacing
    return section
  }

  /// Office, Kitchen, MacBook: 1, 2 and 4 columns with headers (compact width), the
  /// first an orthogonal row.
  static func gallery(office: OrthogonalScrollingBehavior = .groupPaging) -> CompositionalLayout {
    CompositionalLayout { index, environment in
      let regular = environment.traitCollection.horizontalSizeClass == .regular
      switch index {
      case 0:
        let item = LayoutItem(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        var group = LayoutGroup.horizontal(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(regular ? 0.45 : 0.85), heightDimension: .absolute(4)),
          repeatingSubitem: item, count: 1)
        group.contentInsets = DirectionalEdgeInsets(leading: 1, trailing: 1)
        var section = LayoutSection(group: group)
        section.orthogonalScrollingBehavior = office
        section.boundarySupplementaryItems = [sectionHeader()]
        return section
      default:
        let columns = index == 1 ? (regular ? 3 : 2) : (regular ? 6 : 4)
        var section = grid(columns: columns, rowHeight: 3, spacing: 1)
        section.boundarySupplementaryItems = [sectionHeader()]
        section.contentInsets = DirectionalEdgeInsets(bottom: 1)
        return section
      }
    }
  }
}

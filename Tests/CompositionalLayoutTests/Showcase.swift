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

extension Showcase {
  /// Office, Kitchen, MacBook as plain vertical grids of 1, 2 and 4 columns with headers.
  static func threeSections() -> CompositionalLayout {
    CompositionalLayout { index, _ in
      var section = grid(columns: [1, 2, 4][min(index, 2)], rowHeight: 3, spacing: 1, inset: 0)
      section.boundarySupplementaryItems = [sectionHeader()]
      section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 1, bottom: 1, trailing: 1)
      return section
    }
  }

  /// The Office row alone: one picture per group with leading and trailing group insets.
  static func officeRow(_ behavior: OrthogonalScrollingBehavior, width: Double = 0.8)
    -> LayoutSection
  {
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    var group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(width), heightDimension: .absolute(3)),
      subitems: [item])
    group.contentInsets = DirectionalEdgeInsets(leading: 1, trailing: 1)
    var section = LayoutSection(group: group)
    section.orthogonalScrollingBehavior = behavior
    return section
  }

  /// The DoodleFun grid: a fixed item size (smaller for compact width with regular
  /// height), as many columns as fit, the leftover spread between them.
  static func doodles() -> CompositionalLayout {
    CompositionalLayout { _, environment in
      let traits = environment.traitCollection
      let small = traits.horizontalSizeClass == .compact && traits.verticalSizeClass == .regular
      let size = small ? (width: 6.0, height: 3.0) : (width: 8.0, height: 4.0)
      let item = LayoutItem(
        layoutSize: LayoutSize(
          widthDimension: .absolute(size.width), heightDimension: .absolute(size.height)))
      var group = LayoutGroup.horizontal(
        layoutSize: LayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .absolute(size.height)),
        subitems: [item])
      group.interItemSpacing = .flexible(1)
      var section = LayoutSection(group: group)
      section.interGroupSpacing = 1
      return section
    }
  }

  /// The music-browse screen: featured stacks with group paging, pairs scrolling
  /// continuously, and full-width rows.
  static func musicBrowse() -> CompositionalLayout {
    CompositionalLayout { index, _ in
      switch index {
      case 0:
        let item = LayoutItem(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1.0 / 3)))
        let stack = LayoutGroup.vertical(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
          subitems: [item])
        var group = LayoutGroup.horizontal(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(6)),
          subitems: [stack])
        group.contentInsets = DirectionalEdgeInsets(trailing: 1)
        var section = LayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPaging
        return section
      case 1:
        let item = LayoutItem(
          layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(2))
        )
        var pair = LayoutGroup.vertical(
          layoutSize: LayoutSize(widthDimension: .absolute(8), heightDimension: .absolute(5)),
          subitems: [item])
        pair.interItemSpacing = .fixed(1)
        var section = LayoutSection(group: pair)
        section.interGroupSpacing = 1
        section.orthogonalScrollingBehavior = .continuous
        section.contentInsets = DirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
        section.boundarySupplementaryItems = [sectionHeader()]
        return section
      default:
        var list = ListConfiguration(appearance: .plain)
        list.rowHeight = .absolute(1)
        list.headerMode = .supplementary
        return LayoutSection.list(
          using: list,
          layoutEnvironment: LayoutEnvironment(containerSize: CellSize(width: 1, height: 1)))
      }
    }
  }

  /// A grouped list with a header on each section.
  static func groupedList() -> CompositionalLayout {
    CompositionalLayout { _, environment in
      var list = ListConfiguration(appearance: .grouped)
      list.headerMode = .supplementary
      list.rowHeight = .absolute(1)
      return LayoutSection.list(using: list, layoutEnvironment: environment)
    }
  }
}

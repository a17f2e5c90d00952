/// A list section's look, as UIKit's list configuration: full-width rows, one per item.
public struct ListConfiguration: Hashable, Sendable {
  /// The list styles, with their geometry in cells.
  public enum Appearance: Hashable, Sendable, CaseIterable {
    /// Edge to edge; headers pin to the top while their section scrolls.
    case plain
    /// Edge to edge, one blank row above and below each section.
    case grouped
    /// Inset from the sides (2 cells, 4 in regular width) on a background, rows between.
    case insetGrouped
    /// Inset by one cell on each side, a blank row above each section.
    case sidebar
  }

  /// Where a section's header comes from.
  public enum HeaderMode: Hashable, Sendable {
    case none
    /// A boundary supplementary item of kind `ListConfiguration.headerElementKind`.
    case supplementary
    /// The first item of the section is its header (laid out as a row).
    case firstItemInSection
  }

  /// Where a section's footer comes from.
  public enum FooterMode: Hashable, Sendable {
    case none
    /// A boundary supplementary item of kind `ListConfiguration.footerElementKind`.
    case supplementary
  }

  public static let headerElementKind = "list-header"
  public static let footerElementKind = "list-footer"
  public static let backgroundElementKind = "list-background"

  public var appearance: Appearance
  public var headerMode: HeaderMode = .none
  public var footerMode: FooterMode = .none
  /// Each row's height; `.estimated` lets a sizing callback measure rows.
  public var rowHeight: LayoutDimension = .estimated(1)
  /// Header and footer heights in rows.
  public var headerHeight: Int = 1
  public var footerHeight: Int = 1
  /// Rows between neighbouring rows.
  public var rowSpacing: Int = 0

  public init(
    appearance: Appearance, headerMode: HeaderMode = .none, footerMode: FooterMode = .none,
    rowHeight: LayoutDimension = .estimated(1), rowSpacing: Int = 0
  ) {
    self.appearance = appearance
    self.headerMode = headerMode
    self.footerMode = footerMode
    self.rowHeight = rowHeight
    self.rowSpacing = rowSpacing
  }
}

extension LayoutSection {
  /// A list section: one full-width row per item, styled by `configuration`.
  public static func list(
    using configuration: ListConfiguration, layoutEnvironment: LayoutEnvironment
  ) -> LayoutSection {
    let row = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: configuration.rowHeight))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: configuration.rowHeight),
      subitems: [row])
    var section = LayoutSection(group: group)
    section.interGroupSpacing = configuration.rowSpacing
    let regular = layoutEnvironment.traitCollection.horizontalSizeClass == .regular
    switch configuration.appearance {
    case .plain:
      break
    case .grouped:
      section.contentInsets = DirectionalEdgeInsets(top: 1, bottom: 1)
    case .insetGrouped:
      let side = regular ? 4 : 2
      section.contentInsets = DirectionalEdgeInsets(
        top: 1, leading: side, bottom: 1, trailing: side)
      var background = DecorationItem.background(
        elementKind: ListConfiguration.backgroundElementKind)
      background.contentInsets = DirectionalEdgeInsets(leading: side - 1, trailing: side - 1)
      section.decorationItems = [background]
    case .sidebar:
      section.contentInsets = DirectionalEdgeInsets(top: 1, leading: 1, trailing: 1)
    }
    if configuration.headerMode == .supplementary {
      var header = BoundarySupplementaryItem(
        layoutSize: LayoutSize(
          widthDimension: .fractionalWidth(1),
          heightDimension: .absolute(Double(configuration.headerHeight))),
        elementKind: ListConfiguration.headerElementKind, alignment: .top)
      header.pinToVisibleBounds = configuration.appearance == .plain
      section.boundarySupplementaryItems.append(header)
    }
    if configuration.footerMode == .supplementary {
      section.boundarySupplementaryItems.append(
        BoundarySupplementaryItem(
          layoutSize: LayoutSize(
            widthDimension: .fractionalWidth(1),
            heightDimension: .absolute(Double(configuration.footerHeight))),
          elementKind: ListConfiguration.footerElementKind, alignment: .bottom))
    }
    return section
  }
}

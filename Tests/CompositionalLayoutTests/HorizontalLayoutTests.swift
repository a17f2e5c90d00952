import CompositionalLayout
import Testing

@Suite struct HorizontalLayoutTests {
  private func horizontal(_ section: LayoutSection, spacing: Int = 0) -> CompositionalLayout {
    CompositionalLayout(
      section: section,
      configuration: LayoutConfiguration(scrollDirection: .horizontal, interSectionSpacing: spacing)
    )
  }

  @Test func groupsAdvanceLeftToRight() {
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
    let column = LayoutGroup.vertical(
      layoutSize: LayoutSize(widthDimension: .absolute(6), heightDimension: .fractionalHeight(1)),
      subitems: [item])
    var section = LayoutSection(group: column)
    section.interGroupSpacing = 1
    let solved = horizontal(section).prepare(
      containerSize: CellSize(width: 20, height: 4), itemCounts: [5])
    #expect(solved.contentSize == CellSize(width: 20, height: 4))
    let expected = """
      AAAAAA.CCCCCC.EEEEEE
      AAAAAA.CCCCCC.EEEEEE
      BBBBBB.DDDDDD.......
      BBBBBB.DDDDDD.......
      """
    #expect(solved.textPicture() == expected)
    #expect(solved.sections[0].frame == CellRect(x: 0, y: 0, width: 20, height: 4))
    let visible = solved.attributes(in: CellRect(x: 7, y: 2, width: 6, height: 2)).map(
      \.indexPath.item)
    #expect(visible == [3])
  }

  @Test func squaresStaySquareAndLeadingHeadersComeFirst() {
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalHeight(1), heightDimension: .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalHeight(1), heightDimension: .fractionalHeight(1)),
      subitems: [item])
    var section = LayoutSection(group: group)
    section.boundarySupplementaryItems = [
      BoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .absolute(2), heightDimension: .fractionalHeight(1)),
        elementKind: "header", alignment: .leading)
    ]
    let solved = horizontal(section, spacing: 1).prepare(
      containerSize: CellSize(width: 30, height: 3), itemCounts: [2, 1])
    let expected = """
      ##AAAAAABBBBBB.##AAAAAA
      ##AAAAAABBBBBB.##AAAAAA
      ##AAAAAABBBBBB.##AAAAAA
      """
    #expect(solved.textPicture() == expected)
  }
}

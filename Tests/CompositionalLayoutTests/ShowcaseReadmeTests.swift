import CompositionalLayout
import Testing

/// The showcase exactly as the module's README.md writes it (keep the two in step).
private let readmeShowcase = CompositionalLayout { index, environment in
  let traits = environment.traitCollection
  let regular = traits.horizontalSizeClass == .regular
  let width = Double(environment.container.effectiveContentSize.width)
  // Compact height: rows shrink so one full row and its header always fit.
  let tallest = Double(max(1, environment.container.effectiveContentSize.height - 2))
  let header = BoundarySupplementaryItem(
    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
    elementKind: "header", alignment: .top)
  let item = LayoutItem(
    layoutSize: LayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
  if index == 0 {  // Office: one orthogonal row, one picture per page with the next peeking
    var group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(regular ? 0.5 : 0.85),
        heightDimension: .absolute(min(12, tallest))),
      repeatingSubitem: item, count: regular ? 2 : 1)
    group.interItemSpacing = .fixed(1)
    group.contentInsets = DirectionalEdgeInsets(leading: 1, trailing: 1)
    var section = LayoutSection(group: group)
    section.orthogonalScrollingBehavior = .groupPaging
    section.boundarySupplementaryItems = [header]
    return section
  }
  let columns = index == 1 ? (regular ? 3 : 2) : (regular ? 6 : 4)  // Kitchen, MacBook
  var cell = LayoutItem(
    layoutSize: LayoutSize(
      widthDimension: .fractionalWidth(1 / Double(columns)),
      heightDimension: .fractionalHeight(1)))
  cell.contentInsets = DirectionalEdgeInsets(all: 1)
  let square = width / Double(columns) / traits.cellAspect
  let row = LayoutGroup.horizontal(
    layoutSize: LayoutSize(
      widthDimension: .fractionalWidth(1), heightDimension: .absolute(min(square, tallest))),
    subitems: [cell])
  var section = LayoutSection(group: row)
  section.boundarySupplementaryItems = [header]
  return section
}

@Suite struct ShowcaseReadmeTests {
  /// Distinct item widths and columns of the first row of each section.
  private func columns(_ solved: SolvedLayout, section: Int) -> Int {
    let frames = (0..<solved.numberOfItems(inSection: section)).compactMap {
      solved.frame(for: ItemIndexPath(item: $0, section: section))
    }
    return frames.filter { $0.minY == frames.first?.minY }.count
  }

  @Test(arguments: [
    (80, 24, 2, 4, 1), (90, 50, 2, 4, 1), (200, 60, 3, 6, 2), (200, 24, 3, 6, 2),
  ])
  func followsTheSizeClassRules(width: Int, height: Int, kitchen: Int, macBook: Int, perPage: Int) {
    let solved = readmeShowcase.prepare(
      containerSize: CellSize(width: width, height: height), itemCounts: [8, 12, 25])
    #expect(solved.sections[0].isOrthogonal)
    #expect(solved.sections[0].itemsPerGroup == perPage)
    #expect(columns(solved, section: 1) == kitchen)
    #expect(columns(solved, section: 2) == macBook)
    // One full row of every grid fits with its header.
    for section in solved.sections {
      #expect(section.groupSize.height + 1 <= height)
    }
    // In compact width the next Office picture peeks in at the right edge.
    if perPage == 1 {
      let next = solved.frame(for: ItemIndexPath(item: 1, section: 0))
      #expect((next?.minX ?? width) < width)
    }
    // Paging moves by whole groups.
    let rest = solved.restingOffset(proposed: 1, direction: .forward, section: 0)
    #expect(rest == solved.sections[0].groupSize.width)
  }

  @Test func compactPictureIsStable() {
    let solved = readmeShowcase.prepare(
      containerSize: CellSize(width: 24, height: 12), itemCounts: [3, 3, 5])
    let expected = """
      ########################
      .AAAAAAAAAAAAAAAAAA..BBB
      .AAAAAAAAAAAAAAAAAA..BBB
      .AAAAAAAAAAAAAAAAAA..BBB
      .AAAAAAAAAAAAAAAAAA..BBB
      .AAAAAAAAAAAAAAAAAA..BBB
      .AAAAAAAAAAAAAAAAAA..BBB
      .AAAAAAAAAAAAAAAAAA..BBB
      .AAAAAAAAAAAAAAAAAA..BBB
      .AAAAAAAAAAAAAAAAAA..BBB
      .AAAAAAAAAAAAAAAAAA..BBB
      ########################
      """
    #expect(solved.textPicture(in: CellRect(x: 0, y: 0, width: 24, height: 12)) == expected)
    let hit = solved.indexPath(at: CellPoint(x: 21, y: 3))
    #expect(hit == ItemIndexPath(item: 1, section: 0))
    #expect(solved.indexPath(at: CellPoint(x: 0, y: 3)) == nil)
    #expect(solved.section(atRow: 0) == 0 && solved.section(atRow: 11) == 1)
  }
}

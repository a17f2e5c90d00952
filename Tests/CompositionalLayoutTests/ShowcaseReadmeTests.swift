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
  if index == 0 {  // Office: one orthogonal row of pictures 0.85 (compact) or 0.5 wide
    var picture = item
    picture.contentInsets = DirectionalEdgeInsets(leading: 1, trailing: 1)
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(regular ? 0.5 : 0.85),
        heightDimension: .absolute(min(12, tallest))),
      repeatingSubitem: picture, count: 1)
    var section = LayoutSection(group: group)
    // Compact: the picture rests centred, both neighbours peeking in; regular: pages of two.
    section.orthogonalScrollingBehavior = regular ? .paging : .groupPagingCentered
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
    (80, 24, 2, 4, false), (90, 50, 2, 4, false), (200, 60, 3, 6, true), (200, 24, 3, 6, true),
  ])
  func followsTheSizeClassRules(
    width: Int, height: Int, kitchen: Int, macBook: Int, regular: Bool
  ) {
    let solved = readmeShowcase.prepare(
      containerSize: CellSize(width: width, height: height), itemCounts: [8, 12, 25])
    #expect(solved.sections[0].isOrthogonal)
    #expect(solved.sections[0].itemsPerGroup == 1)
    #expect(columns(solved, section: 1) == kitchen)
    #expect(columns(solved, section: 2) == macBook)
    // One full row of every grid fits with its header.
    for section in solved.sections {
      #expect(section.groupSize.height + 1 <= height)
    }
    let stride = solved.sections[0].groupSize.width  // no spacing between groups
    if regular {
      // Pages of two pictures: the width, two groups exactly.
      let rest = solved.restingOffset(proposed: 1, direction: .forward, section: 0)
      #expect(rest == solved.sections[0].visibleWidth)
      #expect(abs(rest - 2 * stride) <= 1)
    } else {
      // One group at a time, centred, with both neighbours peeking in.
      let rest = solved.restingOffset(proposed: 1, direction: .forward, section: 0)
      #expect(rest == stride)
      let offsets = [0: rest]
      let focused = solved.frame(
        for: ItemIndexPath(item: 1, section: 0), orthogonalOffsets: offsets)
      let before = solved.frame(for: ItemIndexPath(item: 0, section: 0), orthogonalOffsets: offsets)
      let after = solved.frame(for: ItemIndexPath(item: 2, section: 0), orthogonalOffsets: offsets)
      if let focused, let before, let after {
        #expect(abs(focused.minX - (width - focused.maxX)) <= 2)
        #expect(before.maxX > 0 && after.minX < width)
      } else {
        Issue.record("the row has frames")
      }
    }
  }

  @Test func compactPictureIsStable() {
    let solved = readmeShowcase.prepare(
      containerSize: CellSize(width: 24, height: 12), itemCounts: [3, 3, 5])
    let expected = """
      ########################
      ...AAAAAAAAAAAAAAAAAA..B
      ...AAAAAAAAAAAAAAAAAA..B
      ...AAAAAAAAAAAAAAAAAA..B
      ...AAAAAAAAAAAAAAAAAA..B
      ...AAAAAAAAAAAAAAAAAA..B
      ...AAAAAAAAAAAAAAAAAA..B
      ...AAAAAAAAAAAAAAAAAA..B
      ...AAAAAAAAAAAAAAAAAA..B
      ...AAAAAAAAAAAAAAAAAA..B
      ...AAAAAAAAAAAAAAAAAA..B
      ########################
      """
    #expect(solved.textPicture(in: CellRect(x: 0, y: 0, width: 24, height: 12)) == expected)
    let hit = solved.indexPath(at: CellPoint(x: 23, y: 3))
    #expect(hit == ItemIndexPath(item: 1, section: 0))
    #expect(solved.indexPath(at: CellPoint(x: 0, y: 3)) == nil)
    #expect(solved.section(atRow: 0) == 0 && solved.section(atRow: 11) == 1)
  }
}

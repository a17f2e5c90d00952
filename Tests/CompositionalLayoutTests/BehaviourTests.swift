import CompositionalLayout
import Testing

private func fullSize(_ width: Double, _ height: LayoutDimension) -> LayoutSize {
  LayoutSize(widthDimension: .fractionalWidth(width), heightDimension: height)
}

@Suite struct BehaviourTests {
  @Test func degenerateInputGivesADefinedResult() {
    let item = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(2.5), heightDimension: .absolute(-3)))
    let group = LayoutGroup.horizontal(layoutSize: fullSize(1, .absolute(.nan)), subitems: [item])
    var section = LayoutSection(group: group)
    section.contentInsets = DirectionalEdgeInsets(all: -4)
    section.interGroupSpacing = -2
    let layout = CompositionalLayout(section: section)
    for size in [
      CellSize(width: 0, height: 0), CellSize(width: -5, height: -5),
      CellSize(width: 10, height: 4),
    ] {
      for counts in [[], [0], [-3], [5, 0, 2]] {
        let solved = layout.prepare(containerSize: size, itemCounts: counts)
        #expect(solved.contentSize.width >= 0 && solved.contentSize.height >= 0)
        let all = solved.attributes(in: CellRect(x: -100, y: -100, width: 300, height: 300))
        #expect(all.allSatisfy { $0.frame.width >= 0 && $0.frame.height >= 0 })
        #expect(solved.frame(for: ItemIndexPath(item: 0, section: 99)) == nil)
        #expect(solved.frame(for: ItemIndexPath(item: -1, section: 0)) == nil)
        _ = solved.textPicture()
        _ = solved.restingOffset(proposed: 5, direction: .forward, section: 0)
      }
    }
    // A subitem wider than its group is shrunk to the group: one per row, never two.
    let wide = layout.prepare(containerSize: CellSize(width: 10, height: 4), itemCounts: [3])
    #expect(wide.frame(for: ItemIndexPath(item: 1, section: 0))?.minX == 0)
    // Groups with nothing in them and repeating counts of zero place no items.
    let empty = LayoutGroup.horizontal(
      layoutSize: fullSize(1, .absolute(2)), repeatingSubitem: item, count: 0)
    let none = CompositionalLayout(section: LayoutSection(group: empty))
      .prepare(containerSize: CellSize(width: 10, height: 4), itemCounts: [3])
    #expect(none.frame(for: ItemIndexPath(item: 0, section: 0)) == nil)
    #expect(none.sections[0].groupCount == 0)
  }

  @Test func extremeNumbersNeverTrap() {
    var item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .absolute(1e300), heightDimension: .absolute(.infinity)))
    item.contentInsets = DirectionalEdgeInsets(all: Int.max)
    let group = LayoutGroup.horizontal(layoutSize: fullSize(1e12, .absolute(4)), subitems: [item])
    var section = LayoutSection(group: group)
    section.interGroupSpacing = Int.max
    section.contentInsets = DirectionalEdgeInsets(
      top: Int.max, leading: Int.min, bottom: 3, trailing: Int.max)
    section.orthogonalScrollingBehavior = .paging
    var plain = Showcase.grid()
    plain.interGroupSpacing = Int.max
    for layout in [
      CompositionalLayout(section: section), CompositionalLayout(section: plain),
      Showcase.gallery(),
    ] {
      for size in [CellSize(width: Int.max, height: Int.max), CellSize(width: Int.min, height: 3)] {
        let solved = layout.prepare(containerSize: size, itemCounts: [Int.max, Int.max, 3])
        #expect(solved.contentSize.height >= 0)
        for rect in [
          CellRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max),
          CellRect(x: Int.max, y: Int.max, width: Int.max, height: Int.max),
          CellRect(x: 0, y: 0, width: 80, height: 24),
        ] {
          let found = solved.attributes(in: rect, orthogonalOffsets: [0: Int.min, 1: Int.max])
          #expect(found.count < 10_000)
        }
        _ = solved.frame(
          for: ItemIndexPath(item: Int.max - 1, section: 0), orthogonalOffsets: [0: Int.max])
        _ = solved.restingOffset(proposed: Int.max, direction: .forward, section: 0)
        _ = solved.restingOffset(proposed: Int.min, direction: .backward, section: 0)
        _ = solved.indexPath(at: CellPoint(x: Int.max, y: Int.min))
      }
    }
  }

  @Test func subitemsThatDoNotFitAreSkipped() {
    // Four quarters plus spacing do not fit: the fourth is skipped, the next row starts over.
    let item = LayoutItem(layoutSize: fullSize(0.25, .fractionalHeight(1)))
    var group = LayoutGroup.horizontal(layoutSize: fullSize(1, .absolute(1)), subitems: [item])
    group.interItemSpacing = .fixed(1)
    let solved = CompositionalLayout(section: LayoutSection(group: group))
      .prepare(containerSize: CellSize(width: 20, height: 5), itemCounts: [4])
    #expect(solved.sections[0].itemsPerGroup == 3)
    #expect(solved.textPicture() == "AAAAA.BBBBB.CCCCC...\nDDDDD...............")
  }

  @Test func repeatingSubitemSharesTheExtentAndOverflowsPastIt() {
    let item = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .absolute(50), heightDimension: .absolute(1)))
    var group = LayoutGroup.horizontal(
      layoutSize: fullSize(1, .absolute(1)), repeatingSubitem: item, count: 3)
    group.interItemSpacing = .fixed(1)
    let solved = CompositionalLayout(section: LayoutSection(group: group))
      .prepare(containerSize: CellSize(width: 11, height: 5), itemCounts: [3])
    #expect(solved.textPicture() == "AAA.BBB.CCC")
    var crowded = group
    crowded.interItemSpacing = .fixed(8)
    let over = CompositionalLayout(section: LayoutSection(group: crowded))
      .prepare(containerSize: CellSize(width: 11, height: 5), itemCounts: [3])
    #expect(
      over.frame(for: ItemIndexPath(item: 2, section: 0))
        == CellRect(x: 16, y: 0, width: 0, height: 1))
  }

  @Test func customGroupsPlaceItemsWhereTheProviderSays() {
    let group = LayoutGroup.custom(layoutSize: fullSize(1, .absolute(3))) { container in
      [
        GroupCustomItem(
          frame: CellRect(x: 0, y: 0, width: container.contentSize.width / 2, height: 3)),
        GroupCustomItem(
          frame: CellRect(x: container.contentSize.width / 2, y: 1, width: 2, height: 1)),
      ]
    }
    let solved = CompositionalLayout(section: LayoutSection(group: group))
      .prepare(containerSize: CellSize(width: 8, height: 5), itemCounts: [3])
    #expect(solved.textPicture() == "AAAA....\nAAAABB..\nAAAA....\nCCCC....\nCCCC....\nCCCC....")
  }

  @Test func nestedGroupsAndVerticalStacks() {
    let small = LayoutItem(layoutSize: fullSize(1, .fractionalHeight(0.5)))
    let stack = LayoutGroup.vertical(
      layoutSize: fullSize(0.5, .fractionalHeight(1)), subitems: [small])
    let big = LayoutItem(layoutSize: fullSize(0.5, .fractionalHeight(1)))
    let group = LayoutGroup.horizontal(
      layoutSize: fullSize(1, .absolute(4)), subitems: [big, stack])
    let solved = CompositionalLayout(section: LayoutSection(group: group))
      .prepare(containerSize: CellSize(width: 6, height: 5), itemCounts: [6])
    #expect(
      solved.textPicture() == "AAABBB\nAAABBB\nAAACCC\nAAACCC\nDDDEEE\nDDDEEE\nDDDFFF\nDDDFFF")
  }

  @Test func estimatedHeightsAreMeasuredIntoPrefixSums() {
    let list = ListConfiguration(appearance: .plain, rowSpacing: 1)
    let layout = CompositionalLayout { _, environment in
      LayoutSection.list(using: list, layoutEnvironment: environment)
    }
    let heights = [2, 1, 3, 1, 2, 4, 1]
    let solved = layout.prepare(
      containerSize: CellSize(width: 5, height: 10), itemCounts: [heights.count],
      sizing: { path, proposed in CellSize(width: proposed.width, height: heights[path.item]) })
    var top = 0
    for (item, height) in heights.enumerated() {
      #expect(
        solved.frame(for: ItemIndexPath(item: item, section: 0))
          == CellRect(x: 0, y: top, width: 5, height: height))
      top += height + 1
    }
    #expect(solved.contentSize.height == top - 1)
    let visible = solved.attributes(in: CellRect(x: 0, y: 6, width: 5, height: 4)).map(
      \.indexPath.item)
    #expect(visible == [2, 3])
    // Without a sizing callback the estimate stands and the stride stays fixed.
    let estimated = layout.prepare(containerSize: CellSize(width: 5, height: 10), itemCounts: [4])
    #expect(estimated.frame(for: ItemIndexPath(item: 3, section: 0))?.minY == 6)
  }

  @Test func measuredStacksAddTheirItemsHeights() {
    var item = LayoutItem(layoutSize: fullSize(1, .estimated(1)))
    item.contentInsets = DirectionalEdgeInsets(bottom: 1)
    var stack = LayoutGroup.vertical(
      layoutSize: fullSize(0.5, .estimated(2)), subitems: [item, item])
    stack.interItemSpacing = .fixed(1)
    let solved = CompositionalLayout(section: LayoutSection(group: stack)).prepare(
      containerSize: CellSize(width: 8, height: 10), itemCounts: [3],
      sizing: { path, proposed in CellSize(width: proposed.width, height: path.item + 1) })
    let frames = (0..<3).compactMap { solved.frame(for: ItemIndexPath(item: $0, section: 0)) }
    // Item 0: 1 row + 1 inset, spacing 1, item 1: 2 rows + 1 inset; next group at 6.
    #expect(
      frames == [
        CellRect(x: 0, y: 0, width: 4, height: 1), CellRect(x: 0, y: 3, width: 4, height: 2),
        CellRect(x: 0, y: 6, width: 4, height: 3),
      ])
    #expect(solved.contentSize.height == 10)
  }

  @Test func pinnedHeadersStickToTheTopOfTheVisibleRect() {
    let list = ListConfiguration(
      appearance: .plain, headerMode: .supplementary, rowHeight: .absolute(1))
    let layout = CompositionalLayout { _, environment in
      LayoutSection.list(using: list, layoutEnvironment: environment)
    }
    let solved = layout.prepare(containerSize: CellSize(width: 4, height: 3), itemCounts: [5, 5])
    func header(_ section: Int, top: Int) -> LayoutAttributes? {
      solved.attributes(in: CellRect(x: 0, y: top, width: 4, height: 3)).first {
        $0.elementKind == ListConfiguration.headerElementKind && $0.indexPath.section == section
      }
    }
    #expect(header(0, top: 0)?.pinnedFrame == nil)
    #expect(header(0, top: 3)?.displayFrame == CellRect(x: 0, y: 3, width: 4, height: 1))
    // Pushed up by the end of its section.
    #expect(header(0, top: 5)?.displayFrame == CellRect(x: 0, y: 5, width: 4, height: 1))
    #expect(header(0, top: 6) == nil)
    #expect(header(1, top: 8)?.displayFrame == CellRect(x: 0, y: 8, width: 4, height: 1))
  }

  @Test func badgesDecorationsAndLayoutHeaders() {
    let badge = SupplementaryItem(
      layoutSize: LayoutSize(widthDimension: .absolute(1), heightDimension: .absolute(1)),
      elementKind: "badge", containerAnchor: LayoutAnchor(edges: [.top, .trailing]))
    let item = LayoutItem(
      layoutSize: fullSize(0.5, .fractionalHeight(1)), supplementaryItems: [badge])
    var section = LayoutSection(
      group: .horizontal(layoutSize: fullSize(1, .absolute(2)), subitems: [item]))
    section.decorationItems = [.background(elementKind: "background")]
    section.contentInsets = DirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
    var configuration = LayoutConfiguration(interSectionSpacing: 1)
    configuration.boundarySupplementaryItems = [
      BoundarySupplementaryItem(
        layoutSize: fullSize(1, .absolute(1)), elementKind: "title", alignment: .top)
    ]
    let solved = CompositionalLayout(section: section, configuration: configuration)
      .prepare(containerSize: CellSize(width: 8, height: 10), itemCounts: [2, 1])
    let expected = """
      ########
      ::::::::
      :AA#BB#:
      :AAABBB:
      ::::::::
      ........
      ::::::::
      :AA#::::
      :AAA::::
      ::::::::
      """
    #expect(solved.textPicture() == expected.split(separator: "\n").joined(separator: "\n"))
    let kinds = solved.attributes(in: CellRect(x: 0, y: 0, width: 8, height: 5)).compactMap(
      \.elementKind)
    #expect(kinds == ["title", "background", "badge", "badge"])
  }

  @Test func groupBadgesAnchorToTheGroupAndTravelWithItsFirstItem() {
    let item = LayoutItem(layoutSize: fullSize(0.5, .fractionalHeight(1)))
    var group = LayoutGroup.horizontal(layoutSize: fullSize(1, .absolute(2)), subitems: [item])
    group.supplementaryItems = [
      SupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .absolute(2), heightDimension: .absolute(1)),
        elementKind: "count", containerAnchor: LayoutAnchor(edges: [.bottom, .trailing]))
    ]
    let solved = CompositionalLayout(section: LayoutSection(group: group))
      .prepare(containerSize: CellSize(width: 6, height: 4), itemCounts: [3])
    let badges = solved.attributes(in: CellRect(x: 0, y: 0, width: 6, height: 4))
      .filter { $0.elementKind == "count" }
    #expect(badges.map(\.indexPath.item) == [0, 2])
    #expect(
      badges.map(\.frame) == [
        CellRect(x: 4, y: 1, width: 2, height: 1), CellRect(x: 4, y: 3, width: 2, height: 1),
      ])
  }

  @Test func edgeSpacingAndFlexibleSpacingShareTheLeftover() {
    var item = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .absolute(2), heightDimension: .absolute(1)))
    item.edgeSpacing = LayoutEdgeSpacing(
      leading: .flexible(0), top: .fixed(1), trailing: .flexible(0))
    let group = LayoutGroup.horizontal(
      layoutSize: fullSize(1, .absolute(2)), repeatingSubitem: item, count: 1)
    let solved = CompositionalLayout(section: LayoutSection(group: group))
      .prepare(containerSize: CellSize(width: 10, height: 4), itemCounts: [1])
    #expect(
      solved.frame(for: ItemIndexPath(item: 0, section: 0))
        == CellRect(x: 0, y: 1, width: 10, height: 1))
    var pattern = LayoutGroup.horizontal(layoutSize: fullSize(1, .absolute(2)), subitems: [item])
    pattern.interItemSpacing = .fixed(1)
    let centred = CompositionalLayout(section: LayoutSection(group: pattern))
      .prepare(containerSize: CellSize(width: 10, height: 4), itemCounts: [3])
    #expect(centred.textPicture() == "..........\nAA..BB..CC")
  }

  @Test func everyOrthogonalBehaviourLaysOutOneRow() {
    for behavior in OrthogonalScrollingBehavior.allCases where behavior != .none {
      let solved = CompositionalLayout(section: Showcase.officeRow(behavior, width: 0.5))
        .prepare(containerSize: CellSize(width: 20, height: 10), itemCounts: [6])
      let info = solved.sections[0]
      #expect(info.isOrthogonal && info.frame.height == 3 && info.groupCount == 6)
      let frames = (0..<6).compactMap { solved.frame(for: ItemIndexPath(item: $0, section: 0)) }
      #expect(Set(frames.map(\.minY)) == [0])
      #expect(info.orthogonalContentWidth >= 60)
      let last = solved.frame(
        for: ItemIndexPath(item: 5, section: 0),
        orthogonalOffsets: [0: info.maximumOrthogonalOffset])
      #expect((last?.maxX ?? 99) <= 20)
      let shown = solved.orthogonalOffset(toShow: ItemIndexPath(item: 3, section: 0), current: 0)
      let frame = solved.frame(
        for: ItemIndexPath(item: 3, section: 0), orthogonalOffsets: [0: shown])
      #expect((frame?.minX ?? -1) >= 0 && (frame?.maxX ?? 99) <= 20)
    }
  }
}

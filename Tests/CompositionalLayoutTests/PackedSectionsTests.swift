import CompositionalLayout
import Testing

/// `SectionPacking.besideNeighbours`: small sections side by side in the slots of one
/// row, each under its own header, big ones across the whole width.
@Suite struct PackedSectionsTests {
  /// A grid of `columns` under a one-row header, packing when `packs`.
  static func layout(columns: Int = 4, rowHeight: Double = 2, packs: Bool = true, spacing: Int = 1)
    -> CompositionalLayout
  {
    var section = Showcase.grid(columns: columns, rowHeight: rowHeight)
    section.boundarySupplementaryItems = [Showcase.sectionHeader()]
    section.packing = packs ? .besideNeighbours : .none
    return CompositionalLayout(
      section: section, configuration: LayoutConfiguration(interSectionSpacing: spacing))
  }

  @Test func smallSectionsShareRowsAndBigOnesKeepTheWholeWidth() {
    let solved = Self.layout().prepare(
      containerSize: CellSize(width: 16, height: 20), itemCounts: [1, 2, 1, 1, 6, 3, 3])
    let sections = solved.sections
    #expect(sections.map(\.isPacked) == [true, true, true, true, false, true, true])
    #expect(sections.map(\.packedSlots) == [0..<1, 1..<3, 3..<4, 0..<1, nil, 0..<3, 0..<3])
    // 1 + 2 + 1 fill the first row; the fourth starts the next; the six take the whole
    // width; three and three do not fit in four slots.
    #expect(sections.map(\.frame.minY) == [0, 0, 0, 4, 8, 14, 18])
    #expect(sections.map(\.frame.minX) == [0, 4, 12, 0, 0, 0, 0])
    #expect(sections.map(\.frame.width) == [4, 8, 4, 4, 16, 12, 12])
    #expect(
      solved.frame(for: ItemIndexPath(item: 1, section: 1))
        == CellRect(x: 8, y: 1, width: 4, height: 2))
    #expect(solved.contentSize.height == 21)
    #expect(
      solved.textPicture(in: CellRect(x: 0, y: 0, width: 16, height: 8)) == """
        ################
        AAAAAAAABBBBAAAA
        AAAAAAAABBBBAAAA
        ................
        ####............
        AAAA............
        AAAA............
        ................
        """)
  }

  @Test func eachPackedSectionHasItsOwnHeaderOverItsSlots() {
    let solved = Self.layout().prepare(
      containerSize: CellSize(width: 16, height: 20), itemCounts: [1, 2, 1])
    let headers = solved.attributes(in: CellRect(x: 0, y: 0, width: 16, height: 20))
      .filter { $0.elementKind == Showcase.header }
    #expect(headers.map(\.indexPath.section) == [0, 1, 2])
    #expect(
      headers.map(\.frame) == [
        CellRect(x: 0, y: 0, width: 4, height: 1), CellRect(x: 4, y: 0, width: 8, height: 1),
        CellRect(x: 12, y: 0, width: 4, height: 1),
      ])
    // A click finds the item of its own section.
    #expect(solved.indexPath(at: CellPoint(x: 9, y: 2)) == ItemIndexPath(item: 1, section: 1))
    #expect(solved.indexPath(at: CellPoint(x: 13, y: 1)) == ItemIndexPath(item: 0, section: 2))
    // The row's sections all start on it; a query of the row's rows finds them all.
    #expect(solved.section(atRow: 1) == 0)
    #expect(solved.attributes(in: CellRect(x: 0, y: 2, width: 16, height: 1)).count == 4)
  }

  @Test func withoutPackingEverySectionTakesTheWholeWidth() {
    let solved = Self.layout(packs: false).prepare(
      containerSize: CellSize(width: 16, height: 20), itemCounts: [1, 2, 1])
    #expect(solved.sections.allSatisfy { !$0.isPacked && $0.frame.width == 16 })
    #expect(solved.sections.map(\.frame.minY) == [0, 4, 8])
  }

  @Test func sectionsOfAnotherGroupOrHeightStartARowOfTheirOwn() {
    let layout = CompositionalLayout(
      configuration: LayoutConfiguration(interSectionSpacing: 0)
    ) { index, _ in
      var section = Showcase.grid(columns: 4, rowHeight: index >= 2 ? 3 : 2)
      section.boundarySupplementaryItems = [Showcase.sectionHeader(rows: index == 1 ? 2 : 1)]
      section.packing = .besideNeighbours
      return section
    }
    let solved = layout.prepare(
      containerSize: CellSize(width: 16, height: 20), itemCounts: [1, 1, 1, 1])
    // A taller header, then taller rows: no sharing; the last is as the third.
    #expect(solved.sections.map(\.frame.minY) == [0, 3, 7, 7])
    #expect(solved.sections.map(\.frame.minX) == [0, 0, 0, 4])
  }

  @Test func orthogonalRowsAndFoldedSectionsNeverPack() {
    var row = Showcase.grid(columns: 4)
    row.orthogonalScrollingBehavior = .continuous
    row.packing = .besideNeighbours
    let solved = CompositionalLayout(section: row).prepare(
      containerSize: CellSize(width: 16, height: 20), itemCounts: [1, 1])
    #expect(solved.sections.allSatisfy { !$0.isPacked })
    let folded = Self.layout().prepare(
      containerSize: CellSize(width: 16, height: 20), itemCounts: [1, 0, 1])
    #expect(folded.sections.map(\.isPacked) == [true, false, true])
    #expect(folded.sections[1].frame.width == 16)
    #expect(folded.sections.map(\.frame.minY) == [0, 4, 6])
  }

  @Test func aHorizontalLayoutPacksDownItsColumns() {
    // Mirrored: a vertical group of four rows, its header leading.
    var section = LayoutSection(
      group: LayoutGroup.vertical(
        layoutSize: LayoutSize(widthDimension: .absolute(2), heightDimension: .fractionalHeight(1)),
        subitems: [
          LayoutItem(
            layoutSize: LayoutSize(
              widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.25)))
        ]))
    section.boundarySupplementaryItems = [
      BoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .absolute(1), heightDimension: .fractionalHeight(1)),
        elementKind: Showcase.header, alignment: .leading)
    ]
    section.packing = .besideNeighbours
    let solved = CompositionalLayout(
      section: section, configuration: LayoutConfiguration(scrollDirection: .horizontal)
    ).prepare(containerSize: CellSize(width: 20, height: 8), itemCounts: [1, 3])
    #expect(solved.sections.map(\.frame.minX) == [0, 0])
    #expect(solved.sections.map(\.frame.minY) == [0, 2])
    #expect(
      solved.frame(for: ItemIndexPath(item: 2, section: 1))
        == CellRect(x: 1, y: 6, width: 2, height: 2))
  }

  /// Items inside their section, sections and headers apart, at every size.
  @Test func packedSectionsNeverOverlapAtAnySize() async {
    let counts = [1, 2, 1, 3, 9, 1, 1, 0, 2, 5, 1]
    var failures = 0
    for columns in [3, 4, 6, 7] {
      let layout = Self.layout(columns: columns, rowHeight: 3)
      for width in 1...160 {
        await Task.yield()
        for height in [1, 10, 50] {
          let solved = layout.prepare(
            containerSize: CellSize(width: width, height: height), itemCounts: counts)
          let all = solved.attributes(in: CellRect(origin: .zero, size: solved.contentSize))
          for (index, element) in all.enumerated() where !element.frame.isEmpty {
            let section = solved.sections[element.indexPath.section]
            if !section.frame.contains(element.frame) || element.frame.maxX > max(1, width) {
              failures += 1
            }
            for other in all[..<index] where other.frame.intersects(element.frame) {
              failures += 1
            }
          }
          for (a, b) in zip(solved.sections, solved.sections.dropFirst()) {
            let apart = a.frame.maxY <= b.frame.minY || a.frame.maxX <= b.frame.minX
            let sameRow = a.frame.minY == b.frame.minY && a.frame.maxY == b.frame.maxY
            if !apart || (a.frame.minY == b.frame.minY && !sameRow) { failures += 1 }
          }
        }
      }
    }
    #expect(failures == 0)
  }
}

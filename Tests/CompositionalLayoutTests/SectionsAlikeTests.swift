import CompositionalLayout
import Testing

/// Many sections built alike (a timeline's days) solve their group once per shape; each
/// section must still be laid out exactly by its own group.
@Suite struct SectionsAlikeTests {
  /// Sections of 2, 3, 2, 3, … columns, every fifth with inset items: each section's
  /// items are as wide and as far in as its own group says.
  @Test func eachSectionKeepsItsOwnShapeAmongManyAlike() {
    let layout = CompositionalLayout { index, _ in
      Showcase.grid(columns: index % 2 == 0 ? 2 : 3, rowHeight: 3, inset: index % 5 == 4 ? 1 : 0)
    }
    let counts = Array(repeating: 4, count: 40)
    let solved = layout.prepare(containerSize: CellSize(width: 24, height: 20), itemCounts: counts)
    for section in counts.indices {
      let columns = section % 2 == 0 ? 2 : 3
      let inset = section % 5 == 4 ? 1 : 0
      let frame = solved.frame(for: ItemIndexPath(item: 1, section: section))
      #expect(frame?.minX == 24 / columns + inset, "section \(section)")
      #expect(frame?.width == 24 / columns - 2 * inset, "section \(section)")
      #expect(frame?.height == 3 - 2 * inset, "section \(section)")
    }
  }

  /// A custom group's closure may place items differently in each section for the same
  /// container: it is asked for every section, never taken from one before.
  @Test func customGroupsAreAskedForEverySection() {
    let layout = CompositionalLayout { index, _ in
      let group = LayoutGroup.custom(
        layoutSize: LayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .absolute(2))
      ) { _ in [GroupCustomItem(frame: CellRect(x: index, y: 0, width: 2, height: 2))] }
      return LayoutSection(group: group)
    }
    let solved = layout.prepare(
      containerSize: CellSize(width: 20, height: 10), itemCounts: [1, 1, 1, 1])
    #expect(
      (0..<4).map { solved.frame(for: ItemIndexPath(item: 0, section: $0))?.minX } == [0, 1, 2, 3])
  }
}

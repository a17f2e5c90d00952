import DiffableData
import Testing

/// The flows of the list tutorial, on gallery-like data.
@Suite("Data source")
struct DataSourceTests {
  enum Area: Hashable, Sendable { case favourites, office, kitchen }

  func gallery() throws -> DiffableDataSource<Area, Int> {
    var snapshot = Snapshot<Area, Int>()
    try snapshot.appendSections([.favourites, .office, .kitchen])
    try snapshot.appendItems([1, 2, 3], toSection: .office)
    try snapshot.appendItems([10, 11], toSection: .kitchen)
    var source = DiffableDataSource<Area, Int>()
    let difference = source.apply(snapshot)
    #expect(difference.insertedSections == [0, 1, 2])
    #expect(difference.insertedItems.isEmpty)
    return source
  }

  @Test func reloadingOneChangedItemReloadsOnlyIt() throws {
    var source = try gallery()
    var snapshot = source.snapshot()
    try snapshot.reloadItems([11])
    let difference = source.apply(snapshot)
    #expect(difference.reloadedItems == [SnapshotIndexPath(item: 1, section: 2)])
    var rest = difference
    rest.reloadedItems = []
    #expect(rest.isEmpty)
    // The mark is spent: applying what is shown changes nothing.
    #expect(source.snapshot().reloadedItemIdentifiers.isEmpty)
    #expect(source.apply(source.snapshot()).isEmpty)
    var reconfigure = source.snapshot()
    try reconfigure.reconfigureItems([1])
    #expect(source.apply(reconfigure).reconfiguredItems == [SnapshotIndexPath(item: 0, section: 1)])
  }

  @Test func favouritesSectionSnapshotLeavesOtherSectionsUntouched() throws {
    var source = try gallery()
    var favourites = SectionSnapshot<Int>()
    try favourites.append([100, 101])
    var difference = try source.apply(favourites, to: .favourites)
    #expect(
      difference.insertedItems == [
        SnapshotIndexPath(item: 0, section: 0), SnapshotIndexPath(item: 1, section: 0),
      ])
    #expect(difference.deletedItems.isEmpty && difference.movedItems.isEmpty)
    #expect(difference.insertedSections.isEmpty && difference.movedSections.isEmpty)
    #expect(source.snapshot().itemIdentifiers(inSection: .office) == [1, 2, 3])

    favourites.delete([100])
    try favourites.append([102])
    difference = try source.apply(favourites, to: .favourites)
    #expect(difference.deletedItems == [SnapshotIndexPath(item: 0, section: 0)])
    #expect(difference.insertedItems == [SnapshotIndexPath(item: 1, section: 0)])
    #expect(difference.movedItems.isEmpty)
    #expect(source.snapshot(for: .favourites) == favourites)
    #expect(source.snapshot(for: .office)?.items == [1, 2, 3])
    #expect(source.itemIdentifier(for: SnapshotIndexPath(item: 0, section: 2)) == 10)
    #expect(source.indexPath(for: 102) == SnapshotIndexPath(item: 1, section: 0))
    #expect(source.sectionIdentifier(for: 1) == .office && source.sectionIdentifier(for: 3) == nil)
  }

  @Test func sectionSnapshotWithAnItemOfAnotherSectionThrows() throws {
    var source = try gallery()
    let before = source.snapshot()
    var favourites = SectionSnapshot<Int>()
    try favourites.append([100, 2])
    #expect(throws: SnapshotError<Area, Int>.duplicateItem(2)) {
      try source.apply(favourites, to: .favourites)
    }
    #expect(source.snapshot() == before)
  }

  @Test func sectionSnapshotForANewSectionAppendsIt() throws {
    var source = DiffableDataSource<Area, Int>()
    var office = SectionSnapshot<Int>()
    try office.append([1, 2])
    let difference = try source.apply(office, to: .office)
    #expect(difference.insertedSections == [0])
    #expect(source.snapshot().sectionIdentifiers == [.office])
    #expect(source.snapshot(for: .kitchen) == nil)
  }

  @Test func expandingAndCollapsingCategories() throws {
    // Categories are negative, pictures positive.
    var source = try gallery()
    var outline = SectionSnapshot<Int>()
    try outline.append([-1, -2])
    try outline.append([20, 21], to: -1)
    try outline.append([22], to: -2)
    var difference = try source.apply(outline, to: .kitchen)
    #expect(source.snapshot().itemIdentifiers(inSection: .kitchen) == [-1, -2])
    #expect(difference.deletedItems.count == 2 && difference.insertedItems.count == 2)

    var shown = try #require(source.snapshot(for: .kitchen))
    try shown.expand([-1])
    difference = try source.apply(shown, to: .kitchen)
    #expect(
      difference.insertedItems == [
        SnapshotIndexPath(item: 1, section: 2), SnapshotIndexPath(item: 2, section: 2),
      ])
    #expect(difference.deletedItems.isEmpty && difference.movedItems.isEmpty)
    #expect(source.snapshot().itemIdentifiers(inSection: .kitchen) == [-1, 20, 21, -2])

    try shown.collapse([-1])
    try shown.expand([-2])
    difference = try source.apply(shown, to: .kitchen)
    #expect(
      difference.deletedItems == [
        SnapshotIndexPath(item: 1, section: 2), SnapshotIndexPath(item: 2, section: 2),
      ])
    #expect(difference.insertedItems == [SnapshotIndexPath(item: 2, section: 2)])
    #expect(source.snapshot().itemIdentifiers(inSection: .kitchen) == [-1, -2, 22])
    #expect(source.snapshot(for: .kitchen)?.isExpanded(-2) == true)
    // Hidden children still belong to the section.
    var clash = SectionSnapshot<Int>()
    try clash.append([20])
    #expect(throws: SnapshotError<Area, Int>.duplicateItem(20)) {
      try source.apply(clash, to: .favourites)
    }
  }

  @Test func plainSnapshotDropsStaleHierarchy() throws {
    var source = try gallery()
    var outline = SectionSnapshot<Int>()
    try outline.append([-1])
    try outline.append([20], to: -1)
    try source.apply(outline, to: .kitchen)
    // Unchanged section: the hierarchy stays.
    var snapshot = source.snapshot()
    try snapshot.appendItems([4], toSection: .office)
    source.apply(snapshot)
    #expect(source.snapshot(for: .kitchen) == outline)
    // Changed section: its items become roots.
    try snapshot.appendItems([30], toSection: .kitchen)
    source.apply(snapshot)
    #expect(source.snapshot(for: .kitchen)?.items == [-1, 30])
    #expect(source.snapshot(for: .kitchen)?.level(of: 30) == 0)
  }
}

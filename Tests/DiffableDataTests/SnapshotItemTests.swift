import DiffableData
import Testing

@Suite("Snapshot items")
struct SnapshotItemTests {
  @Test func appendItemsToNamedOrLastSection() throws {
    var snapshot = IntSnapshot()
    try snapshot.appendSections([1, 2])
    try snapshot.appendItems([20, 21])
    try snapshot.appendItems([10], toSection: 1)
    try snapshot.appendItems([], toSection: 2)
    try snapshot.appendItems([11], toSection: 1)
    #expect(
      contents(snapshot) == [Section(id: 1, items: [10, 11]), Section(id: 2, items: [20, 21])])
    #expect(snapshot.itemIdentifiers == [10, 11, 20, 21])
    #expect(snapshot.indexOfItem(20) == 2)
    expectConsistent(snapshot)
  }

  @Test func appendItemsWithoutSectionsOrToAbsentSectionThrows() throws {
    var snapshot = IntSnapshot()
    #expect(throws: SnapshotError<Int, Int>.noSections) { try snapshot.appendItems([1]) }
    try snapshot.appendSections([1])
    #expect(throws: SnapshotError<Int, Int>.sectionNotFound(2)) {
      try snapshot.appendItems([1], toSection: 2)
    }
    #expect(snapshot.numberOfItems == 0)
    #expect(!"\(SnapshotError<Int, Int>.noSections)".isEmpty)
  }

  @Test func duplicateItemThrowsNamingItAndRollsBack() throws {
    var snapshot = try makeSnapshot([(1, [10, 11]), (2, [20])])
    let before = snapshot
    // Against an item already in another section.
    #expect(throws: SnapshotError<Int, Int>.duplicateItem(10)) {
      try snapshot.appendItems([30, 31, 10], toSection: 2)
    }
    #expect(snapshot == before)
    expectConsistent(snapshot)
    #expect(snapshot.indexOfItem(30) == nil)
    // Repeated within the call.
    #expect(throws: SnapshotError<Int, Int>.duplicateItem(40)) {
      try snapshot.appendItems([40, 41, 40])
    }
    #expect(snapshot.indexOfItem(40) == nil)
    // Against the anchor of an insertion, whose position the new items would take.
    #expect(throws: SnapshotError<Int, Int>.duplicateItem(11)) {
      try snapshot.insertItems([50, 11], beforeItem: 11)
    }
    #expect(snapshot == before)
    expectConsistent(snapshot)
    #expect("\(SnapshotError<Int, Int>.duplicateItem(11))".contains("11"))
  }

  @Test func insertItemsBeforeAndAfterAcrossSections() throws {
    var snapshot = try makeSnapshot([(1, [10, 12]), (2, [20])])
    try snapshot.insertItems([11], beforeItem: 12)
    try snapshot.insertItems([13, 14], afterItem: 12)
    try snapshot.insertItems([19], beforeItem: 20)
    try snapshot.insertItems([21], afterItem: 20)
    try snapshot.insertItems([9], beforeItem: 10)
    #expect(contents(snapshot).map(\.items) == [[9, 10, 11, 12, 13, 14], [19, 20, 21]])
    expectConsistent(snapshot)
  }

  @Test func insertItemsNextToAbsentItemThrows() throws {
    var snapshot = try makeSnapshot([(1, [10])])
    #expect(throws: SnapshotError<Int, Int>.itemNotFound(5)) {
      try snapshot.insertItems([1], beforeItem: 5)
    }
    #expect(throws: SnapshotError<Int, Int>.itemNotFound(5)) {
      try snapshot.insertItems([1], afterItem: 5)
    }
    #expect(snapshot.itemIdentifiers == [10])
  }

  @Test func deleteItemsIgnoresAbsentAndRepeated() throws {
    var snapshot = try makeSnapshot([(1, [10, 11, 12]), (2, []), (3, [30, 31])])
    snapshot.deleteItems([11, 99, 30, 11])
    #expect(contents(snapshot).map(\.items) == [[10, 12], [], [31]])
    expectConsistent(snapshot)
    snapshot.deleteItems([10, 12])
    #expect(contents(snapshot).map(\.items) == [[], [], [31]])
    #expect(snapshot.numberOfSections == 3)
    snapshot.deleteItems([])
    snapshot.deleteItems([77])
    expectConsistent(snapshot)
  }

  @Test func deleteAllItemsRemovesSectionsToo() throws {
    var snapshot = try makeSnapshot([(1, [10]), (2, [20])])
    try snapshot.reloadItems([10])
    snapshot.deleteAllItems()
    #expect(snapshot == IntSnapshot())
    try snapshot.appendSections([1])
    try snapshot.appendItems([10])
    expectConsistent(snapshot)
  }

  @Test func moveItemWithinAndAcrossSections() throws {
    var snapshot = try makeSnapshot([(1, [10, 11, 12]), (2, [20, 21]), (3, [])])
    try snapshot.moveItem(10, afterItem: 12)
    #expect(snapshot.itemIdentifiers(inSection: 1) == [11, 12, 10])
    try snapshot.moveItem(10, beforeItem: 11)
    #expect(snapshot.itemIdentifiers(inSection: 1) == [10, 11, 12])
    try snapshot.moveItem(21, beforeItem: 10)
    try snapshot.moveItem(11, afterItem: 20)
    #expect(contents(snapshot).map(\.items) == [[21, 10, 12], [20, 11], []])
    expectConsistent(snapshot)
  }

  @Test func moveItemToItsOwnPlaceIsANoOpAndMarksTravel() throws {
    var snapshot = try makeSnapshot([(1, [10, 11])])
    try snapshot.reloadItems([10])
    let before = snapshot
    try snapshot.moveItem(10, beforeItem: 10)
    try snapshot.moveItem(10, afterItem: 10)
    try snapshot.moveItem(10, beforeItem: 11)
    try snapshot.moveItem(11, afterItem: 10)
    #expect(snapshot == before)
    try snapshot.moveItem(10, afterItem: 11)
    #expect(snapshot.reloadedItemIdentifiers == [10])
  }

  @Test func moveItemWithAbsentItemThrows() throws {
    var snapshot = try makeSnapshot([(1, [10])])
    #expect(throws: SnapshotError<Int, Int>.itemNotFound(5)) {
      try snapshot.moveItem(5, beforeItem: 10)
    }
    #expect(throws: SnapshotError<Int, Int>.itemNotFound(6)) {
      try snapshot.moveItem(10, afterItem: 6)
    }
  }

  @Test func reloadAndReconfigureMarkInDisplayOrderOrThrow() throws {
    var snapshot = try makeSnapshot([(1, [10, 11]), (2, [20])])
    try snapshot.reloadItems([20, 10])
    try snapshot.reconfigureItems([11])
    #expect(snapshot.reloadedItemIdentifiers == [10, 20])
    #expect(snapshot.reconfiguredItemIdentifiers == [11])
    #expect(snapshot.itemIdentifiers == [10, 11, 20])
    #expect(throws: SnapshotError<Int, Int>.itemNotFound(3)) { try snapshot.reloadItems([11, 3]) }
    #expect(throws: SnapshotError<Int, Int>.itemNotFound(3)) {
      try snapshot.reconfigureItems([3])
    }
    #expect(snapshot.reloadedItemIdentifiers == [10, 20])
    snapshot.deleteItems([20])
    #expect(snapshot.reloadedItemIdentifiers == [10])
    snapshot.clearReloadMarks()
    #expect(snapshot.reloadedItemIdentifiers.isEmpty)
    #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
  }

  @Test func reservingCapacityKeepsContentsAndLookups() throws {
    var snapshot = try makeSnapshot([(1, [10, 11]), (2, [20])])
    let before = snapshot
    snapshot.reserveCapacity(items: 1000)
    #expect(snapshot == before)
    expectConsistent(snapshot)
    try snapshot.appendItems(Array(100..<900), toSection: 1)
    #expect(snapshot.indexPath(for: 899) == SnapshotIndexPath(item: 801, section: 0))
    expectConsistent(snapshot)
  }

  @Test func largeSnapshotsGrowTheirIndex() throws {
    var snapshot = IntSnapshot()
    try snapshot.appendSections(Array(0..<20))
    for section in 0..<20 {
      try snapshot.appendItems(Array((section * 500)..<(section * 500 + 500)), toSection: section)
    }
    try snapshot.insertItems([-1], beforeItem: 0)
    snapshot.deleteItems(Array(stride(from: 0, to: 10_000, by: 7)))
    expectConsistent(snapshot)
    #expect(throws: SnapshotError<Int, Int>.duplicateItem(9_999)) {
      try snapshot.appendItems([20_000, 9_999])
    }
    #expect(!snapshot.contains(item: 20_000))
    expectConsistent(snapshot)
  }

  @Test func itemIdentifierAtRejectsOutOfRangePaths() throws {
    let snapshot = try makeSnapshot([(1, [10]), (2, [])])
    #expect(snapshot.itemIdentifier(at: SnapshotIndexPath(item: 1, section: 0)) == nil)
    #expect(snapshot.itemIdentifier(at: SnapshotIndexPath(item: 0, section: 1)) == nil)
    #expect(snapshot.itemIdentifier(at: SnapshotIndexPath(item: -1, section: 0)) == nil)
    #expect(snapshot.itemIdentifier(at: SnapshotIndexPath(item: 0, section: 2)) == nil)
    #expect(SnapshotIndexPath(item: 3, section: 1).description == "[1, 3]")
    #expect(SnapshotIndexPath(item: 9, section: 0) < SnapshotIndexPath(item: 0, section: 1))
  }

  @Test func stringIdentifiersWork() throws {
    var snapshot = Snapshot<String, String>()
    try snapshot.appendSections(["Office", "Kitchen"])
    try snapshot.appendItems(["desk.jpg", "lamp.jpg"], toSection: "Office")
    try snapshot.appendItems(["sink.png"], toSection: "Kitchen")
    #expect(snapshot.sectionIdentifier(containingItem: "sink.png") == "Kitchen")
    #expect(throws: SnapshotError<String, String>.duplicateItem("desk.jpg")) {
      try snapshot.appendItems(["desk.jpg"], toSection: "Kitchen")
    }
    expectConsistent(snapshot)
  }
}

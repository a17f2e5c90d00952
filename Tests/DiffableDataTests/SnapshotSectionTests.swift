import DiffableData
import Testing

@Suite("Snapshot sections")
struct SnapshotSectionTests {
  @Test func emptySnapshotAnswersEveryQuery() {
    let snapshot = IntSnapshot()
    #expect(snapshot.numberOfSections == 0)
    #expect(snapshot.numberOfItems == 0)
    #expect(snapshot.numberOfItems(inSection: 1) == 0)
    #expect(snapshot.itemIdentifiers(inSection: 1).isEmpty)
    #expect(snapshot.sectionIdentifier(containingItem: 1) == nil)
    #expect(snapshot.indexOfItem(1) == nil)
    #expect(snapshot.indexOfSection(1) == nil)
    #expect(snapshot.indexPath(for: 1) == nil)
    #expect(snapshot.itemIdentifier(at: SnapshotIndexPath(item: 0, section: 0)) == nil)
  }

  @Test func appendSectionsKeepsOrderAndEmptySections() throws {
    var snapshot = IntSnapshot()
    try snapshot.appendSections([3, 1])
    try snapshot.appendSections([2])
    try snapshot.appendItems([10], toSection: 1)
    #expect(snapshot.sectionIdentifiers == [3, 1, 2])
    #expect(snapshot.numberOfItems(inSection: 3) == 0)
    #expect(snapshot.sectionIdentifier(containingItem: 10) == 1)
    #expect(snapshot.indexPath(for: 10) == SnapshotIndexPath(item: 0, section: 1))
    expectConsistent(snapshot)
  }

  @Test func duplicateSectionThrowsNamingItAndChangesNothing() throws {
    var snapshot = try makeSnapshot([(1, [10])])
    let before = snapshot
    #expect(throws: SnapshotError<Int, Int>.duplicateSection(1)) {
      try snapshot.appendSections([2, 1])
    }
    #expect(throws: SnapshotError<Int, Int>.duplicateSection(4)) {
      try snapshot.appendSections([4, 5, 4])
    }
    #expect(snapshot == before)
    #expect("\(SnapshotError<Int, Int>.duplicateSection(4))".contains("4"))
  }

  @Test func insertSectionsBeforeAndAfter() throws {
    var snapshot = try makeSnapshot([(1, [10, 11]), (2, [20])])
    try snapshot.insertSections([5, 6], beforeSection: 2)
    try snapshot.insertSections([7], afterSection: 2)
    try snapshot.insertSections([0], beforeSection: 1)
    #expect(snapshot.sectionIdentifiers == [0, 1, 5, 6, 2, 7])
    try snapshot.appendItems([50], toSection: 5)
    #expect(contents(snapshot).map(\.items) == [[], [10, 11], [50], [], [20], []])
    expectConsistent(snapshot)
  }

  @Test func insertSectionsNextToAbsentSectionThrows() throws {
    var snapshot = try makeSnapshot([(1, [10])])
    #expect(throws: SnapshotError<Int, Int>.sectionNotFound(9)) {
      try snapshot.insertSections([2], beforeSection: 9)
    }
    #expect(throws: SnapshotError<Int, Int>.sectionNotFound(9)) {
      try snapshot.insertSections([2], afterSection: 9)
    }
    #expect(throws: SnapshotError<Int, Int>.duplicateSection(1)) {
      try snapshot.insertSections([1], afterSection: 1)
    }
    #expect(snapshot.sectionIdentifiers == [1])
  }

  @Test func deleteSectionsRemovesTheirItemsAndIgnoresAbsent() throws {
    var snapshot = try makeSnapshot([(1, [10, 11]), (2, [20]), (3, [30, 31])])
    try snapshot.reloadItems([20, 30])
    try snapshot.reloadSections([2])
    snapshot.deleteSections([2, 99])
    #expect(
      contents(snapshot) == [Section(id: 1, items: [10, 11]), Section(id: 3, items: [30, 31])])
    #expect(snapshot.indexOfItem(20) == nil)
    #expect(snapshot.reloadedItemIdentifiers == [30])
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
    expectConsistent(snapshot)
    snapshot.deleteSections([])
    snapshot.deleteSections([42])
    #expect(snapshot.numberOfSections == 2)
    // A deleted section's items can come back elsewhere.
    try snapshot.appendItems([20], toSection: 1)
    expectConsistent(snapshot)
  }

  @Test func moveSectionCarriesItemsBothWays() throws {
    var snapshot = try makeSnapshot([(1, [10]), (2, [20, 21]), (3, []), (4, [40])])
    try snapshot.moveSection(4, beforeSection: 2)
    #expect(snapshot.sectionIdentifiers == [1, 4, 2, 3])
    try snapshot.moveSection(1, afterSection: 3)
    #expect(snapshot.sectionIdentifiers == [4, 2, 3, 1])
    try snapshot.moveSection(3, afterSection: 1)
    #expect(snapshot.sectionIdentifiers == [4, 2, 1, 3])
    #expect(snapshot.itemIdentifiers == [40, 20, 21, 10])
    expectConsistent(snapshot)
  }

  @Test func moveSectionToItsOwnPlaceIsANoOp() throws {
    var snapshot = try makeSnapshot([(1, [10]), (2, [20])])
    let before = snapshot
    try snapshot.moveSection(1, beforeSection: 1)
    try snapshot.moveSection(2, afterSection: 2)
    try snapshot.moveSection(1, beforeSection: 2)
    try snapshot.moveSection(2, afterSection: 1)
    #expect(snapshot == before)
  }

  @Test func moveSectionWithAbsentSectionThrows() throws {
    var snapshot = try makeSnapshot([(1, [10])])
    #expect(throws: SnapshotError<Int, Int>.sectionNotFound(5)) {
      try snapshot.moveSection(5, beforeSection: 1)
    }
    #expect(throws: SnapshotError<Int, Int>.sectionNotFound(6)) {
      try snapshot.moveSection(1, afterSection: 6)
    }
  }

  @Test func reloadSectionsMarksOrThrows() throws {
    var snapshot = try makeSnapshot([(1, []), (2, [])])
    try snapshot.reloadSections([2, 1])
    #expect(snapshot.reloadedSectionIdentifiers == [1, 2])
    var other = try makeSnapshot([(1, []), (2, [])])
    #expect(throws: SnapshotError<Int, Int>.sectionNotFound(3)) {
      try other.reloadSections([1, 3])
    }
    #expect(other.reloadedSectionIdentifiers.isEmpty)
    #expect(other != snapshot)
  }

  @Test func descriptionListsSectionsAndItems() throws {
    let snapshot = try makeSnapshot([(1, [10, 11]), (2, [])])
    #expect(snapshot.description == "1: 10 11\n2: ")
  }
}

import DiffableData
import Testing

@Suite("Differences")
struct DifferenceTests {
  @Test func identicalSnapshotsGiveAnEmptyDifference() throws {
    let snapshot = try makeSnapshot([(1, [10, 11]), (2, [20])])
    #expect(snapshot.difference(from: snapshot).isEmpty)
    #expect(IntSnapshot().difference(from: IntSnapshot()).isEmpty)
  }

  @Test func insertionsAndDeletionsUseNewAndOldPaths() throws {
    let old = try makeSnapshot([(1, [10, 11, 12]), (2, [20])])
    let new = try makeSnapshot([(1, [10, 12, 13]), (2, [19, 20])])
    let difference = new.difference(from: old)
    #expect(difference.deletedItems == [SnapshotIndexPath(item: 1, section: 0)])
    #expect(
      difference.insertedItems == [
        SnapshotIndexPath(item: 2, section: 0), SnapshotIndexPath(item: 0, section: 1),
      ])
    #expect(difference.movedItems.isEmpty)
    #expect(try replay(difference, on: old, toward: new) == contents(new))
  }

  @Test func oneItemMovedFarIsOneMove() throws {
    let old = try makeSnapshot([(1, Array(0..<50))])
    var new = old
    try new.moveItem(49, beforeItem: 0)
    var difference = new.difference(from: old)
    #expect(
      difference.movedItems == [
        .init(from: .init(item: 49, section: 0), to: .init(item: 0, section: 0))
      ])
    new = old
    try new.moveItem(0, afterItem: 49)
    difference = new.difference(from: old)
    #expect(
      difference.movedItems == [
        .init(from: .init(item: 0, section: 0), to: .init(item: 49, section: 0))
      ])
    #expect(difference.insertedItems.isEmpty && difference.deletedItems.isEmpty)
  }

  @Test func itemMovedAcrossSectionsIsAMove() throws {
    let old = try makeSnapshot([(1, [10, 11]), (2, [20])])
    let new = try makeSnapshot([(1, [10]), (2, [20, 11])])
    let difference = new.difference(from: old)
    #expect(
      difference.movedItems == [
        .init(from: .init(item: 1, section: 0), to: .init(item: 1, section: 1))
      ])
    #expect(try replay(difference, on: old, toward: new) == contents(new))
  }

  @Test func sectionChangesCarryTheirItemsImplicitly() throws {
    let old = try makeSnapshot([(1, [10]), (2, [20, 21]), (3, [30])])
    let new = try makeSnapshot([(3, [30]), (4, [40, 21]), (1, [10])])
    let difference = new.difference(from: old)
    #expect(difference.insertedSections == [1])
    #expect(difference.deletedSections == [1])
    #expect(difference.movedSections.count == 1)
    // 21 leaves a deleted section for an inserted one: deleted and inserted with them.
    #expect(difference.insertedItems.isEmpty && difference.deletedItems.isEmpty)
    #expect(difference.movedItems.isEmpty)
    #expect(try replay(difference, on: old, toward: new) == contents(new))
  }

  @Test func itemLeavingADeletedSectionForASurvivingOneIsInserted() throws {
    let old = try makeSnapshot([(1, [10]), (2, [20])])
    let new = try makeSnapshot([(1, [10, 20])])
    let difference = new.difference(from: old)
    #expect(difference.deletedSections == [1])
    #expect(difference.insertedItems == [SnapshotIndexPath(item: 1, section: 0)])
    #expect(difference.movedItems.isEmpty)
    #expect(try replay(difference, on: old, toward: new) == contents(new))
  }

  @Test func reloadsAndReconfiguresUseNewPathsAndSkipInsertions() throws {
    let old = try makeSnapshot([(1, [10, 11]), (2, [20])])
    var new = try makeSnapshot([(1, [9, 10, 11]), (2, [20])])
    try new.reloadItems([11, 9])
    try new.reconfigureItems([20])
    try new.reloadSections([2])
    let difference = new.difference(from: old)
    #expect(difference.reloadedItems == [SnapshotIndexPath(item: 2, section: 0)])
    #expect(difference.reconfiguredItems == [SnapshotIndexPath(item: 0, section: 1)])
    #expect(difference.reloadedSections == [1])
    #expect(difference.insertedItems == [SnapshotIndexPath(item: 0, section: 0)])
  }

  @Test func stableEntriesKeepTheLargerSide() throws {
    // Two blocks swapped: the smaller one moves.
    let old = try makeSnapshot([(1, Array(0..<10))])
    let new = try makeSnapshot([(1, Array(7..<10) + Array(0..<7))])
    let difference = new.difference(from: old)
    #expect(difference.movedItems.count == 3)
    #expect(Set(difference.movedItems.map(\.from.item)) == [7, 8, 9])
  }

  @Test(arguments: 0..<150)
  func randomEditScriptsReplayToTheNewSnapshot(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed &* 7919 &+ 1)
    var snapshot = IntSnapshot()
    var model = ModelSnapshot()
    for _ in 0..<(5 + random.below(40)) { try randomEdit(&snapshot, &model, &random) }
    snapshot.clearReloadMarks()
    let old = snapshot
    for _ in 0..<(1 + random.below(25)) { try randomEdit(&snapshot, &model, &random) }
    let difference = snapshot.difference(from: old)
    let replayed = try replay(difference, on: old, toward: snapshot)
    #expect(replayed == contents(snapshot), "seed \(seed)")
    // Sorted, unique lists, and reloads only of items marked and not inserted.
    #expect(difference.insertedItems == difference.insertedItems.sorted())
    #expect(difference.deletedItems == difference.deletedItems.sorted())
    let marked = Set(snapshot.reloadedItemIdentifiers)
    for path in difference.reloadedItems {
      let item = try #require(snapshot.itemIdentifier(at: path))
      #expect(marked.contains(item) && old.contains(item: item))
    }
  }

  @Test(arguments: 0..<30)
  func shuffledLargeSectionsReplay(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let count = 200 + random.below(300)
    var items = Array(0..<count)
    let old = try makeSnapshot([(1, items)])
    // A few far moves, a few deletions and insertions.
    for _ in 0..<random.below(12) {
      let item = items.remove(at: random.below(items.count))
      items.insert(item, at: random.below(items.count + 1))
    }
    for _ in 0..<random.below(10) { items.remove(at: random.below(items.count)) }
    for extra in 0..<random.below(10) {
      items.insert(10_000 + extra, at: random.below(items.count + 1))
    }
    let new = try makeSnapshot([(1, items)])
    let difference = new.difference(from: old)
    #expect(try replay(difference, on: old, toward: new) == contents(new))
    #expect(difference.movedItems.count <= 24)
  }
}

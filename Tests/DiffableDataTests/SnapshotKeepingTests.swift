import DiffableData
import TestSupport
import Testing

@Suite("Snapshot keeping items")
struct SnapshotKeepingTests {
  @Test func keptItemsStayInTheirSectionsAndEmptiedSectionsGo() throws {
    let snapshot = try makeSnapshot([(1, [10, 11, 12]), (2, []), (3, [30, 31]), (4, [40])])
    let kept = snapshot.keepingItems(atPositions: [0, 2, 4])
    #expect(contents(kept) == [Section(id: 1, items: [10, 12]), Section(id: 3, items: [31])])
    #expect(!kept.contains(item: 11))
    #expect(!kept.contains(item: 40))
    #expect(!kept.contains(section: 2), "an empty section is no match")
    expectConsistent(kept)
    #expect(contents(snapshot.keepingItems(atPositions: [])) == [])
  }

  /// Whatever is kept, the result is the snapshot built from the kept items directly, its
  /// every lookup right, and the snapshot grows and changes on from there as any other.
  @Test func keepingIsBuildingTheKeptItemsAfresh() throws {
    var generator = SplitMix64(seed: 2024)
    for round in 0..<200 {
      var sections: [(Int, [Int])] = []
      var next = 0
      for section in 0..<Int(generator.next() % 12) {
        let count = generator.next() % 4 == 0 ? 0 : Int(generator.next() % 40)
        sections.append((section, Array(next..<next + count)))
        next += count
      }
      let snapshot = try makeSnapshot(sections)
      let keepEvery = 1 + Int(generator.next() % 4)
      let positions = (0..<next).filter { _ in generator.next() % UInt64(keepEvery) == 0 }
      let kept = snapshot.keepingItems(atPositions: positions)
      let wanted = Set(positions)
      let expected = try makeSnapshot(
        sections.map { ($0.0, $0.1.filter(wanted.contains)) }.filter { !$0.1.isEmpty })
      #expect(contents(kept) == contents(expected), "round \(round)")
      expectConsistent(kept)
      for item in 0..<next { #expect(kept.contains(item: item) == wanted.contains(item)) }
      var grown = kept
      if let last = grown.sectionIdentifiers.last {
        try grown.appendItems([next, next + 1], toSection: last)
        #expect(throws: SnapshotError<Int, Int>.self) { try grown.appendItems([next]) }
        grown.deleteItems([positions.first ?? next])
        expectConsistent(grown)
      }
    }
  }

  /// Positions out of order, repeated or past the end are ignored; what is kept of a kept
  /// snapshot, grown afterwards, still finds every item.
  @Test func strayPositionsAreIgnoredAndKeepingNests() throws {
    let snapshot = try makeSnapshot([(1, [10, 11, 12]), (2, [20, 21]), (3, [30])])
    let kept = snapshot.keepingItems(atPositions: [0, 2, 2, 1, 4, 9, -1, 5])
    #expect(
      contents(kept) == [
        Section(id: 1, items: [10, 12]), Section(id: 2, items: [21]), Section(id: 3, items: [30]),
      ])
    expectConsistent(kept)
    var nested = kept.keepingItems(atPositions: [1, 3])
    #expect(contents(nested) == [Section(id: 1, items: [12]), Section(id: 3, items: [30])])
    try nested.appendItems([40, 41], toSection: 3)
    #expect(throws: SnapshotError<Int, Int>.self) { try nested.appendItems([12]) }
    expectConsistent(nested)
    for item in [12, 30, 40, 41] { #expect(nested.contains(item: item)) }
    for item in [10, 11, 20, 21] { #expect(!nested.contains(item: item)) }
  }
}

import DiffableData
import TestSupport
import Testing

typealias SeededGenerator = SplitMix64

typealias IntSnapshot = Snapshot<Int, Int>

/// The sections of a snapshot with their items, for comparisons.
func contents<S, I>(_ snapshot: Snapshot<S, I>) -> [Section<S, I>] {
  snapshot.sectionIdentifiers.map {
    Section(id: $0, items: snapshot.itemIdentifiers(inSection: $0))
  }
}

struct Section<S: Hashable, I: Hashable>: Hashable, CustomStringConvertible {
  var id: S
  var items: [I]
  var description: String { "\(id): \(items)" }
}

/// Builds a snapshot from sections and items; the test fails on a duplicate.
func makeSnapshot(_ sections: [(Int, [Int])]) throws -> IntSnapshot {
  var snapshot = IntSnapshot()
  for (section, items) in sections {
    try snapshot.appendSections([section])
    try snapshot.appendItems(items, toSection: section)
  }
  return snapshot
}

/// Checks every lookup of `snapshot` against its own listing, so a stale index shows.
func expectConsistent<S, I>(
  _ snapshot: Snapshot<S, I>, sourceLocation: SourceLocation = #_sourceLocation
) {
  var flat = 0
  for (sectionIndex, section) in snapshot.sectionIdentifiers.enumerated() {
    #expect(snapshot.indexOfSection(section) == sectionIndex, sourceLocation: sourceLocation)
    let items = snapshot.itemIdentifiers(inSection: section)
    #expect(
      snapshot.numberOfItems(inSection: section) == items.count, sourceLocation: sourceLocation)
    for (itemIndex, item) in items.enumerated() {
      let path = SnapshotIndexPath(item: itemIndex, section: sectionIndex)
      #expect(snapshot.indexOfItem(item) == flat, sourceLocation: sourceLocation)
      #expect(snapshot.indexPath(for: item) == path, sourceLocation: sourceLocation)
      #expect(snapshot.itemIdentifier(at: path) == item, sourceLocation: sourceLocation)
      #expect(
        snapshot.sectionIdentifier(containingItem: item) == section, sourceLocation: sourceLocation)
      flat += 1
    }
  }
  #expect(snapshot.numberOfItems == flat, sourceLocation: sourceLocation)
  #expect(snapshot.itemIdentifiers.count == flat, sourceLocation: sourceLocation)
}

enum ReplayFailure: Error, CustomStringConvertible {
  case mismatch(String)
  var description: String {
    switch self {
    case .mismatch(let reason): return reason
    }
  }
}

/// Replays `difference` on `old` the way a collection view's batch update does, taking
/// inserted identifiers from `new`, and returns the resulting sections.
///
/// Deleted and moved-away entries leave; inserted and moved entries land at their new
/// indices; every other new index is filled, in order, with the entries that stayed.
func replay<S, I>(
  _ difference: SnapshotDifference, on old: Snapshot<S, I>, toward new: Snapshot<S, I>
)
  throws -> [Section<S, I>]
{
  let oldSections = contents(old)
  let deletedSections = Set(difference.deletedSections)
  let movedAway = Set(difference.movedSections.map(\.from))
  guard deletedSections.isDisjoint(with: movedAway) else {
    throw ReplayFailure.mismatch("a section is both deleted and moved")
  }
  // Each new slot: nil until filled, or the old section index it comes from (-1: inserted).
  var slotSource = [Int?](repeating: nil, count: new.numberOfSections)
  for index in difference.insertedSections {
    guard slotSource.indices.contains(index), slotSource[index] == nil else {
      throw ReplayFailure.mismatch("bad inserted section \(index)")
    }
    slotSource[index] = -1
  }
  for move in difference.movedSections {
    guard slotSource.indices.contains(move.to), slotSource[move.to] == nil else {
      throw ReplayFailure.mismatch("bad section move \(move)")
    }
    slotSource[move.to] = move.from
  }
  var staying = oldSections.indices.filter {
    !deletedSections.contains($0) && !movedAway.contains($0)
  }
  .makeIterator()
  for slot in slotSource.indices where slotSource[slot] == nil {
    guard let next = staying.next() else { throw ReplayFailure.mismatch("too few sections stay") }
    slotSource[slot] = next
  }
  guard staying.next() == nil else { throw ReplayFailure.mismatch("too many sections stay") }

  let deletedItems = Set(difference.deletedItems)
  let movedItemsAway = Set(difference.movedItems.map(\.from))
  guard deletedItems.isDisjoint(with: movedItemsAway) else {
    throw ReplayFailure.mismatch("an item is both deleted and moved")
  }
  for path in deletedItems.union(movedItemsAway) {
    guard oldSections.indices.contains(path.section),
      !deletedSections.contains(path.section),
      oldSections[path.section].items.indices.contains(path.item)
    else { throw ReplayFailure.mismatch("bad old index path \(path)") }
  }
  var result: [Section<S, I>] = []
  let newSections = contents(new)
  let inserted = Set(difference.insertedItems)
  let movedHere = Dictionary(
    difference.movedItems.map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
  guard movedHere.count == difference.movedItems.count,
    inserted.count == difference.insertedItems.count
  else { throw ReplayFailure.mismatch("an index path is a target twice") }
  for (slot, source) in slotSource.enumerated() {
    let identifier =
      source.map { $0 >= 0 ? oldSections[$0].id : newSections[slot].id } ?? newSections[slot].id
    guard let source, source >= 0 else {
      // An inserted section comes with its items.
      result.append(Section(id: identifier, items: newSections[slot].items))
      continue
    }
    var stayed = oldSections[source].items.indices.filter {
      let path = SnapshotIndexPath(item: $0, section: source)
      return !deletedItems.contains(path) && !movedItemsAway.contains(path)
    }.map { oldSections[source].items[$0] }.makeIterator()
    var items: [I] = []
    for index in newSections[slot].items.indices {
      let path = SnapshotIndexPath(item: index, section: slot)
      if inserted.contains(path) {
        items.append(newSections[slot].items[index])
      } else if let from = movedHere[path] {
        items.append(oldSections[from.section].items[from.item])
      } else if let next = stayed.next() {
        items.append(next)
      } else {
        throw ReplayFailure.mismatch("too few items stay in section \(slot)")
      }
    }
    guard stayed.next() == nil else {
      throw ReplayFailure.mismatch("too many items stay in section \(slot)")
    }
    result.append(Section(id: identifier, items: items))
  }
  return result
}

import DiffableData
import Testing

/// Random edits of a section snapshot, checked against what its parents and marks imply, and
/// applied through a data source whose differences must replay.
@Suite("Section snapshots, random edits")
struct SectionSnapshotPropertyTests {
  /// Applies one random edit; identifiers come from `next`.
  func randomEdit(
    _ snapshot: inout SectionSnapshot<Int>, _ random: inout SeededGenerator, _ next: inout Int
  ) throws {
    let items = snapshot.items
    switch random.below(6) {
    case 0:
      let parent = random.chance(30) ? nil : random.pick(items)
      let count = 1 + random.below(3)
      let new = Array(next..<(next + count))
      next += count
      try snapshot.append(new, to: parent)
    case 1:
      guard let anchor = random.pick(items) else { return }
      next += 1
      if random.chance(50) {
        try snapshot.insert([next - 1], before: anchor)
      } else {
        try snapshot.insert([next - 1], after: anchor)
      }
    case 2:
      guard random.chance(50), let doomed = random.pick(items) else { return }
      snapshot.delete([doomed])
    case 3, 4:
      guard let item = random.pick(items) else { return }
      if random.chance(60) { try snapshot.expand([item]) } else { try snapshot.collapse([item]) }
    default:
      guard let parent = random.pick(items) else { return }
      var children = SectionSnapshot<Int>()
      next += 2
      try children.append([next - 2, next - 1])
      try snapshot.replace(childrenOf: parent, using: children)
    }
  }

  /// Checks levels, parents and visibility against each other.
  func expectCoherent(_ snapshot: SectionSnapshot<Int>, seed: UInt64) {
    var seen = Set<Int>()
    var visible: [Int] = []
    for (index, item) in snapshot.items.enumerated() {
      #expect(snapshot.index(of: item) == index, "seed \(seed)")
      #expect(seen.insert(item).inserted, "seed \(seed)")
      var depth = 0
      var shown = true
      var current = item
      while let parent = snapshot.parent(of: current) {
        #expect(seen.contains(parent), "parent before child, seed \(seed)")
        shown = shown && snapshot.isExpanded(parent)
        depth += 1
        current = parent
      }
      #expect(snapshot.level(of: item) == depth, "seed \(seed)")
      #expect(snapshot.isVisible(item) == shown, "seed \(seed)")
      if shown { visible.append(item) }
    }
    #expect(snapshot.visibleItems == visible, "seed \(seed)")
    #expect(snapshot.rootItems == snapshot.items.filter { snapshot.parent(of: $0) == nil })
  }

  @Test(arguments: 0..<40)
  func randomEditsStayCoherentAndReplay(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed &+ 17)
    var source = DiffableDataSource<String, Int>()
    var plain = Snapshot<String, Int>()
    try plain.appendSections(["before", "outline", "after"])
    try plain.appendItems([-1, -2], toSection: "before")
    try plain.appendItems([-3], toSection: "after")
    source.apply(plain)
    var outline = SectionSnapshot<Int>()
    var next = 1
    for _ in 0..<30 {
      try randomEdit(&outline, &random, &next)
      expectCoherent(outline, seed: seed)
      let old = source.snapshot()
      let difference = try source.apply(outline, to: "outline")
      let new = source.snapshot()
      #expect(new.itemIdentifiers(inSection: "outline") == outline.visibleItems)
      #expect(new.itemIdentifiers(inSection: "before") == [-1, -2])
      #expect(try replay(difference, on: old, toward: new) == contents(new), "seed \(seed)")
      #expect(difference.insertedItems.allSatisfy { $0.section == 1 })
      #expect(difference.deletedItems.allSatisfy { $0.section == 1 })
    }
  }
}

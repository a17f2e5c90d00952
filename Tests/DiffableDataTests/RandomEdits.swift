import DiffableData
import Testing

/// A plain model of a snapshot (arrays only) and random edits applied to both, so each
/// snapshot operation is checked against the obvious implementation.
struct ModelSnapshot {
  var sections: [Section<Int, Int>] = []
  var nextIdentifier = 1000

  var allItems: [Int] { sections.flatMap(\.items) }

  func sectionIndex(of item: Int) -> (Int, Int)? {
    for (sectionIndex, section) in sections.enumerated() {
      if let index = section.items.firstIndex(of: item) { return (sectionIndex, index) }
    }
    return nil
  }

  mutating func fresh() -> Int {
    nextIdentifier += 1
    return nextIdentifier
  }
}

/// Applies one random edit to `snapshot` and `model`; returns a label for failure messages.
@discardableResult
func randomEdit(
  _ snapshot: inout IntSnapshot, _ model: inout ModelSnapshot, _ random: inout SeededGenerator
) throws -> String {
  let sectionIDs = model.sections.map(\.id)
  let items = model.allItems
  switch random.below(12) {
  case 0:
    let new = (0..<(1 + random.below(2))).map { _ in model.fresh() }
    try snapshot.appendSections(new)
    model.sections += new.map { Section(id: $0, items: []) }
    return "appendSections \(new)"
  case 1:
    guard let anchor = random.pick(sectionIDs) else { return "skip" }
    let new = [model.fresh()]
    let after = random.chance(50)
    if after {
      try snapshot.insertSections(new, afterSection: anchor)
    } else {
      try snapshot.insertSections(new, beforeSection: anchor)
    }
    let index = (model.sections.firstIndex { $0.id == anchor } ?? 0) + (after ? 1 : 0)
    model.sections.insert(Section(id: new[0], items: []), at: index)
    return "insertSections \(new) \(after ? "after" : "before") \(anchor)"
  case 2:
    guard random.chance(40), let doomed = random.pick(sectionIDs) else { return "skip" }
    snapshot.deleteSections([doomed, -1])
    model.sections.removeAll { $0.id == doomed }
    return "deleteSections \(doomed)"
  case 3:
    guard let moving = random.pick(sectionIDs), let anchor = random.pick(sectionIDs) else {
      return "skip"
    }
    let after = random.chance(50)
    if after {
      try snapshot.moveSection(moving, afterSection: anchor)
    } else {
      try snapshot.moveSection(moving, beforeSection: anchor)
    }
    if moving != anchor {
      let section = model.sections.remove(at: model.sections.firstIndex { $0.id == moving } ?? 0)
      let index = (model.sections.firstIndex { $0.id == anchor } ?? 0) + (after ? 1 : 0)
      model.sections.insert(section, at: index)
    }
    return "moveSection \(moving) \(after ? "after" : "before") \(anchor)"
  case 4, 5:
    guard !sectionIDs.isEmpty else { return "skip" }
    let new = (0..<random.below(6)).map { _ in model.fresh() }
    if random.chance(30) {
      try snapshot.appendItems(new)
      model.sections[model.sections.count - 1].items += new
      return "appendItems \(new) to last"
    }
    let index = random.below(sectionIDs.count)
    try snapshot.appendItems(new, toSection: sectionIDs[index])
    model.sections[index].items += new
    return "appendItems \(new) to \(sectionIDs[index])"
  case 6:
    guard let anchor = random.pick(items), let (section, index) = model.sectionIndex(of: anchor)
    else { return "skip" }
    let new = (0..<(1 + random.below(3))).map { _ in model.fresh() }
    let after = random.chance(50)
    if after {
      try snapshot.insertItems(new, afterItem: anchor)
    } else {
      try snapshot.insertItems(new, beforeItem: anchor)
    }
    model.sections[section].items.insert(contentsOf: new, at: index + (after ? 1 : 0))
    return "insertItems \(new) \(after ? "after" : "before") \(anchor)"
  case 7:
    let doomed = (0..<random.below(4)).compactMap { _ in random.pick(items) }
    snapshot.deleteItems(doomed + [-5])
    for index in model.sections.indices {
      model.sections[index].items.removeAll { doomed.contains($0) }
    }
    return "deleteItems \(doomed)"
  case 8, 9:
    guard let moving = random.pick(items), let anchor = random.pick(items) else { return "skip" }
    let after = random.chance(50)
    if after {
      try snapshot.moveItem(moving, afterItem: anchor)
    } else {
      try snapshot.moveItem(moving, beforeItem: anchor)
    }
    if moving != anchor, let (from, fromIndex) = model.sectionIndex(of: moving) {
      model.sections[from].items.remove(at: fromIndex)
      if let (to, toIndex) = model.sectionIndex(of: anchor) {
        model.sections[to].items.insert(moving, at: toIndex + (after ? 1 : 0))
      }
    }
    return "moveItem \(moving) \(after ? "after" : "before") \(anchor)"
  case 10:
    let marked = (0..<random.below(3)).compactMap { _ in random.pick(items) }
    if random.chance(50) {
      try snapshot.reloadItems(marked)
    } else {
      try snapshot.reconfigureItems(marked)
    }
    return "reload \(marked)"
  default:
    // A refused edit must leave everything as it was.
    guard let existing = random.pick(items), !sectionIDs.isEmpty else { return "skip" }
    let before = snapshot
    #expect(throws: SnapshotError<Int, Int>.duplicateItem(existing)) {
      try snapshot.appendItems([model.fresh(), existing], toSection: sectionIDs[0])
    }
    #expect(snapshot == before)
    return "refused duplicate \(existing)"
  }
}

@Suite("Snapshot against a model")
struct SnapshotModelTests {
  @Test(arguments: 0..<40)
  func randomEditsMatchTheModel(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var snapshot = IntSnapshot()
    var model = ModelSnapshot()
    for step in 0..<60 {
      let label = try randomEdit(&snapshot, &model, &random)
      let matches = contents(snapshot) == model.sections
      #expect(matches, "seed \(seed) step \(step): \(label)")
      if !matches { return }
    }
    expectConsistent(snapshot)
  }
}

import DiffableData

/// Snapshot build and difference figures against UIKit's measured snapshot build.
// Main-actor bound: a group holds a non-Sendable closure and runs from main.swift.
@MainActor let diffableBenchmarks = BenchmarkGroup(name: "diffable") {
  // UIKit's NSDiffableDataSourceSnapshot build, measured: 1.22 ms for 10,000 items and
  // 6.0 ms for 50,000. The goal is five times faster.
  let anchors: [(count: Int, milliseconds: Double)] = [(10_000, 1.22), (50_000, 6.0)]
  for (count, anchor) in anchors {
    let nanoseconds = medianNanoseconds(runs: 15) { _ = buildSnapshot(items: count) }
    report("diffable.build.\(count).time", nanoseconds / 1e6, "ms")
    report("diffable.build.\(count).per_item", nanoseconds / Double(count), "ns")
    report("diffable.build.\(count).speedup_vs_uikit", anchor * 1e6 / nanoseconds, "x (goal 5)")
  }

  let reservedNanoseconds = medianNanoseconds(runs: 15) {
    _ = buildSnapshot(items: 50_000, reserving: true)
  }
  report("diffable.build.50000.reserved.time", reservedNanoseconds / 1e6, "ms")
  report(
    "diffable.build.50000.reserved.speedup_vs_uikit", 6.0e6 / reservedNanoseconds, "x (goal 5)")

  let stringNanoseconds = medianNanoseconds(runs: 9) { _ = buildNamedSnapshot(items: 50_000) }
  report("diffable.build.50000.string_ids.time", stringNanoseconds / 1e6, "ms")

  let old = buildSnapshot(items: 50_000)
  let new = editOnePercent(old)
  var changes = 0
  let diffNanoseconds = medianNanoseconds(runs: 15) {
    let difference = new.difference(from: old)
    changes =
      difference.insertedItems.count + difference.deletedItems.count
      + difference.movedItems.count + difference.reloadedItems.count
  }
  report("diffable.diff.50000.one_percent.time", diffNanoseconds / 1e6, "ms")
  report("diffable.diff.50000.one_percent.changes", Double(changes), "entries")

  var source = DiffableDataSource<Int, Int>(snapshot: old)
  let applyNanoseconds = medianNanoseconds(runs: 15) {
    source = DiffableDataSource(snapshot: old)
    _ = source.apply(new)
  }
  report("diffable.apply.50000.one_percent.time", applyNanoseconds / 1e6, "ms")
}

/// Ten sections of pictures, as the gallery builds them: sections first, then each one's items.
private func buildSnapshot(items count: Int, reserving: Bool = false) -> Snapshot<Int, Int> {
  var snapshot = Snapshot<Int, Int>()
  if reserving { snapshot.reserveCapacity(items: count) }
  let sections = 10
  let perSection = count / sections
  var identifiers = [Int](repeating: 0, count: perSection)
  do {
    try snapshot.appendSections(Array(0..<sections))
    for section in 0..<sections {
      for index in 0..<perSection { identifiers[index] = section * perSection + index }
      try snapshot.appendItems(identifiers, toSection: section)
    }
  } catch {
    fatalError("benchmark snapshot refused: \(error)")
  }
  return snapshot
}

/// The same shape with file-name identifiers.
private func buildNamedSnapshot(items count: Int) -> Snapshot<String, String> {
  var snapshot = Snapshot<String, String>()
  do {
    try snapshot.appendSections(["Office", "Kitchen", "MacBook"])
    try snapshot.appendItems((0..<count).map { "IMG_\($0).jpg" }, toSection: "MacBook")
  } catch {
    fatalError("benchmark snapshot refused: \(error)")
  }
  return snapshot
}

/// One percent of the items changed: a third deleted, a third inserted, a third moved, spread
/// evenly, plus a few reloads.
private func editOnePercent(_ old: Snapshot<Int, Int>) -> Snapshot<Int, Int> {
  var new = old
  let items = old.itemIdentifiers
  let edits = items.count / 100
  let stride = items.count / edits
  do {
    new.deleteItems((0..<(edits / 3)).map { items[$0 * stride * 3] })
    for index in 0..<(edits / 3) {
      try new.insertItems([1_000_000 + index], afterItem: items[index * stride * 3 + stride])
    }
    for index in 0..<(edits / 3) {
      let moving = items[index * stride * 3 + 2 * stride]
      let anchor = items[(index * stride * 3 + items.count / 2 + 1) % items.count]
      if moving != anchor && new.contains(item: anchor) {
        try new.moveItem(moving, beforeItem: anchor)
      }
    }
    try new.reloadItems([items[5], items[items.count - 5]])
  } catch {
    fatalError("benchmark edit refused: \(error)")
  }
  return new
}

import CompositionalLayout

/// Keeps a result alive so the optimiser cannot drop the work that made it.
private nonisolated(unsafe) var layoutSink = 0

/// A uniform 6-column grid of square-ish cells, as the MacBook section in regular width.
private func uniformGrid() -> CompositionalLayout {
  var item = LayoutItem(
    layoutSize: LayoutSize(
      widthDimension: .fractionalWidth(1.0 / 6), heightDimension: .fractionalHeight(1)))
  item.contentInsets = DirectionalEdgeInsets(all: 1)
  let group = LayoutGroup.horizontal(
    layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(8)),
    subitems: [item])
  var section = LayoutSection(group: group)
  section.interGroupSpacing = 1
  return CompositionalLayout(section: section)
}

/// A plain list whose rows are estimated at one row and measured at one to three rows.
private func estimatedList() -> CompositionalLayout {
  CompositionalLayout { _, environment in
    LayoutSection.list(
      using: ListConfiguration(appearance: .plain), layoutEnvironment: environment)
  }
}

private func rowSizing(_ path: ItemIndexPath, _ proposed: CellSize) -> CellSize {
  CellSize(width: proposed.width, height: 1 + path.item % 3)
}

/// The median time of one rect query at the middle of the content, in nanoseconds.
private func queryNanoseconds(_ solved: SolvedLayout) -> Double {
  let rect = CellRect(x: 0, y: solved.contentSize.height / 2, width: 200, height: 60)
  let calls = 200
  let total = medianNanoseconds {
    for _ in 0..<calls { layoutSink &+= solved.attributes(in: rect).count }
  }
  return total / Double(calls)
}

@MainActor let layoutBenchmarks = BenchmarkGroup(name: "layout") {
  let environment = LayoutEnvironment(containerSize: CellSize(width: 200, height: 60))
  let counts = [1_000, 10_000, 100_000, 1_000_000]
  let labels = ["1e3", "1e4", "1e5", "1e6"]
  let cases: [(name: String, layout: CompositionalLayout, sizing: ItemSizing?)] = [
    ("grid", uniformGrid(), nil),
    ("estimated-list", estimatedList(), rowSizing),
  ]
  for (name, layout, sizing) in cases {
    var queries: [Double] = []
    var worstPrepare = 0.0
    for (count, label) in zip(counts, labels) {
      let prepare = medianNanoseconds(runs: count >= 1_000_000 ? 3 : 7) {
        layoutSink &+=
          layout.prepare(
            environment: environment, itemCounts: [count], sizing: sizing
          ).contentSize.height
      }
      worstPrepare = max(worstPrepare, prepare)
      report("layout.\(name).prepare.\(label)", prepare, "ns")
      let solved = layout.prepare(environment: environment, itemCounts: [count], sizing: sizing)
      let query = queryNanoseconds(solved)
      queries.append(query)
      report("layout.\(name).query-200x60.\(label)", query, "ns")
    }
    if let first = queries.first, let last = queries.last, first > 0 {
      report("layout.\(name).query-ratio.1e6/1e3 (goal <= 2)", last / first, "x")
      report("layout.\(name).query.1e6 / 50us goal", last / 50_000, "x")
    }
    if sizing == nil {
      report("layout.\(name).prepare.worst / 1ms goal", worstPrepare / 1_000_000, "x")
    }
  }
  let rebuild = medianNanoseconds {
    layoutSink &+=
      estimatedList().prepare(
        environment: environment, itemCounts: [100_000], sizing: rowSizing
      ).contentSize.height
  }
  report("layout.estimated-list.rebuild.1e5", rebuild / 1_000_000, "ms")
  report("layout.estimated-list.rebuild.1e5 / 10ms goal", rebuild / 10_000_000, "x")
  if layoutSink == Int.min { print("") }
}

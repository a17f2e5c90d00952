import CompositionalLayout
import Testing

/// Every item frame of a solved layout, section by section, at orthogonal offset 0.
private func itemFrames(_ solved: SolvedLayout) -> [[CellRect]] {
  solved.sections.map { section in
    (0..<section.itemCount).compactMap {
      solved.frame(for: ItemIndexPath(item: $0, section: section.index))
    }
  }
}

/// Checks frames lie in their section's content and that no two items overlap.
private func checkPlacement(_ solved: SolvedLayout, size: CellSize) -> Bool {
  for (section, frames) in zip(solved.sections, itemFrames(solved)) {
    guard frames.count == section.itemCount else { return false }
    let bounds =
      section.isOrthogonal
      ? CellRect(
        x: section.frame.minX, y: section.frame.minY, width: section.orthogonalContentWidth,
        height: section.frame.height)
      : CellRect(origin: .zero, size: solved.contentSize)
    for (index, frame) in frames.enumerated() {
      guard bounds.contains(frame), section.frame.minY <= frame.minY || frame.isEmpty else {
        Issue.record(
          "item \(index) of section \(section.index) at \(frame) outside \(bounds) in \(size)")
        return false
      }
      for other in frames[..<index] where other.intersects(frame) {
        Issue.record("items overlap at \(frame) and \(other) in \(size)")
        return false
      }
    }
  }
  return true
}

@Suite struct InvariantTests {
  /// Every size from 1×1 to 300×100 for a grid; for the richer layouts every width at a
  /// spread of heights and every height at a spread of widths (kept to seconds in debug).
  @Test func framesStayInsideAndNeverOverlapAtEverySize() async {
    let grid = CompositionalLayout(
      section: Showcase.grid(columns: 4, rowHeight: 2, spacing: 1, inset: 1))
    let layouts = [Showcase.gallery(), Showcase.doodles(), Showcase.musicBrowse()]
    var sizes: [CellSize] = []
    for width in 1...300 {
      for height in [1, 10, 24, 30, 100] {
        sizes.append(CellSize(width: width, height: height))
      }
    }
    for height in 1...100 {
      for width in [1, 7, 80, 119, 120, 300] {
        sizes.append(CellSize(width: width, height: height))
      }
    }
    var failures = 0
    for width in 1...300 {
      // Seconds of work under a sanitizer: between rounds the pool's other tests get a turn.
      await Task.yield()
      for height in 1...100 {
        let size = CellSize(width: width, height: height)
        if !checkPlacement(grid.prepare(containerSize: size, itemCounts: [6]), size: size) {
          failures += 1
        }
      }
    }
    for size in sizes {
      await Task.yield()
      for layout in layouts
      where !checkPlacement(layout.prepare(containerSize: size, itemCounts: [5, 6, 7]), size: size)
      {
        failures += 1
      }
    }
    #expect(failures == 0)
  }

  @Test func fractionalWidthsSumExactlyToTheExtent() {
    for columns in 1...9 {
      let layout = CompositionalLayout(section: Showcase.grid(columns: columns, rowHeight: 1))
      for width in 1...300 {
        let solved = layout.prepare(
          containerSize: CellSize(width: width, height: 10), itemCounts: [columns])
        let frames = itemFrames(solved)[0]
        #expect(frames.count == columns)
        var edge = 0
        for frame in frames {
          #expect(frame.minX == edge)
          edge = frame.maxX
        }
        #expect(edge == width)
        let widths = frames.map(\.width)
        #expect((widths.max() ?? 0) - (widths.min() ?? 0) <= 1)
      }
    }
  }

  @Test(arguments: [
    OrthogonalScrollingBehavior.paging, .groupPaging, .groupPagingCentered,
    .continuousGroupLeadingBoundary,
  ])
  func pagingRestsOnPageOrGroupBoundaries(_ behavior: OrthogonalScrollingBehavior) async {
    for width in stride(from: 1, through: 300, by: 7) {
      // Seconds of work under a sanitizer: between rounds the pool's other tests get a turn.
      await Task.yield()
      for fraction in [0.3, 0.8, 1.0] {
        var section = Showcase.officeRow(behavior, width: fraction)
        section.interGroupSpacing = 1
        let solved = CompositionalLayout(section: section).prepare(
          containerSize: CellSize(width: width, height: 20), itemCounts: [9])
        let info = solved.sections[0]
        let step = behavior == .paging ? info.visibleWidth : info.groupSize.width + 1
        let maximum = info.maximumOrthogonalOffset
        #expect(solved.orthogonalOffsetRange(section: 0) == 0...maximum)
        var bad: [String] = []
        for proposed in -3...(maximum + 3) {
          for direction in [ScrollDirection.backward, .none, .forward] {
            let rest = solved.restingOffset(proposed: proposed, direction: direction, section: 0)
            let clamped = min(max(proposed, 0), maximum)
            let onBoundary = rest == maximum || (step > 0 && rest % step == 0)
            let inRange = rest >= 0 && rest <= maximum
            let heading =
              direction == .forward
              ? rest >= clamped : (direction == .backward ? rest <= clamped : true)
            if !(onBoundary && inRange && heading) {
              bad.append("\(width) \(fraction) \(proposed) \(direction) -> \(rest)")
            }
          }
        }
        #expect(bad.isEmpty, "\(bad.prefix(5))")
      }
    }
  }

  @Test func centredPagingCentresEachGroup() {
    let solved = CompositionalLayout(section: Showcase.officeRow(.groupPagingCentered, width: 0.5))
      .prepare(containerSize: CellSize(width: 40, height: 10), itemCounts: [5])
    for item in 0..<4 {
      let rest = solved.restingOffset(proposed: item * 20 + 3, direction: .none, section: 0)
      let frame = solved.frame(
        for: ItemIndexPath(item: item, section: 0), orthogonalOffsets: [0: rest])
      // The group is 20 wide with a 1-cell inset on each side: its item spans 11..<29.
      #expect(frame == CellRect(x: 11, y: 0, width: 18, height: 3))
    }
  }

  @Test func rectQueriesMatchFramesOfEveryItem() {
    let layouts = [Showcase.gallery(), Showcase.musicBrowse(), Showcase.threeSections()]
    for layout in layouts {
      let solved = layout.prepare(
        containerSize: CellSize(width: 37, height: 20), itemCounts: [9, 14, 23])
      let offsets = [0: 11, 1: 4]
      for top in stride(from: -5, through: solved.contentSize.height, by: 3) {
        let rect = CellRect(x: 2, y: top, width: 30, height: 7)
        let queried = Set(
          solved.attributes(in: rect, orthogonalOffsets: offsets)
            .filter { $0.category == .item }.map(\.indexPath))
        var expected: Set<ItemIndexPath> = []
        for section in solved.sections {
          for item in 0..<section.itemCount {
            let path = ItemIndexPath(item: item, section: section.index)
            if solved.frame(for: path, orthogonalOffsets: offsets)?.intersects(rect) == true {
              expected.insert(path)
            }
          }
        }
        #expect(queried == expected)
      }
    }
  }

  @Test func sizeClassesFollowTheTable() {
    let cases: [(CellSize, UserInterfaceSizeClass, UserInterfaceSizeClass)] = [
      (CellSize(width: 80, height: 24), .compact, .compact),
      (CellSize(width: 90, height: 50), .compact, .regular),
      (CellSize(width: 200, height: 60), .regular, .regular),
      (CellSize(width: 200, height: 24), .regular, .compact),
      (CellSize(width: 119, height: 29), .compact, .compact),
      (CellSize(width: 120, height: 30), .regular, .regular),
    ]
    for (size, horizontal, vertical) in cases {
      let traits = TraitCollection(containerSize: size)
      #expect(traits.horizontalSizeClass == horizontal)
      #expect(traits.verticalSizeClass == vertical)
    }
    for width in 1...300 {
      for height in stride(from: 1, through: 100, by: 3) {
        let traits = TraitCollection(containerSize: CellSize(width: width, height: height))
        #expect((traits.horizontalSizeClass == .regular) == (width >= 120))
        #expect((traits.verticalSizeClass == .regular) == (height >= 30))
      }
    }
  }

  @Test func sizeClassesHoldWithinTwoCellsOfHysteresis() {
    var traits = TraitCollection(containerSize: CellSize(width: 125, height: 35))
    var seen: [UserInterfaceSizeClass] = []
    for width in [121, 120, 119, 118, 117, 118, 119, 120, 121] {
      traits = TraitCollection(containerSize: CellSize(width: width, height: 35), previous: traits)
      seen.append(traits.horizontalSizeClass)
    }
    #expect(
      seen == [
        .regular, .regular, .regular, .regular, .compact, .compact, .compact, .regular, .regular,
      ])
    let rules = SizeClassRules(regularWidth: 100, regularHeight: 20, hysteresis: 5)
    let custom = TraitCollection(containerSize: CellSize(width: 100, height: 19), rules: rules)
    #expect(custom.horizontalSizeClass == .regular && custom.verticalSizeClass == .compact)
    let held = TraitCollection(
      containerSize: CellSize(width: 96, height: 19), rules: rules, previous: custom)
    #expect(held.horizontalSizeClass == .regular)
  }

  @Test func squaresStaySquareThroughTheCellAspect() {
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalWidth(0.25)))
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.25)),
      subitems: [item])
    let layout = CompositionalLayout(section: LayoutSection(group: group))
    for aspect in [2.0, 2.5, 1.0] {
      let solved = layout.prepare(
        environment: LayoutEnvironment(
          containerSize: CellSize(width: 80, height: 24), cellAspect: aspect),
        itemCounts: [4])
      let frame = solved.frame(for: ItemIndexPath(item: 0, section: 0))
      #expect(frame?.width == 20)
      #expect(frame?.height == Int((20 / aspect).rounded()))
    }
  }
}

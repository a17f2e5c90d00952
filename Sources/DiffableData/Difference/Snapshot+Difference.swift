extension Snapshot {
  /// The changes that turn `old` into this snapshot, with the reload and reconfigure marks of
  /// this snapshot.
  ///
  /// O(n + m) for n old and m new items: each new item is looked up once in the old
  /// snapshot's index and old items are visited once without hashing. Moves are chosen in
  /// linear time too: one item moved anywhere is reported as one move, but many interleaved
  /// moves may be reported with more moves than the fewest possible (a longest increasing
  /// subsequence would find the fewest in O(n log n)).
  @inlinable public func difference(from old: Snapshot) -> SnapshotDifference {
    var difference = SnapshotDifference()
    let oldIndexOfNew = sectionCorrespondence(from: old, into: &difference)
    var survives = [Bool](repeating: false, count: old.sections.count)
    for index in oldIndexOfNew where index >= 0 { survives[index] = true }

    var matched = [Bool](repeating: false, count: old.items.count)
    for (newSection, oldSection) in oldIndexOfNew.enumerated() where oldSection >= 0 {
      itemChanges(
        inSection: newSection, oldSection: oldSection, old: old, survives: survives,
        matched: &matched, into: &difference)
    }
    for (oldSection, survived) in survives.enumerated() where survived {
      let start = old.sectionStart(oldSection)
      for position in start..<old.sectionEnds[oldSection] where !matched[position] {
        difference.deletedItems.append(
          SnapshotIndexPath(item: position - start, section: oldSection))
      }
    }
    difference.reloadedItems = markedPaths(
      reloadedItemMarks, old: old, oldIndexOfNew: oldIndexOfNew, survives: survives)
    difference.reconfiguredItems = markedPaths(
      reconfiguredItemMarks, old: old, oldIndexOfNew: oldIndexOfNew, survives: survives)
    return difference
  }

  /// Fills the section changes; returns, for each new section, its old index or -1.
  @inlinable func sectionCorrespondence(
    from old: Snapshot, into difference: inout SnapshotDifference
  )
    -> [Int]
  {
    var oldIndexOfNew = [Int](repeating: -1, count: sections.count)
    var survives = [Bool](repeating: false, count: old.sections.count)
    for (index, section) in sections.enumerated() {
      if let oldIndex = old.sectionPositions[section] {
        oldIndexOfNew[index] = oldIndex
        survives[oldIndex] = true
        if reloadedSectionMarks.contains(section) { difference.reloadedSections.append(index) }
      } else {
        difference.insertedSections.append(index)
      }
    }
    var oldRank = [Int](repeating: -1, count: old.sections.count)
    var rank = 0
    for (index, survived) in survives.enumerated() where survived {
      oldRank[index] = rank
      rank += 1
    }
    for (index, survived) in survives.enumerated() where !survived {
      difference.deletedSections.append(index)
    }
    let common = oldIndexOfNew.indices.filter { oldIndexOfNew[$0] >= 0 }
    let keep = stableEntries(ranks: common.map { oldRank[oldIndexOfNew[$0]] })
    for (entry, newIndex) in common.enumerated() where !keep[entry] {
      difference.movedSections.append(.init(from: oldIndexOfNew[newIndex], to: newIndex))
    }
    return oldIndexOfNew
  }

  /// Fills the insertions and moves of items in the new section `newSection`, which was
  /// `oldSection` in `old`, and marks the old items it keeps in `matched`.
  @inlinable func itemChanges(
    inSection newSection: Int, oldSection: Int, old: Snapshot, survives: [Bool],
    matched: inout [Bool], into difference: inout SnapshotDifference
  ) {
    let oldStart = old.sectionStart(oldSection)
    let oldEnd = old.sectionEnds[oldSection]
    let newStart = sectionStart(newSection)
    var sameOld: [Int] = []
    var sameNew: [Int] = []
    sameOld.reserveCapacity(min(oldEnd - oldStart, sectionEnds[newSection] - newStart))
    sameNew.reserveCapacity(sameOld.capacity)
    var moves: [SnapshotDifference.Move<SnapshotIndexPath>] = []
    for position in newStart..<sectionEnds[newSection] {
      let newPath = SnapshotIndexPath(item: position - newStart, section: newSection)
      guard let oldPosition = old.position(of: items[position]) else {
        difference.insertedItems.append(newPath)
        continue
      }
      if oldPosition >= oldStart && oldPosition < oldEnd {
        sameOld.append(oldPosition - oldStart)
        sameNew.append(position - newStart)
        matched[oldPosition] = true
        continue
      }
      let otherSection = old.sectionIndex(containingPosition: oldPosition)
      if survives[otherSection] {
        matched[oldPosition] = true
        let from = SnapshotIndexPath(
          item: oldPosition - old.sectionStart(otherSection), section: otherSection)
        moves.append(.init(from: from, to: newPath))
      } else {
        difference.insertedItems.append(newPath)
      }
    }
    // Rank the items that stayed in this section among themselves in the old order, so that
    // deletions and departures in between do not split runs.
    var rankOf = [Int](repeating: -1, count: oldEnd - oldStart)
    for offset in sameOld { rankOf[offset] = 0 }
    var rank = 0
    for offset in rankOf.indices where rankOf[offset] >= 0 {
      rankOf[offset] = rank
      rank += 1
    }
    let keep = stableEntries(ranks: sameOld.map { rankOf[$0] })
    let crossing = moves.count
    for (entry, kept) in keep.enumerated() where !kept {
      moves.append(
        .init(
          from: SnapshotIndexPath(item: sameOld[entry], section: oldSection),
          to: SnapshotIndexPath(item: sameNew[entry], section: newSection)))
    }
    if crossing > 0 && crossing < moves.count { moves.sort { $0.to < $1.to } }
    difference.movedItems.append(contentsOf: moves)
  }

  /// New index paths of the `marks` that were neither inserted nor in an inserted section.
  @inlinable func markedPaths(
    _ marks: Set<ItemID>, old: Snapshot, oldIndexOfNew: [Int], survives: [Bool]
  ) -> [SnapshotIndexPath] {
    var paths: [SnapshotIndexPath] = []
    for item in marks {
      guard let position = position(of: item), let oldPosition = old.position(of: item) else {
        continue
      }
      let section = sectionIndex(containingPosition: position)
      guard oldIndexOfNew[section] >= 0,
        survives[old.sectionIndex(containingPosition: oldPosition)]
      else { continue }
      paths.append(SnapshotIndexPath(item: position - sectionStart(section), section: section))
    }
    return paths.sorted()
  }
}

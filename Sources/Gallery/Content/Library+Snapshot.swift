import DiffableData

extension Library {
  /// The library as a diffable snapshot: one section per folder (its path), one item per
  /// picture (its path), in display order. O(pictures).
  ///
  /// `reloading` marks pictures whose content changed (`LibraryUpdate.rewritten`), so the
  /// difference from the previous snapshot lists them as reloaded. A picture or section
  /// repeated (two roots overlapping) is shown once, where it first appears.
  package func pictureSnapshot(reloading: [String] = []) -> Snapshot<String, String> {
    var snapshot = Snapshot<String, String>()
    snapshot.reserveCapacity(items: pictureCount)
    var seen: Set<String> = []
    for section in sections {
      guard (try? snapshot.appendSections([section.id])) != nil else { continue }
      let items = section.pictures.map(\.id).filter { seen.insert($0).inserted }
      try? snapshot.appendItems(items, toSection: section.id)
    }
    try? snapshot.reloadItems(reloading.filter { snapshot.contains(item: $0) })
    return snapshot
  }
}

import FoundationEssentials
import TerminalKit

extension Library {
  /// The library with `changes` applied: removals first, then arrivals.
  ///
  /// Pictures keep natural order within their section; a folder that gains its first
  /// picture becomes a section at its place in display order (`changes.ordering`); a
  /// section left empty, or whose folder is gone, disappears. Warnings and stats are kept
  /// as they are. Cost: O(k) for k changes plus O(p log p) for each touched section of p
  /// pictures.
  package func applying(_ changes: FolderChanges) -> LibraryUpdate {
    var removedBySection: [String: Set<String>] = [:]
    for path in changes.removed {
      removedBySection[PathName.parent(path), default: []].insert(path)
    }
    var arrivalsBySection: [String: [FolderChanges.Arrival]] = [:]
    for arrival in changes.arrived {
      arrivalsBySection[arrival.place.folder, default: []].append(arrival)
    }
    var rewritten: Set<String> = []
    var result: [LibrarySection] = []
    result.reserveCapacity(sections.count)
    for section in sections {
      let folder = section.id
      if Self.isRemoved(folder: folder, by: changes.removed) { continue }
      let removed = removedBySection[folder]
      let arrivals = arrivalsBySection.removeValue(forKey: folder)
      guard removed != nil || arrivals != nil else {
        result.append(section)
        continue
      }
      var byPath: [String: Picture] = [:]
      for picture in section.pictures where removed?.contains(picture.path) != true {
        byPath[picture.path] = picture
      }
      for arrival in arrivals ?? [] {
        let picture = arrival.picture
        // Another inode at the path is another file (one saved by a rename over it,
        // a copy put back), even of the same size and time.
        if let old = byPath[picture.path],
          !FileStamp(old).isSameFile(as: FileStamp(picture)) || old.format != picture.format
        {
          rewritten.insert(picture.path)
        }
        byPath[picture.path] = picture
      }
      if byPath.isEmpty { continue }
      let pictures = NaturalOrder.sorted(Array(byPath.values), by: \.fileName)
      result.append(section.with(pictures: pictures))
    }
    for (folder, arrivals) in arrivalsBySection {
      guard let place = arrivals.first?.place else { continue }
      var byPath: [String: Picture] = [:]
      for arrival in arrivals { byPath[arrival.picture.path] = arrival.picture }
      let pictures = NaturalOrder.sorted(Array(byPath.values), by: \.fileName)
      let section = LibrarySection(
        name: place.name, folder: URL(fileURLWithPath: folder, isDirectory: true),
        pictures: pictures)
      let index = result.firstIndex { existing in
        guard let other = changes.ordering.place(ofFolder: existing.id) else { return false }
        return place < other
      }
      result.insert(section, at: index ?? result.endIndex)
    }
    let updated = Library(sections: result, warnings: warnings, stats: stats)
    let order = updated.sections.flatMap(\.pictures).map(\.path).filter(rewritten.contains)
    return LibraryUpdate(library: updated, rewritten: order)
  }

  /// Whether `folder` is one of `removed` or lies inside one. O(depth).
  private static func isRemoved(folder: String, by removed: Set<String>) -> Bool {
    guard !removed.isEmpty else { return false }
    var path = folder
    while true {
      if removed.contains(path) { return true }
      let parent = PathName.parent(path)
      if parent == path || parent == "." { return false }
      path = parent
    }
  }
}

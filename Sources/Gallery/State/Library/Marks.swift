/// The marked pictures (`m`): what `-o` prints, `o` opens and `y` copies.
///
/// Marks are kept on files, by path, and follow them: a moved or renamed file stays
/// marked (`follow(_:)`), a file that left the library and the favourites loses its mark
/// (`keepOnly(_:)`). A pair shows as marked when any of its files is (one may have been
/// marked while the files were shown apart), and counts once.
package struct Marks: Hashable, Sendable {
  /// The marked files' paths.
  package private(set) var paths: Set<String> = []

  /// Nothing marked.
  package init() {}

  /// Whether no file is marked.
  package var isEmpty: Bool { paths.isEmpty }

  /// Whether the file at `path` itself is marked. O(1).
  package func contains(_ path: String) -> Bool { paths.contains(path) }

  /// Whether the picture at `path` is marked: it, or any of its `companions`.
  package func isMarked(_ path: String, companions: [String]) -> Bool {
    paths.contains(path) || companions.contains(where: paths.contains)
  }

  /// The number of pictures marked, the files `shownPath` puts in one picture once.
  /// O(marks).
  package func pictureCount(shownPath: (String) -> String) -> Int {
    Set(paths.map(shownPath)).count
  }

  /// Marks (`true`) or unmarks the files at `paths`.
  mutating func set(_ paths: [String], _ marked: Bool) {
    if marked { self.paths.formUnion(paths) } else { self.paths.subtract(paths) }
  }

  /// Unmarks every file.
  mutating func clear() { paths = [] }

  /// Moves the marks of the files in `moves`' keys to their new paths. O(moves).
  mutating func follow(_ moves: [String: String]) {
    for (from, to) in moves where paths.remove(from) != nil { paths.insert(to) }
  }

  /// Keeps the marks of the files `holds` says are still there.
  mutating func keepOnly(_ holds: (String) -> Bool) {
    paths = paths.filter(holds)
  }
}

/// The favourite pictures: absolute paths in the order they were marked.
///
/// A path stays a favourite when its file disappears; the app shows it as broken,
/// so marking survives a disk that is not mounted yet.
package struct Favorites: Sendable, Hashable {
  /// The paths in the order they were marked, without duplicates.
  package private(set) var paths: [String]
  private var members: Set<String>

  /// Makes a set from `paths`, keeping the first of any duplicates.
  package init(_ paths: [String] = []) {
    self.paths = []
    members = []
    for path in paths { insert(path) }
  }

  /// Whether `path` is a favourite. O(1).
  package func contains(_ path: String) -> Bool { members.contains(path) }

  /// The number of favourites.
  package var count: Int { paths.count }

  /// Whether there are no favourites.
  package var isEmpty: Bool { paths.isEmpty }

  /// Marks `path` as a favourite (appended last); no change if it already is one.
  package mutating func insert(_ path: String) {
    if members.insert(path).inserted { paths.append(path) }
  }

  /// Unmarks `path`. O(n) in the number of favourites.
  package mutating func remove(_ path: String) {
    if members.remove(path) != nil { paths.removeAll { $0 == path } }
  }

  /// Gives the favourites among `moves`' keys their new paths, each in its place in the
  /// order; a new path already a favourite stays once.
  ///
  /// - Returns: whether any favourite moved. O(favourites).
  package mutating func rename(_ moves: [String: String]) -> Bool {
    guard paths.contains(where: { moves[$0] != nil }) else { return false }
    self = Favorites(paths.map { moves[$0] ?? $0 })
    return true
  }

  /// Marks or unmarks `path`.
  ///
  /// - Returns: whether `path` is a favourite afterwards.
  @discardableResult
  package mutating func toggle(_ path: String) -> Bool {
    if contains(path) {
      remove(path)
      return false
    }
    insert(path)
    return true
  }
}

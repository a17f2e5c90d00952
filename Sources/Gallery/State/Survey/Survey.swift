/// The survey (`N`): two to eight pictures side by side to choose between, as
/// Lightroom's Survey and darktable's culling mode show them.
///
/// Its rules: the candidates are pictures as shown (a pair once, by its shown path), in
/// the order they came in; one is focused; a candidate rejected leaves, and the survey
/// ends with none. The zoom is one for every pane while synchronized (the same part of
/// each picture, by fractions of it, so 100 % of shots of one size shows the same part of
/// the scene), else each picture keeps its own and the keys zoom the focused one.
package struct Survey: Hashable, Sendable {
  /// The most pictures surveyed at once.
  package static let maximum = 8
  /// How many pictures `N` takes from the focused one on, when none is marked.
  package static let standardCount = 4

  /// Where the candidates came from.
  package enum Origin: Hashable, Sendable {
    /// The marked pictures.
    case marked
    /// The focused picture and the ones after it: PgDn and PgUp show the next sets.
    case following
    /// The pictures of the focused stack, opened in place for it.
    case stack
  }

  /// Where the candidates came from.
  package let origin: Origin
  /// The candidates' shown paths, in the order of the panes.
  package private(set) var paths: [String]
  /// The focused pane.
  package private(set) var focused: Int
  /// Whether zoom and pan act on every pane together.
  package private(set) var isSynchronized = true
  /// The zoom every pane shows while synchronized.
  package private(set) var sharedZoom = DetailZoom.fitted
  /// Each picture's own zoom, while not synchronized; absent: fitted.
  package private(set) var ownZooms: [String: DetailZoom] = [:]
  /// The candidates a reject took out, with the pane each was in: undo brings them back.
  private(set) var rejected: [String: Int] = [:]

  /// A survey of `paths` (at most `maximum`, each once), the first focused; nil for none.
  package init?(paths: [String], origin: Origin = .following, focused: Int = 0) {
    self.origin = origin
    var seen = Set<String>()
    let unique = paths.filter { seen.insert($0).inserted }.prefix(Self.maximum)
    guard !unique.isEmpty else { return nil }
    self.paths = Array(unique)
    self.focused = min(max(0, focused), unique.count - 1)
  }

  /// The same survey of other candidates, the first focused, every picture fitted (the
  /// synchronized zoom kept); nil for none.
  func showing(_ paths: [String]) -> Survey? {
    // A reject in the set shown before is not brought back into another.
    guard var next = Survey(paths: paths, origin: origin) else { return nil }
    next.isSynchronized = isSynchronized
    next.sharedZoom = sharedZoom
    return next
  }

  /// The focused candidate's path.
  package var focusedPath: String { paths[focused] }

  /// The zoom pane `index` shows.
  package func zoom(ofPane index: Int) -> DetailZoom {
    guard !isSynchronized, paths.indices.contains(index) else { return sharedZoom }
    return ownZooms[paths[index]] ?? .fitted
  }

  /// The zoom the keys change: the shared one, or the focused picture's.
  package var focusedZoom: DetailZoom { zoom(ofPane: focused) }

  /// Focuses pane `index` (ignored outside the panes).
  mutating func focus(_ index: Int) {
    if paths.indices.contains(index) { focused = index }
  }

  /// Changes the zoom the keys act on, by `change`.
  mutating func changeZoom(_ change: (inout DetailZoom) -> Void) {
    if isSynchronized {
      change(&sharedZoom)
    } else {
      var zoom = ownZooms[focusedPath] ?? .fitted
      change(&zoom)
      ownZooms[focusedPath] = zoom.isZoomed ? zoom : nil
    }
  }

  /// Toggles synchronized zoom. Leaving it, every picture keeps the zoom shared until
  /// then; coming back, every pane takes the focused one's.
  mutating func toggleSynchronized() {
    if isSynchronized {
      ownZooms =
        sharedZoom.isZoomed ? Dictionary(uniqueKeysWithValues: paths.map { ($0, sharedZoom) }) : [:]
    } else {
      sharedZoom = ownZooms[focusedPath] ?? .fitted
      ownZooms = [:]
    }
    isSynchronized.toggle()
  }

  /// Takes the candidate at `path` out; the focus stays on the pane in its place (the
  /// one before, at the end). Returns false when none is left.
  @discardableResult
  mutating func remove(_ path: String) -> Bool {
    guard let index = paths.firstIndex(of: path) else { return !paths.isEmpty }
    paths.remove(at: index)
    ownZooms[path] = nil
    guard !paths.isEmpty else { return false }
    if index < focused || focused >= paths.count { focused -= 1 }
    focused = min(max(0, focused), paths.count - 1)
    return true
  }

  /// Takes the candidate at `path` out for its reject, to come back if undone (`restore`).
  /// Returns false when none is left.
  mutating func reject(_ path: String) -> Bool {
    if let index = paths.firstIndex(of: path) { rejected[path] = index }
    return remove(path)
  }

  /// Brings back the candidates among `paths` a reject took out, each in its pane, the
  /// last one brought back focused.
  mutating func restore(_ paths: Set<String>) {
    for path in paths.sorted() {
      guard let index = rejected.removeValue(forKey: path), !self.paths.contains(path) else {
        continue
      }
      let place = min(index, self.paths.count)
      self.paths.insert(path, at: place)
      focused = place
    }
  }

  /// Follows candidates renamed or moved (`moves`: old path to new).
  mutating func follow(_ moves: [String: String]) {
    paths = paths.map { moves[$0] ?? $0 }
    rejected = Self.following(rejected, moves)
    ownZooms = Self.following(ownZooms, moves)
  }

  /// `values` under the new paths of the keys `moves` names.
  private static func following<Value>(_ values: [String: Value], _ moves: [String: String])
    -> [String: Value]
  {
    Dictionary(
      values.map { (moves[$0.key] ?? $0.key, $0.value) }, uniquingKeysWith: { _, last in last })
  }
}

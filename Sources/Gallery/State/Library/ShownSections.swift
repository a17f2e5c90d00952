import DiffableData
import Pictures

/// What the screen shows of the content: the library's sections as arranged, their
/// snapshot, and the sections in display order with the Favourites section last.
///
/// Derived, never edited piecemeal: `GalleryContent` hands in the library's sections
/// already in the order and under the filter, and the Favourites section made from them;
/// each change replaces what it touches, so the snapshot, the library's shown sections
/// and `sections` never disagree.
package struct ShownSections: Sendable {
  /// The shown library sections and pictures by identifier (section: folder path, item:
  /// picture path), for O(1) lookups and differences.
  package private(set) var snapshot = Snapshot<String, String>()
  /// The sections in display order: the shown library sections, then the Favourites
  /// section while it has pictures to show.
  package private(set) var sections: [LibrarySection] = []
  /// The shown library sections, as the snapshot holds them.
  package private(set) var librarySections: [LibrarySection] = []
  /// What the search reads of each section of `librarySections`, in the pictures'
  /// places, once a filter has laid it out: the next filter reads it.
  private(set) var searchColumns: [SearchColumns]?

  /// Nothing shown.
  package init() {}

  /// Shows `librarySections` and nothing else; `capacity` pictures are room enough.
  /// O(pictures).
  init(
    _ librarySections: [LibrarySection], capacity: Int, searchColumns: [SearchColumns]?
  ) {
    show(librarySections, capacity: capacity, reloading: [])
    noteSearchColumns(searchColumns)
  }

  /// What `base` shows narrowed to `librarySections`, the pictures at `positions` among
  /// its library sections' (counted one after another), with `searchColumns` laid out for
  /// them. The snapshot is narrowed from the base's, no picture's path hashed again;
  /// made afresh when the base's snapshot does not hold its sections as they are.
  /// O(base pictures).
  init(
    narrowing base: ShownSections, to librarySections: [LibrarySection], positions: [Int],
    searchColumns: [SearchColumns]?
  ) {
    let pictures = base.librarySections.reduce(0) { $0 + $1.pictures.count }
    let narrowed =
      base.snapshot.numberOfSections == base.librarySections.count
        && base.snapshot.numberOfItems == pictures
      ? base.snapshot.keepingItems(atPositions: positions) : nil
    guard let narrowed, narrowed.numberOfSections == librarySections.count,
      narrowed.numberOfItems == positions.count
    else {
      self.init(librarySections, capacity: pictures, searchColumns: searchColumns)
      return
    }
    self.init()
    snapshot = narrowed
    self.librarySections = librarySections
    sections = librarySections
    noteSearchColumns(searchColumns)
  }

  /// The index of the Favourites section in `sections`, nil while it is not shown.
  package var favoritesSectionIndex: Int? {
    sections.count > librarySections.count ? librarySections.count : nil
  }

  /// The picture the shown library sections hold at `path`, nil when none does. O(1).
  package func libraryPicture(_ path: String) -> Picture? {
    guard let indexPath = snapshot.indexPath(for: path),
      librarySections.indices.contains(indexPath.section),
      librarySections[indexPath.section].pictures.indices.contains(indexPath.item)
    else { return nil }
    return librarySections[indexPath.section].pictures[indexPath.item]
  }

  /// Shows `section` after the library's others, the Favourites section dropped until
  /// `showFavorites(_:)`. O(section).
  ///
  /// - Returns: false when the snapshot refuses it (an identifier shown already): then
  ///   what is shown must be made again whole with `show(_:capacity:reloading:)`.
  mutating func appendLibrarySection(_ section: LibrarySection) -> Bool {
    do {
      try snapshot.appendSections([section.id])
      try snapshot.appendItems(section.pictures.map(\.id), toSection: section.id)
    } catch {
      return false
    }
    librarySections.append(section)
    sections = librarySections
    searchColumns = nil
    return true
  }

  /// Shows `librarySections` and nothing else, `rewritten` pictures marked reloaded in the
  /// snapshot; `capacity` pictures are room enough. O(pictures).
  mutating func show(
    _ librarySections: [LibrarySection], capacity: Int, reloading rewritten: [String]
  ) {
    self.librarySections = librarySections
    var shown = Snapshot<String, String>()
    shown.reserveCapacity(items: capacity)
    for section in librarySections {
      guard (try? shown.appendSections([section.id])) != nil else { continue }
      try? shown.appendItems(section.pictures.map(\.id), toSection: section.id)
    }
    try? shown.reloadItems(rewritten.filter { shown.contains(item: $0) })
    snapshot = shown
    sections = librarySections
    searchColumns = nil
  }

  /// Forgets `searchColumns`: the details laid out in them have changed.
  mutating func forgetSearchColumns() {
    if searchColumns != nil { searchColumns = nil }
  }

  /// Keeps `columns` as `searchColumns` when they are in the places of the library
  /// sections' pictures. O(sections).
  mutating func noteSearchColumns(_ columns: [SearchColumns]?) {
    guard let columns, columns.map(\.count) == librarySections.map(\.pictures.count) else {
      return
    }
    searchColumns = columns
  }

  /// Shows `favorites` after the library's sections; nil shows none.
  mutating func showFavorites(_ favorites: LibrarySection?) {
    sections = librarySections
    if let favorites { sections.append(favorites) }
  }
}

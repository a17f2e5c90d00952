import CompositionalLayout
import DiffableData
import Foundation

/// What the gallery shows: the folders' sections and the favourites, and the sections they
/// make on screen.
///
/// The one source of truth for content. Two things are stored: the library's sections (as
/// the scan and the watcher deliver them, each picture and folder once) and the favourites.
/// Everything else is derived from them here and nowhere else: the snapshot that finds a
/// picture by path, and the shown sections (the library's, then the Favourites section
/// while there are favourites). Every change goes through a method that rebuilds what it
/// touches, so the three can never disagree.
public struct GalleryContent: Sendable {
  /// The identifier of the Favourites section; never a folder's path (those start with `/`).
  public static let favoritesSectionID = "gallery:favorites"
  /// The Favourites section's title.
  public static let favoritesSectionName = "Favourites"

  /// The folders' sections in display order, each picture shown once (where it first
  /// appears when two roots overlap).
  public private(set) var librarySections: [LibrarySection] = []
  /// The favourite pictures by path, in the order they were marked.
  public private(set) var favorites = Favorites()
  /// Whether the scan has finished.
  public private(set) var isScanComplete = false
  /// Problems the scan met, shown in the status line.
  public private(set) var warnings: [ScanWarning] = []

  /// The library's sections and pictures by identifier (section: folder path, item:
  /// picture path), for O(1) lookups and differences. Derived.
  public private(set) var snapshot = Snapshot<String, String>()
  /// The sections in display order: the library's, then the Favourites section while
  /// there are favourites. Derived.
  public private(set) var sections: [LibrarySection] = []

  /// An empty gallery.
  public init() {}

  // MARK: Queries

  /// The index of the Favourites section in `sections`, nil while there are no favourites.
  public var favoritesSectionIndex: Int? {
    favorites.isEmpty ? nil : librarySections.count
  }

  /// The number of pictures in the folders' sections.
  public var pictureCount: Int { snapshot.numberOfItems }

  /// The number of pictures in the shown section at `index`.
  public func count(inSection index: Int) -> Int {
    sections.indices.contains(index) ? sections[index].pictures.count : 0
  }

  /// The picture at `path` among the shown sections, nil when there is none.
  public func picture(at path: ItemIndexPath) -> Picture? {
    guard sections.indices.contains(path.section),
      sections[path.section].pictures.indices.contains(path.item)
    else { return nil }
    return sections[path.section].pictures[path.item]
  }

  /// Whether the picture at `path` is a favourite. O(1).
  public func isFavorite(_ path: String) -> Bool { favorites.contains(path) }

  /// Where the picture at `path` sits in its folder's section, nil when no shown folder
  /// holds it. O(1).
  public func libraryPath(of path: String) -> ItemIndexPath? {
    snapshot.indexPath(for: path).map { ItemIndexPath(item: $0.item, section: $0.section) }
  }

  /// The identifier of the shown section at `index`: its folder's path, or the
  /// Favourites id.
  public func sectionIdentifier(at index: Int) -> String? {
    guard sections.indices.contains(index) else { return nil }
    return index == favoritesSectionIndex ? Self.favoritesSectionID : sections[index].id
  }

  // MARK: Changes

  /// Adds a scanned section after the others (before the Favourites section); a picture
  /// or folder already shown is left out.
  ///
  /// - Returns: whether anything was added.
  @discardableResult
  mutating func add(_ section: LibrarySection) -> Bool {
    guard !snapshot.contains(section: section.id) else { return false }
    var seen = Set<String>()
    let pictures = section.pictures.filter {
      !snapshot.contains(item: $0.id) && seen.insert($0.id).inserted
    }
    do {
      try snapshot.appendSections([section.id])
      try snapshot.appendItems(pictures.map(\.id), toSection: section.id)
    } catch {
      return false
    }
    librarySections.append(
      LibrarySection(name: section.name, folder: section.folder, pictures: pictures))
    rebuildSections()
    return true
  }

  /// Replaces the folders' sections with `library`'s (a batch of folder changes applied,
  /// or a rescan); `rewritten` pictures are marked reloaded.
  ///
  /// - Returns: the difference from what was shown, nil when nothing changed (a batch that
  ///   only repeats what is shown).
  ///
  /// O(pictures) for the snapshot and its difference.
  mutating func replaceLibrary(with library: Library, rewritten: [String])
    -> SnapshotDifference?
  {
    let new = library.pictureSnapshot(reloading: rewritten)
    let difference = new.difference(from: snapshot)
    guard
      !difference.isEmpty || !rewritten.isEmpty
        || new.numberOfSections != librarySections.count
    else { return nil }
    librarySections = Self.sections(of: library, shownIn: new)
    snapshot = new
    for warning in library.warnings where !warnings.contains(warning) { warnings.append(warning) }
    rebuildSections()
    return difference
  }

  /// Sets the favourites (read at start, or one toggled).
  mutating func setFavorites(_ favorites: Favorites) {
    self.favorites = favorites
    rebuildSections()
  }

  /// Notes that the scan has finished.
  mutating func finishScan() { isScanComplete = true }

  /// Notes a problem the scan met.
  mutating func noteWarning(_ warning: ScanWarning) { warnings.append(warning) }

  // MARK: Derived

  /// `sections` from the library's and the favourites: the Favourites section lists the
  /// library's picture for each path, or one made from the path alone for a file no shown
  /// folder holds (it loads from its path, or shows as broken when the file is gone).
  /// O(sections + favourites).
  private mutating func rebuildSections() {
    sections = librarySections
    guard !favorites.isEmpty else { return }
    let pictures = favorites.paths.map { path in
      libraryPath(of: path).flatMap { picture(at: $0) } ?? Self.pictureOutsideLibrary(path)
    }
    sections.append(
      LibrarySection(
        name: Self.favoritesSectionName, folder: URL(fileURLWithPath: "/"), pictures: pictures))
  }

  /// A picture known only by its path: no size or date until it is decoded.
  static func pictureOutsideLibrary(_ path: String) -> Picture {
    Picture(
      path: path, fileName: PathName.lastComponent(path), byteSize: 0,
      modificationDate: Date(timeIntervalSince1970: 0),
      format: path.lowercased().hasSuffix(".png") ? .png : .jpeg)
  }

  /// The sections of `library` holding exactly the items of `snapshot` (a picture or
  /// folder repeated through overlapping roots shows once, where it first appears).
  static func sections(of library: Library, shownIn snapshot: Snapshot<String, String>)
    -> [LibrarySection]
  {
    var result: [LibrarySection] = []
    result.reserveCapacity(snapshot.numberOfSections)
    var seen = Set<String>()
    for section in library.sections where snapshot.contains(section: section.id) {
      guard seen.insert(section.id).inserted else { continue }
      let pictures = section.pictures.filter {
        snapshot.sectionIdentifier(containingItem: $0.id) == section.id
      }
      result.append(LibrarySection(name: section.name, folder: section.folder, pictures: pictures))
    }
    return result
  }
}

import CompositionalLayout
import DiffableData
import Foundation
import Thumbnails

extension GalleryState {
  /// The identifier of the Favourites section; never a folder's path (those start with `/`).
  public static let favoritesSectionID = "gallery:favorites"
  /// The Favourites section's title.
  public static let favoritesSectionName = "Favourites"

  /// The index of the Favourites section in `sections`, nil while there are no favourites.
  public var favoritesSectionIndex: Int? { hasFavoritesSection ? sections.count - 1 : nil }

  /// Whether the picture at `path` is a favourite. O(1).
  public func isFavorite(_ path: String) -> Bool { favorites.contains(path) }

  /// Marks or unmarks the focused picture and asks for the favourites to be saved.
  ///
  /// The Favourites section follows through a section snapshot and its difference. The
  /// focus stays on the same picture; when that picture leaves the Favourites section
  /// under the focus, the focus goes to the picture that took its place (the previous
  /// one at the end), or in the detail view to the same picture in its folder's section
  /// so the screen keeps showing it.
  mutating func toggleFavorite() -> [AppCommand] {
    guard let focus, let picture = picture(at: focus) else { return [] }
    favorites.toggle(picture.path)
    applyFavorites()
    return [.saveFavorites(favorites)]
  }

  /// Takes the favourites read at start; problems with the file go to the status line.
  mutating func applyLoaded(_ load: FavoritesLoad) {
    favorites = load.favorites
    if let warning = load.warnings.first { message = Self.text(of: warning) }
    applyFavorites()
  }

  /// Shows the outcome of a save: nothing when it worked (clearing an earlier failure),
  /// else why, while the favourites stay marked in memory.
  mutating func noteSave(_ outcome: Result<[FavoritesWarning], FavoritesError>) {
    switch outcome {
    case .success(let warnings):
      if let warning = warnings.first {
        message = Self.text(of: warning)
      } else if message?.hasPrefix("favourites not saved") == true {
        message = nil
      }
    case .failure(let error):
      message = error.description
    }
  }

  /// A status line's worth about a damaged favourites file: what, and where it went.
  static func text(of warning: FavoritesWarning) -> String {
    switch warning {
    case .setAside(let path, let backup, let problem):
      "\(lastComponent(of: path)) \(problem): set aside as \(lastComponent(of: backup))"
    case .cannotSetAside(let path, let problem, let reason):
      "\(lastComponent(of: path)) \(problem), cannot be moved aside (\(reason)); "
        + "favourites will not be saved"
    }
  }

  /// Brings the Favourites section in line with `favorites`: a section snapshot of the
  /// paths in marking order applied to the data source, the section's pictures rebuilt,
  /// the layout solved again and the focus carried over by the difference.
  mutating func applyFavorites() {
    let oldIndex = favoritesSectionIndex
    let oldFocus = focus
    let focusedPath = oldFocus.flatMap { picture(at: $0) }?.path
    var sectionSnapshot = SectionSnapshot<String>()
    // Favourites hold each path once, so appending them cannot fail.
    try? sectionSnapshot.append(favorites.paths)
    let difference: SnapshotDifference
    if favorites.isEmpty {
      var emptied = favoritesSource.snapshot()
      emptied.deleteSections([Self.favoritesSectionID])
      difference = favoritesSource.apply(emptied)
    } else {
      difference =
        (try? favoritesSource.apply(sectionSnapshot, to: Self.favoritesSectionID))
        ?? SnapshotDifference()
    }
    rebuildFavoritesSection()
    relayout()
    if let oldFocus, let oldIndex, oldFocus.section == oldIndex {
      focus = focusAfterFavoritesChange(
        from: oldFocus, path: focusedPath, difference: difference)
    }
    revealFocus()
  }

  /// Where the focus goes when it was in the Favourites section and the section changed
  /// by `difference`.
  func focusAfterFavoritesChange(
    from old: ItemIndexPath, path: String?, difference: SnapshotDifference
  ) -> ItemIndexPath? {
    let inFolder = path.flatMap { libraryPath(of: $0) }
    guard let index = favoritesSectionIndex, !difference.deletedSections.contains(0) else {
      return inFolder ?? lastPath
    }
    if old.isHeader { return .header(index) }
    if let path, let kept = favoritesSource.indexPath(for: path) {
      return ItemIndexPath(item: kept.item, section: index)
    }
    if mode == .detail, let inFolder { return inFolder }
    let removedBefore = difference.deletedItems.filter { $0.item < old.item }.count
    let count = count(inSection: index)
    return ItemIndexPath(item: max(0, min(old.item - removedBefore, count - 1)), section: index)
  }

  /// Where the picture at `path` sits in its folder's section, nil when no shown folder
  /// holds it. O(1).
  public func libraryPath(of path: String) -> ItemIndexPath? {
    snapshot.indexPath(for: path).map { ItemIndexPath(item: $0.item, section: $0.section) }
  }

  /// Replaces (or adds, or removes) the last section so it lists the favourites: the
  /// library's picture for each path, or one made from the path alone for a file no shown
  /// folder holds (it loads from its path, or shows as broken when the file is gone).
  mutating func rebuildFavoritesSection() {
    if hasFavoritesSection {
      sections.removeLast()
      hasFavoritesSection = false
    }
    guard !favorites.isEmpty else { return }
    let pictures = favorites.paths.map { path in
      libraryPath(of: path).flatMap { picture(at: $0) } ?? Self.pictureOutsideLibrary(path)
    }
    sections.append(
      LibrarySection(
        name: Self.favoritesSectionName, folder: URL(fileURLWithPath: "/"), pictures: pictures))
    hasFavoritesSection = true
  }

  /// A picture known only by its path: no size or date until it is decoded.
  static func pictureOutsideLibrary(_ path: String) -> Picture {
    Picture(
      path: path, fileName: lastComponent(of: path), byteSize: 0,
      modificationDate: Date(timeIntervalSince1970: 0),
      format: ImageFormat(fileName: path) ?? .jpeg)
  }

  /// Adds a scanned section before the Favourites section; a focus there moves with it,
  /// and favourites the section holds get its pictures' details.
  mutating func insertLibrarySection(_ section: LibrarySection) {
    guard let index = favoritesSectionIndex else {
      sections.append(section)
      return
    }
    sections.insert(section, at: index)
    if let focus, focus.section == index {
      self.focus = ItemIndexPath(item: focus.item, section: index + 1)
    }
    rebuildFavoritesSection()
  }
}

import CompositionalLayout
import DiffableData

extension GalleryState {
  /// The identifier of the Favourites section.
  package static var favoritesSectionID: String { GalleryContent.favoritesSectionID }

  /// The index of the Favourites section in `sections`, nil while there are no favourites.
  package var favoritesSectionIndex: Int? { content.favoritesSectionIndex }

  /// The favourite pictures by path, in the order they were marked.
  package var favorites: Favorites { content.favorites }

  /// Where the picture at `path` sits in its folder's section, nil when no shown folder
  /// holds it. O(1).
  package func libraryPath(of path: String) -> ItemIndexPath? { content.libraryPath(of: path) }

  /// Marks or unmarks the focused picture (every file of a pair) and asks for the
  /// favourites to be saved.
  ///
  /// The focus stays on the same picture; when that picture leaves the Favourites section
  /// under the focus, the focus goes to the picture that took its place (the previous
  /// one at the end), or in the detail view to the same picture in its folder's section
  /// so the screen keeps showing it.
  mutating func toggleFavorite() -> [AppCommand] {
    guard let focus, let picture = picture(at: focus) else { return [] }
    var favorites = content.favorites
    // A pair with any file a favourite is one: every file goes, else every file comes.
    let wasFavorite = isFavorite(picture.path)
    for path in picture.allPaths {
      if wasFavorite { favorites.remove(path) } else { favorites.insert(path) }
    }
    setFavorites(favorites)
    return [.saveFavorites(favorites)]
  }

  /// Takes the favourites read at start; problems with the file go to the status line.
  mutating func applyLoaded(_ load: FavoritesLoad) {
    if let warning = load.warnings.first { status.say(.favoritesFile(warning)) }
    content.noteFavoriteFiles(load.files)
    setFavorites(load.favorites)
  }

  /// Shows the outcome of a save: nothing when it worked (clearing an earlier failure),
  /// else why, while the favourites stay marked in memory.
  mutating func noteSave(_ outcome: Result<[FavoritesWarning], FavoritesError>) {
    switch outcome {
    case .success(let warnings):
      if let warning = warnings.first {
        status.say(.favoritesFile(warning))
      } else {
        status.withdrawFavoritesNotSaved()
      }
    case .failure(let error):
      status.say(.favoritesNotSaved(error))
    }
  }

  /// Sets the favourites and carries the focus over: the Favourites section is rebuilt
  /// by the content, the layout solved again, and a focus inside that section follows the
  /// difference between the old and the new list.
  mutating func setFavorites(_ favorites: Favorites) {
    let oldIndex = favoritesSectionIndex
    let oldFocus = focus
    // What the Favourites section showed, item by item (a pair once).
    let oldPaths = oldIndex.map { sections[$0].pictures.map(\.path) } ?? []
    let focusedPath = oldFocus.flatMap { picture(at: $0) }?.path
    content.setFavorites(favorites)
    relayout()
    if !browsing.followStart(startPath), let oldFocus, let oldIndex, oldFocus.section == oldIndex {
      browsing.moveFocus(
        to: focusAfterFavoritesChange(from: oldFocus, path: focusedPath, oldPaths: oldPaths))
    }
    revealFocus()
  }

  /// Where the focus goes when it was in the Favourites section and that section went
  /// from showing `oldPaths` to what it shows now.
  func focusAfterFavoritesChange(from old: ItemIndexPath, path: String?, oldPaths: [String])
    -> ItemIndexPath?
  {
    let inFolder = path.flatMap { libraryPath(of: $0) }
    guard let index = favoritesSectionIndex else { return inFolder ?? lastPath }
    if old.isHeader { return .header(index) }
    if let path, let kept = sections[index].pictures.firstIndex(where: { $0.path == path }) {
      return ItemIndexPath(item: kept, section: index)
    }
    if presentation.mode == .detail, let inFolder { return inFolder }
    let removedBefore = oldPaths.prefix(max(0, old.item)).filter { !content.isFavorite($0) }.count
    let count = count(inSection: index)
    return ItemIndexPath(item: max(0, min(old.item - removedBefore, count - 1)), section: index)
  }
}

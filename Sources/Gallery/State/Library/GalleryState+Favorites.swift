import CompositionalLayout
import DiffableData
import Pictures

/// Favourites: a view of the culling decisions (`FavoriteRule`), shown in the Favourites
/// section and toggled with `f` as a decision, through the same path as `P` and `1`–`5`.
extension GalleryState {
  /// The identifier of the Favourites section.
  package static var favoritesSectionID: String { GalleryContent.favoritesSectionID }

  /// The index of the Favourites section in `sections`, nil while there are no favourites.
  package var favoritesSectionIndex: Int? { content.favoritesSectionIndex }

  /// The favourite files by path, in the order they became favourites.
  package var favorites: Favorites { content.favorites }

  /// Where the picture at `path` sits in its folder's section, nil when no shown folder
  /// holds it. O(1).
  package func libraryPath(of path: String) -> ItemIndexPath? { content.libraryPath(of: path) }

  /// Takes the favourites of an older gallery made decisions at start: they are on disk
  /// already, so they are shown as decisions read (undo does not take them back), and the
  /// status line says once what became of them.
  mutating func receiveMigration(_ migration: FavoritesMigration) {
    if !migration.decisions.isEmpty { receiveDecisions(migration.decisions) }
    if migration.isWorthSaying {
      status.say(.favoritesMigrated(migration))
    } else if let warning = migration.warning {
      status.say(.favoritesFile(warning))
    }
  }

  /// Changes decisions with `change` and, when that changed the favourites, lays the
  /// sections out again and carries the focus over: a focus inside the Favourites section
  /// follows the difference between the old and the new list.
  ///
  /// The focus stays on the same picture; when that picture leaves the Favourites section
  /// under the focus, the focus goes to the picture that took its place (the previous
  /// one at the end), or in the detail view to the same picture in its folder's section
  /// so the screen keeps showing it.
  mutating func followingFavorites(_ change: (inout GalleryState) -> Void) {
    let revision = content.favoritePictures.revision
    let oldIndex = favoritesSectionIndex
    let oldFocus = focus
    // What the Favourites section showed, item by item (a pair once).
    let oldPaths = oldIndex.map { sections[$0].pictures.map(\.path) } ?? []
    let focusedPath = oldFocus.flatMap { picture(at: $0) }?.path
    change(&self)
    guard content.favoritePictures.revision != revision else { return }
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

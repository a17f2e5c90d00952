import CompositionalLayout
import DiffableData

extension GalleryState {
  /// Applies a settled batch of folder changes (inotify) as a snapshot difference: the
  /// sections and pictures are replaced by the library with `changes` applied, the
  /// focus stays on the same picture (or moves to a neighbour when it was removed).
  ///
  /// - Returns: the pictures whose files were rewritten: their thumbnails are stale.
  ///
  /// O(pictures) for the new snapshot and its difference.
  mutating func applyFolderChanges(_ changes: FolderChanges) -> [String] {
    if let warning = changes.warnings.first { message = warning.description }
    let current = Library(sections: Array(librarySections))
    let update = current.applying(changes)
    replaceLibrary(update.library, rewritten: update.rewritten)
    return update.rewritten
  }

  /// Replaces the whole content with a fresh scan's `library` (after the watcher asked
  /// for a rescan), as a difference from what is shown, the focus kept.
  mutating func applyRescan(_ library: Library) {
    replaceLibrary(library, rewritten: [])
    for warning in library.warnings { noteWarning(warning) }
  }

  /// The sections of the shown folders: all but the Favourites section.
  var librarySections: ArraySlice<LibrarySection> {
    hasFavoritesSection ? sections.dropLast() : sections[...]
  }

  /// Swaps in `library`, keeping the focus and the scroll place; nothing happens when the
  /// difference of the snapshots is empty (a batch that only repeats what is shown).
  ///
  /// The Favourites section stays last, rebuilt from the favourites: a favourite whose
  /// file went stays as a broken entry. A focus in it stays on the same row.
  mutating func replaceLibrary(_ library: Library, rewritten: [String]) {
    let old = snapshot
    let focusedID = focus.flatMap { picture(at: $0)?.id }
    let favoritesFocus = focus.flatMap { $0.section == favoritesSectionIndex ? $0 : nil }
    let new = library.pictureSnapshot(reloading: rewritten)
    let difference = new.difference(from: old)
    guard
      !difference.isEmpty || !rewritten.isEmpty
        || new.numberOfSections != librarySections.count
    else { return }
    let fresh = Self.sections(of: library, shownIn: new)
    replaceContent(sections: fresh, snapshot: new)
    rebuildFavoritesSection()
    for path in rewritten { forgetInfo(for: path) }
    relayout()
    if let favoritesFocus, let index = favoritesSectionIndex {
      focus = ItemIndexPath(item: favoritesFocus.item, section: index)
    } else {
      focus = refocused(previous: focusedID, old: old)
    }
    resnapOrthogonalOffsets()
    revealFocus()
    if !rewritten.isEmpty {
      // Ask again for what is on screen: the rewritten pictures' thumbnails are new.
      setWanted([])
    }
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

  /// Where the focus goes after a change: the same picture when it is still shown; else
  /// the picture after it in the old order that survived, else the one before; else the
  /// first picture.
  func refocused(previous id: String?, old: Snapshot<String, String>) -> ItemIndexPath? {
    guard let id else { return firstPath }
    if let path = indexPath(ofPicture: id) { return path }
    guard let oldIndex = old.indexOfItem(id) else { return firstPath }
    let items = old.itemIdentifiers
    var forward = oldIndex + 1
    var backward = oldIndex - 1
    while forward < items.count || backward >= 0 {
      if forward < items.count, let path = indexPath(ofPicture: items[forward]) { return path }
      if backward >= 0, let path = indexPath(ofPicture: items[backward]) { return path }
      forward += 1
      backward -= 1
    }
    return firstPath
  }

  /// The layout path of the picture `id`, nil when it is not shown. O(1) lookups.
  func indexPath(ofPicture id: String) -> ItemIndexPath? {
    guard let path = snapshot.indexPath(for: id) else { return nil }
    return ItemIndexPath(item: path.item, section: path.section)
  }
}

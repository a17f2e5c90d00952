import CompositionalLayout
import DiffableData

/// The library changing under the user: sections found by the scan, batches of folder
/// changes (inotify) and rescans, each applied so the focus stays on the same picture.
extension GalleryState {
  /// Takes one scan event: a section (shown at once), a warning, or the end.
  /// `regrouping` false leaves the timeline to be regrouped by the caller, once for many
  /// folders (`regroupTimeline`).
  mutating func apply(_ scan: ScanEvent, regrouping: Bool = true) {
    switch scan {
    case .section(let section):
      addSection(section)
      if grouping.gathersFolders {
        if regrouping { regroupTimeline() }
        return
      }
      relayout()
      if focus == nil { browsing.moveFocus(to: startPath) } else { browsing.followStart(startPath) }
      revealFocus()
    case .warning(let warning):
      content.noteWarning(warning)
    case .finished(let stats):
      content.finishScan(stats)
      prepareSearchOnceSettled()
    }
  }

  /// Puts the folders scanned since the last time into the timeline, the focus kept
  /// still on the screen; nothing when none came.
  mutating func regroupTimeline() {
    guard content.needsRegroup else { return }
    rearrange(keepingFocusStill: true) { $0.regroupIfNeeded() }
    if focus == nil { browsing.moveFocus(to: startPath) }
  }

  /// Applies a settled batch of folder changes as a snapshot difference.
  ///
  /// - Returns: the pictures whose files were rewritten: their thumbnails are stale.
  ///
  /// O(pictures) for the new snapshot and its difference.
  /// `trashed` names the files the batch took to the Trash (an action's report): their
  /// hashes are kept for an undo.
  mutating func applyFolderChanges(_ changes: FolderChanges, trashed: [String] = []) -> [String] {
    if let warning = changes.warnings.first { status.say(.liveUpdates(warning)) }
    let update = Library(sections: content.librarySections).applying(changes)
    replaceLibrary(update.library, rewritten: update.rewritten, trashed: trashed)
    return update.rewritten
  }

  /// Swaps in `library`, keeping the focus and the scroll place; nothing happens when the
  /// difference of the snapshots is empty (a batch that only repeats what is shown).
  ///
  /// The Favourites section stays last, rebuilt from the favourites: a favourite whose
  /// file went stays as a broken entry. A focus in it stays on the same row.
  mutating func replaceLibrary(_ library: Library, rewritten: [String], trashed: [String] = []) {
    let old = content.snapshot
    let focusedID = focus.flatMap { picture(at: $0)?.id }
    let favoritesFocus = focus.flatMap { $0.section == favoritesSectionIndex ? $0 : nil }
    let difference = content.replaceLibrary(
      with: library, rewritten: rewritten, trashed: trashed)
    loading.keepOnly(content.holds)
    noteTrashedFilesBack()
    guard difference != nil else { return }
    loading.forget(rewritten)
    relayout()
    if let favoritesFocus, let index = favoritesSectionIndex {
      browsing.moveFocus(to: ItemIndexPath(item: favoritesFocus.item, section: index))
    } else {
      browsing.moveFocus(to: refocused(previous: focusedID, old: old))
    }
    resnapOrthogonalOffsets()
    revealFocus()
  }

  /// Where the focus goes after a change: the same picture when it is still shown; else
  /// the picture after it in the old order that survived, else the one before; else the
  /// first picture.
  func refocused(previous id: String?, old: Snapshot<String, String>) -> ItemIndexPath? {
    guard let id else { return firstPath }
    if let path = libraryPath(of: id) { return path }
    // A file that joined a pair is shown as its still.
    if let path = libraryPath(of: content.shownPath(of: id)) { return path }
    // A picture a closed stack took is shown as its cover.
    if let cover = content.stacks.stack(of: content.shownPath(of: id))?.cover,
      let path = libraryPath(of: cover.path)
    {
      return path
    }
    guard let oldIndex = old.indexOfItem(id) else { return firstPath }
    let items = old.itemIdentifiers
    let shown = content.snapshot.itemIdentifiers
    if shown.count < items.count / 2 {
      // Few pictures left (a filter typed): the nearest of them in the old order, found
      // among them rather than by walking the old pictures, which would look up most of
      // a library that a filter emptied. Forward wins a tie, as below.
      if let nearest = Self.nearestKept(to: oldIndex, in: shown, of: old) {
        return libraryPath(of: nearest) ?? firstPath
      }
      let nearest = shown.compactMap { path in
        old.indexOfItem(path).map {
          (path: path, distance: abs($0 - oldIndex), after: $0 > oldIndex)
        }
      }.min { ($0.distance, $0.after ? 0 : 1) < ($1.distance, $1.after ? 0 : 1) }
      return nearest.flatMap { libraryPath(of: $0.path) } ?? firstPath
    }
    var forward = oldIndex + 1
    var backward = oldIndex - 1
    while forward < items.count || backward >= 0 {
      if forward < items.count, let path = libraryPath(of: items[forward]) { return path }
      if backward >= 0, let path = libraryPath(of: items[backward]) { return path }
      forward += 1
      backward -= 1
    }
    return firstPath
  }

  /// The item of `shown` nearest to the old snapshot's item at `oldIndex`, forward winning
  /// a tie, when `shown` keeps the old items' order (a filter narrowing what showed): found
  /// by halving, O(log shown) lookups instead of one for each picture shown. Nil when an
  /// item looked at is not in `old`, or the order is not the old one.
  static func nearestKept(
    to oldIndex: Int, in shown: [String], of old: Snapshot<String, String>
  ) -> String? {
    guard !shown.isEmpty else { return nil }
    // The first of `shown` after the old item.
    var low = 0
    var high = shown.count
    while low < high {
      let middle = (low + high) / 2
      guard let index = old.indexOfItem(shown[middle]) else { return nil }
      if index > oldIndex { high = middle } else { low = middle + 1 }
    }
    let after = low < shown.count ? old.indexOfItem(shown[low]) : nil
    let before = low > 0 ? old.indexOfItem(shown[low - 1]) : nil
    // The halving relies on the old order; its neighbours must bear it out.
    if let after, after <= oldIndex { return nil }
    if let before, before >= oldIndex { return nil }
    if low + 1 < shown.count, let after,
      old.indexOfItem(shown[low + 1]).map({ $0 <= after }) ?? true
    {
      return nil
    }
    if low >= 2, let before, old.indexOfItem(shown[low - 2]).map({ $0 >= before }) ?? true {
      return nil
    }
    switch (before, after) {
    case (let before?, let after?):
      return after - oldIndex <= oldIndex - before ? shown[low] : shown[low - 1]
    case (nil, _?): return shown[low]
    case (_?, nil): return shown[low - 1]
    case (nil, nil): return nil
    }
  }

  /// A message that files went to the Trash is untrue once one of them is back in the
  /// library (another program put it back: a file manager, `trash-restore`): it says
  /// which came back instead, and keeps watching those still away.
  mutating func noteTrashedFilesBack() {
    guard case .trashed(_, let paths) = message else { return }
    let back = paths.filter(content.isInLibrary)
    guard !back.isEmpty else { return }
    let away = paths.filter { !content.isInLibrary($0) }
    let files = pictureFiles(back)
    let words = "\(files) \(files.isOrAre) back from the Trash"
    status.say(away.isEmpty ? .acted(words) : .trashed(words, paths: away))
  }
}

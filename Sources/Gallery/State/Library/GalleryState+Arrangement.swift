import CompositionalLayout
import FoundationEssentials
import TerminalKit

/// The order (`s`, `S`) and the filter (`/`, typed in `Prompts`): changes of what is shown
/// that keep the focus on the same picture, applied as a difference of the shown snapshot.
extension GalleryState {
  /// The order of the pictures in each section.
  package var order: PictureOrder { content.order }

  /// The filter: words in the names and fields of the details (`PictureQuery`).
  package var filter: PictureQuery { content.filter }

  /// Changes what is shown through `change`, keeping the focus: on the same picture when
  /// it is still shown (in the Favourites section when it was there), else on the
  /// nearest that is, in the old order; a focused header stays on its section.
  /// `keepingFocusStill` scrolls so the focus stays on the row of the screen it was on
  /// (dates arriving move pictures around it, not it), where the view can.
  mutating func rearrange(
    keepingFocusStill: Bool = false, _ change: (inout GalleryContent) -> Void
  ) {
    let old = content.snapshot
    let screenRow = focus.flatMap { frame(of: $0) }.map { $0.minY - scrollY }
    let focusedPath = focus.flatMap { picture(at: $0) }?.path
    let inFavorites = focus != nil && focus?.section == favoritesSectionIndex
    let header = focus.flatMap { $0.isHeader ? content.sectionIdentifier(at: $0.section) : nil }
    change(&content)
    viewport.resetOffsets()
    relayout()
    if let header,
      let index = sections.indices.first(where: {
        content.sectionIdentifier(at: $0) == header
      })
    {
      browsing.moveFocus(to: .header(index))
    } else if inFavorites, let focusedPath, let index = favoritesSectionIndex,
      let item = sections[index].pictures.firstIndex(where: { $0.path == focusedPath })
    {
      browsing.moveFocus(to: ItemIndexPath(item: item, section: index))
    } else {
      browsing.moveFocus(to: refocused(previous: focusedPath, old: old))
    }
    if let focus, picture(at: focus) == nil, !focus.isHeader { browsing.moveFocus(to: firstPath) }
    // The saved order applied at start, or the favourites read: the start follows.
    browsing.followStart(startPath)
    if keepingFocusStill, !focusIsProvisional, let screenRow,
      let frame = focus.flatMap({ frame(of: $0) })
    {
      scroll(to: frame.minY - screenRow)
    }
    revealFocus()
  }

  // MARK: Order

  /// Puts the pictures in `order` (the focus kept) and asks for it to be saved. The
  /// duplicates grouping keeps its own order (the largest group first, each its best copy
  /// first, the one `R` keeps): the order is taken for the other groupings, and the
  /// status line says so.
  mutating func sort(by order: PictureOrder) -> [AppCommand] {
    rearrange { $0.setOrder(order, chosenNow: true) }
    status.say(grouping == .duplicates ? .sortedElsewhere(order) : .sorted(order))
    return [.saveOrder(order)]
  }

  /// Takes the order saved by an earlier run: the folders' pictures follow it, the
  /// pictures named one by one keep the order they were given in.
  mutating func restoreOrder(_ order: PictureOrder) {
    rearrange { $0.setOrder(order, chosenNow: false) }
  }

  /// Whether what is shown depends on the pictures' details: the dates the timeline and
  /// the order by date taken go by, the sizes and dates the best of copies is chosen
  /// by, and a filter's fields.
  var arrangementUsesDetails: Bool {
    order.key == .dateTaken || grouping.gathersFolders || content.filter.readsDetails
  }

  /// The details not yet read nor asked for: those of the folders as they are scanned
  /// (the library index answers each request in one batch, and the run loop takes the
  /// batches waiting as one). Every picture's are read, whatever is shown: the search and
  /// the details view use them too.
  mutating func detailsToRead() -> [FileStamp] {
    let stamps = content.unreadDetailStamps.filter { !loading.detailsReading.wasAsked($0) }
    loading.noteDetailsAsked(stamps)
    return stamps
  }

  /// Takes details read in the background (those of files the library still holds): in
  /// the timeline and in the order by date taken the pictures move to their places, the
  /// focused one kept still on the screen.
  mutating func noteDetails(_ batch: PictureDetailsBatch) {
    for notice in batch.notices { status.say(.libraryIndex(notice)) }
    let held = PictureDetailsBatch(batch.details.filter { content.holds($0.key) })
    loading.noteDetailsRead(batch.details.keys)
    // Among the duplicates, only the details of the copies grouped move anything.
    if arrangementUsesDetails
      && (grouping != .duplicates || content.groupsAny(of: held.details.keys))
    {
      rearrange(keepingFocusStill: true) { $0.noteDetails(held) }
    } else {
      content.noteDetails(held)
    }
    prepareSearchOnceSettled()
  }

  /// Lays out what the search reads for the first query typed once the scan is over and
  /// every picture's details are in, whichever comes last: a user who looks before
  /// typing gives no idle moment to do it in.
  mutating func prepareSearchOnceSettled() {
    if content.isScanComplete, loading.detailsReading.progress == nil {
      content.prepareSearch()
    }
  }
}

import CompositionalLayout
import Foundation
import TerminalKit

/// The order (`s`, `S`) and the filter (`/`): changes of what is shown that keep the
/// focus on the same picture, applied as a difference of the shown snapshot.
extension GalleryState {
  /// The order of the pictures in each section.
  public var order: PictureOrder { content.order }

  /// The filter on names.
  public var filter: NameFilter { content.filter }

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
      focus = .header(index)
    } else if inFavorites, let focusedPath, let index = favoritesSectionIndex,
      let item = sections[index].pictures.firstIndex(where: { $0.path == focusedPath })
    {
      focus = ItemIndexPath(item: item, section: index)
    } else {
      focus = refocused(previous: focusedPath, old: old)
    }
    if let focus, picture(at: focus) == nil, !focus.isHeader { self.focus = firstPath }
    // The saved order applied at start, or the favourites read: the start follows.
    if focusIsProvisional { self.focus = startPath }
    if keepingFocusStill, !focusIsProvisional, let screenRow,
      let frame = focus.flatMap({ frame(of: $0) })
    {
      scroll(to: frame.minY - screenRow)
    }
    revealFocus()
  }

  // MARK: Order

  /// Puts the pictures in `order` (the focus kept) and asks for it to be saved.
  mutating func sort(by order: PictureOrder) -> [AppCommand] {
    rearrange { $0.setOrder(order, chosenNow: true) }
    message = .sorted(order)
    return [.saveOrder(order)]
  }

  /// Takes the order saved by an earlier run: the folders' pictures follow it, the
  /// pictures named one by one keep the order they were given in.
  mutating func restoreOrder(_ order: PictureOrder) {
    rearrange { $0.setOrder(order, chosenNow: false) }
  }

  /// The dates not yet read nor asked for, when the timeline or the order needs them:
  /// those of the folders as they are scanned (the cache of dates answers each request
  /// in one batch, and the run loop takes the batches waiting as one).
  mutating func datesToRead() -> [FileStamp] {
    guard order.key == .dateTaken || grouping.isTimeline else { return [] }
    let stamps = content.unreadDateStamps.filter { !loading.datesAsked.contains($0) }
    loading.markDatesAsked(stamps)
    return stamps
  }

  /// Takes dates read in the background: in the timeline and in the order by date taken
  /// the pictures move to their places, the focused one kept still on the screen.
  mutating func noteDatesTaken(_ dates: DatesTaken) {
    guard order.key == .dateTaken || grouping.isTimeline else {
      content.noteDatesTaken(dates)
      return
    }
    rearrange(keepingFocusStill: true) { $0.noteDatesTaken(dates) }
  }

  // MARK: Filter

  /// Whether keys are typed into the filter (after `/`, until Enter or Esc).
  public var isEditingFilter: Bool { presentation.filterInput != nil }

  /// Starts typing into the filter, from the filter now in force.
  mutating func beginFilter() {
    if presentation.mode == .detail {
      presentation.mode = .grid
      revealFocus()
    }
    presentation.filterInput = content.filter.text
  }

  /// Narrows the shown pictures to names containing `text` (smart case), as it is typed.
  mutating func applyFilter(_ text: String) {
    rearrange { $0.setFilter(NameFilter(text)) }
  }

  /// A key while the filter is typed: characters go into it, Backspace takes one out,
  /// Ctrl-U empties it, Enter keeps it, Esc clears it; arrows, pages, Home and End move
  /// the focus among what is left.
  mutating func handleFilterKey(_ key: Key) -> [AppCommand] {
    guard let text = presentation.filterInput else { return [] }
    if let edited = PromptText.edited(text, by: key) {
      guard edited != text else { return [] }
      presentation.filterInput = edited
      applyFilter(edited)
      return []
    }
    switch key {
    case .enter:
      presentation.filterInput = nil
      return []
    case .escape:
      presentation.filterInput = nil
      applyFilter("")
      return []
    case .control("l"):
      return [.redraw]
    case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .tab, .backTab:
      let actions: [Key: KeyAction] = [
        .up: .up, .down: .down, .left: .left, .right: .right, .pageUp: .pageUp,
        .pageDown: .pageDown, .home: .first, .end: .last, .tab: .nextSection,
        .backTab: .previousSection,
      ]
      if let action = actions[key] { return handleGrid(action) }
      return []
    default:
      return []
    }
  }
}

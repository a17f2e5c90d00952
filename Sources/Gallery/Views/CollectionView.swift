import CompositionalLayout
import Pictures
import TerminalKit

/// The sections on screen: headers, and each picture as a grid cell (`ItemCell`) or a
/// list row (`ListCell`) as `GalleryState.showsRows(inSection:)` says, with the focus.
/// The grids, the list and `--print` all draw through here.
enum CollectionView {
  /// Draws the scrolling view (every row but the last) of `state`.
  ///
  /// Pictures cut by the bottom edge spill onto the status line's row, which the status
  /// line then covers whole: cheaper than drawing into a frame of its own and copying.
  static func draw(_ state: GalleryState, into frame: inout Frame) {
    draw(
      state, visible: state.visibleRect, offsets: state.orthogonalOffsets, focus: state.focus,
      thumbnails: state.loading.thumbnails, pictures: state.loading.pictures, into: &frame)
  }

  /// Draws what of the layout meets `visible` into `view`, whose top-left is `visible`'s
  /// origin. Elements cut by the edges are clipped by the frame.
  static func draw(
    _ state: GalleryState, visible: CellRect, offsets: [Int: Int], focus: ItemIndexPath?,
    thumbnails: ThumbnailShelf?, pictures: PictureShelf?, into view: inout Frame
  ) {
    // Pictures in pixels stay inside the visible part (the status line is not theirs).
    let canvas = CellRect(x: 0, y: 0, width: visible.width, height: visible.height)
    for element in state.layout.attributes(in: visible, orthogonalOffsets: offsets) {
      let rect = element.displayFrame.offsetBy(dx: -visible.minX, dy: -visible.minY)
      if GalleryState.isHeader(element) {
        drawHeader(state, section: element.indexPath.section, rect: rect, into: &view)
        continue
      }
      guard element.category == .item, let picture = state.picture(at: element.indexPath)
      else { continue }
      let section = element.indexPath.section
      let artRect = state.artRect(section: section, frame: rect) ?? rect
      let art = TileArt.resolve(
        state, path: picture.path, size: state.artBox(section: section, frame: rect),
        rect: artRect, canvas: canvas, cells: thumbnails, pictures: pictures)
      let focused = element.indexPath == focus
      if state.showsRows(inSection: section) {
        ListCell.draw(state, picture: picture, art: art, rect: rect, focused: focused, into: &view)
        continue
      }
      let marked = state.isMarked(picture.path)
      let decision = state.decision(of: picture.path)
      ItemCell.draw(
        picture: picture, art: art, rect: rect, artRect: artRect, focused: focused,
        marked: marked, appearance: state.appearance, into: &view)
      if decision.flag == .rejected {
        // Pixels cannot be dimmed here: the name is, and the badge's `✗` says it.
        if case .cells = art {
          DecisionBadge.dim(artRect, appearance: state.appearance, into: &view)
        }
        view.restyle(x: rect.minX + 1, y: rect.maxY - 1, width: rect.width - 2, height: 1) {
          $0.attributes.insert(.dim)
        }
      }
      var metadata: ImageMetadata?
      if case .ready(let known, _)? = state.loading.info[picture.path] { metadata = known }
      // The Favourites section repeats pictures: a stack is the folders'.
      let stack =
        section == state.favoritesSectionIndex ? nil : state.stack(of: picture.path)
      TileBadge.decorate(
        cell: rect, picture: picture, metadata: metadata, stack: stack,
        appearance: state.appearance, into: &view)
      let badge = TileBadge.text(
        picture: picture, metadata: metadata, stack: stack, appearance: state.appearance)
      if state.isFavorite(picture.path) {
        FavoriteMark.decorate(cell: rect, appearance: state.appearance, into: &view)
      }
      // Over the mat, on their own background: a pick makes a favourite, and the labels'
      // colours are not readable on the mat's.
      DecisionBadge.decorate(
        cell: rect, decision: decision, leftTaken: 1 + (badge.map { $0.displayWidth + 2 } ?? 0),
        appearance: state.appearance, into: &view)
      if marked {
        MarkBadge.decorate(cell: rect, appearance: state.appearance, into: &view)
      }
    }
  }

  /// `▾ Office  15 pictures ─────…`: the fold mark (`▸` folded), the name in bold (in
  /// reverse video when focused), the count and a rule dimmed.
  static func drawHeader(
    _ state: GalleryState, section: Int, rect: CellRect, into view: inout Frame
  ) {
    guard state.sections.indices.contains(section) else { return }
    let count = state.pictureCount(inSection: section)
    var x = rect.minX + 1
    let folded = state.isCollapsed(section)
    let mark = state.appearance.unicode ? (folded ? "▸" : "▾") : (folded ? ">" : "v")
    x += view.put(
      mark + " ", x: x, y: rect.minY, style: state.theme.disclosure, maxWidth: rect.width - 2)
    let focused = state.focus == .header(section)
    let (title, detail) = headerText(
      state, section: section, count: count, room: max(0, rect.maxX - 1 - x))
    let used = view.put(
      title, x: x, y: rect.minY,
      style: focused ? state.theme.focusHeader : state.theme.headerName,
      maxWidth: max(0, rect.maxX - 1 - x))
    var column = x + used
    column += view.put(
      detail, x: column, y: rect.minY,
      style: state.theme.headerRule, maxWidth: max(0, rect.maxX - 1 - column), truncation: .clip)
    let rule: Character = state.appearance.unicode ? "─" : "-"
    let ruleLength = rect.maxX - 1 - column
    if ruleLength > 0 {
      view.put(
        String(repeating: rule, count: ruleLength), x: column, y: rect.minY,
        style: state.theme.headerRule, truncation: .clip)
    }
  }

  /// What follows a header's name: `  15 pictures ` for a folder; in the timeline
  /// ` · 1,234 pictures · Kitchen ` (the folder, when they all came from one), and for
  /// the pictures without a date while dates are still read, that they are.
  static func countText(_ state: GalleryState, section: Int, count: Int) -> String {
    let noun = count == 1 ? "picture" : "pictures"
    let shown = state.sections[section]
    guard shown.period != nil || shown.id == Timeline.undatedSectionID else {
      return "  \(count) \(noun) "
    }
    let dot = state.appearance.unicode ? "·" : "-"
    var text = " \(dot) \(TimelineTitle.count(count, locale: state.appearance.locale)) \(noun)"
    if let place = shown.place { text += " \(dot) " + TextSanitizer.sanitize(place) }
    if shown.period == nil, state.content.datesPending > 0 { text += " \(dot) dates being read" }
    return text + " "
  }
}

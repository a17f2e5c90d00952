import CompositionalLayout
import Pictures

extension GalleryState {
  /// The thumbnails the screen needs now, highest priority first: in the detail view its
  /// picture (4) and the neighbours (1); in the survey the focused pane's (4), the others
  /// (3), then the focused one at the detail view's size and the next set (1); in the grid the focus (3), the rest on screen
  /// (2), the next pictures of each row (1), then while the user is idle and the screen
  /// is done, what to decode ahead (0, `prefetchCandidates`) within `configuration.prefetchBytes`.
  ///
  /// O(pictures on screen, and those decoded ahead while idle).
  package func thumbnailWants() -> [ThumbnailWant] {
    guard !isTooSmall else { return [] }
    var wants: [ThumbnailWant] = []
    var seen = Set<String>()
    func add(
      _ path: ItemIndexPath, size: TileSize?, priority: ThumbnailPriority,
      crop: PictureCrop? = nil, visible: TileCrop? = nil, enlarges: Bool = false
    ) {
      guard let picture = picture(at: path) else { return }
      add(
        picture.path, size: size, priority: priority, crop: crop, visible: visible,
        enlarges: enlarges)
    }
    func add(
      _ path: String, size: TileSize?, priority: ThumbnailPriority, crop: PictureCrop? = nil,
      visible: TileCrop? = nil, enlarges: Bool = false
    ) {
      guard let size, seen.insert(path).inserted else { return }
      // The detail view and the survey paint the clipped areas while `J` says so.
      wants.append(
        ThumbnailWant(
          path: path, size: size, priority: priority, crop: crop, visible: visible,
          enlarges: enlarges, paintsClipping: enlarges && detail.showsClipping))
    }
    /// A picture laid out at `frame` (content coordinates), cut to the view if it must be.
    func add(_ path: ItemIndexPath, frame: CellRect, priority: ThumbnailPriority) {
      let rect = artRect(section: path.section, frame: frame)
      let visible = rect.flatMap { visibleCrop(of: $0.offsetBy(dx: 0, dy: -scrollY)) }
      add(
        path, size: artBox(section: path.section, frame: frame), priority: priority,
        visible: visible)
    }
    if screenMode == .survey, let survey, let layout = surveyLayout {
      for (pane, path) in survey.paths.enumerated() {
        add(
          path, size: layout.pictureBox(pane),
          priority: pane == survey.focused ? .detail : .focused,
          crop: survey.zoom(ofPane: pane).crop, enlarges: true)
      }
      // Ahead: the focused picture as Enter opens it, and the next set PgDn shows.
      if let box = detailLayout.artBox {
        wants.append(
          ThumbnailWant(
            path: survey.focusedPath, size: box, priority: .nearby, enlarges: true,
            paintsClipping: detail.showsClipping))
      }
      for (pane, path) in surveyNextSet(survey).enumerated() {
        add(
          path, size: layout.pictureBox(min(pane, layout.count - 1)), priority: .nearby,
          enlarges: true)
      }
      return wants
    }
    if screenMode == .detail, let focus {
      let box = detailLayout.artBox
      add(focus, size: box, priority: .detail, crop: detail.zoom.crop, enlarges: true)
      for step in [1, -1] {
        if let neighbour = path(after: focus, step: step) {
          add(neighbour, size: box, priority: .nearby, enlarges: true)
        }
      }
      return wants
    }
    if let focus, let frame = frame(of: focus) {
      add(focus, frame: frame, priority: .focused)
    }
    let onScreen = layout.attributes(in: visibleRect, orthogonalOffsets: orthogonalOffsets)
      .filter { $0.category == .item }
    for element in onScreen {
      add(element.indexPath, frame: element.frame, priority: .visible)
    }
    // Just off screen: the rows of orthogonal sections beyond the edge.
    for element in onScreen where layout.sections[element.indexPath.section].isOrthogonal {
      for step in [1, 2, -1] {
        let next = ItemIndexPath(
          item: element.indexPath.item + step, section: element.indexPath.section)
        add(next, size: artBox(for: element), priority: .nearby)
      }
    }
    if !configuration.decodesAhead {
      // As before decoding ahead (to measure it): a page above and below, at once.
      let around = CellRect(
        x: 0, y: scrollY - viewHeight, width: screen.width, height: viewHeight * 3)
      for element in layout.attributes(in: around, orthogonalOffsets: orthogonalOffsets)
      where element.category == .item {
        add(element.indexPath, size: artBox(for: element), priority: .nearby)
      }
    } else if prefetch.isIdle && isScreenFinished(wants) {
      // Further, only while the user is idle and the screen is drawn from its pictures.
      var budget = configuration.prefetchBytes
      for (path, size) in prefetchCandidates() {
        let cost = Prefetch.estimatedBytes(size, cellAspect: cellAspect)
        guard cost <= budget else { break }
        let count = wants.count
        add(path, size: size, priority: .prefetch)
        if wants.count > count { budget -= cost }
      }
    }
    return wants
  }
}

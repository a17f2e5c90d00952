import CompositionalLayout

/// A direction of focus movement.
package enum FocusDirection: Hashable, Sendable {
  case up, down, left, right
}

extension GalleryState {
  /// Moves the focus to the nearest picture in `direction` by frame geometry, across
  /// sections, then scrolls to keep it in view.
  ///
  /// Up and down pick the nearest row of pictures above or below that is on screen
  /// horizontally (an orthogonal row offers the pictures it shows), then the one that
  /// overlaps the focus most, then the nearest centre. Left and right in an orthogonal
  /// row step to the neighbouring picture and scroll the row by its behaviour; in a
  /// grid they pick the nearest picture in the row, wrapping to the next or previous
  /// row of the section at its ends; from or to a small day beside others (a packed
  /// section), on to the next or previous day's picture.
  mutating func stepFocus(_ direction: FocusDirection) {
    guard let focus else {
      browsing.moveFocus(to: firstPath)
      revealFocus()
      return
    }
    let target: ItemIndexPath?
    switch direction {
    case .up, .down: target = verticalNeighbour(of: focus, down: direction == .down)
    case .left, .right: target = horizontalNeighbour(of: focus, right: direction == .right)
    }
    if let target { browsing.moveFocus(to: target) }
    revealFocus()
  }

  func verticalNeighbour(of path: ItemIndexPath, down: Bool) -> ItemIndexPath? {
    guard let origin = navigationFrame(of: path) else { return nil }
    let band = max(8, viewHeight)
    var top = down ? origin.maxY : origin.minY - band
    while down ? top < layout.contentSize.height : top + band > 0 {
      let rect = CellRect(x: 0, y: top, width: screen.width, height: band)
      let candidates = focusStops(in: rect).filter {
        (down ? $0.frame.minY >= origin.maxY : $0.frame.maxY <= origin.minY)
          && $0.frame.maxX > 0 && $0.frame.minX < screen.width
      }
      if !candidates.isEmpty {
        let edge =
          down ? candidates.map(\.frame.minY).min() ?? 0 : candidates.map(\.frame.maxY).max() ?? 0
        let row = candidates.filter { down ? $0.frame.minY == edge : $0.frame.maxY == edge }
        return Self.best(row.map { ($0.indexPath, $0.frame) }, near: origin)
      }
      top += down ? band : -band
    }
    return nil
  }

  func horizontalNeighbour(of path: ItemIndexPath, right: Bool) -> ItemIndexPath? {
    guard !path.isHeader else { return nil }
    let step = right ? 1 : -1
    let linear = ItemIndexPath(item: path.item + step, section: path.section)
    guard layout.sections.indices.contains(path.section) else { return nil }
    if layout.sections[path.section].isOrthogonal {
      return orthogonalNeighbour(of: path, right: right)
    }
    guard let origin = frame(of: path) else { return nil }
    let rowRect = CellRect(x: 0, y: origin.minY, width: screen.width, height: origin.height)
    let row = layout.attributes(in: rowRect, orthogonalOffsets: orthogonalOffsets).filter {
      $0.category == .item && $0.indexPath.section == path.section
        && (right ? $0.frame.minX >= origin.maxX : $0.frame.maxX <= origin.minX)
    }
    if let nearest = Self.best(row.map { ($0.indexPath, $0.frame) }, near: origin) {
      return nearest
    }
    if picture(at: linear) != nil { return linear }
    // Small days side by side read as one row: past a packed section's end the next
    // (or previous) picture is the next day's.
    guard let next = self.path(after: path, step: step),
      layout.sections[path.section].isPacked
        || layout.sections.indices.contains(next.section)
          && layout.sections[next.section].isPacked
    else { return nil }
    return next
  }

  /// The candidate that overlaps `origin`'s columns (or rows) most, then has the nearest
  /// centre; ties go to the earlier picture.
  static func best(_ candidates: [(ItemIndexPath, CellRect)], near origin: CellRect)
    -> ItemIndexPath?
  {
    func overlap(_ frame: CellRect) -> Int {
      max(0, min(frame.maxX, origin.maxX) - max(frame.minX, origin.minX))
    }
    func distance(_ frame: CellRect) -> Int {
      let dx = (frame.minX + frame.maxX) - (origin.minX + origin.maxX)
      let dy = (frame.minY + frame.maxY) - (origin.minY + origin.maxY)
      return dx * dx + 4 * dy * dy
    }
    return candidates.min { a, b in
      let (oa, ob) = (overlap(a.1), overlap(b.1))
      if oa != ob { return oa > ob }
      let (da, db) = (distance(a.1), distance(b.1))
      if da != db { return da < db }
      return a.0 < b.0
    }?.0
  }

  /// Scrolls a page (`direction` 1 down, -1 up) and focuses the picture nearest to where
  /// the focus sat on screen; at either end the focus goes to the first or last picture.
  mutating func page(by direction: Int) {
    let pageRows = max(1, viewHeight - 2)
    let old = scrollY
    let new = min(max(0, old + direction * pageRows), maximumScrollY)
    guard new != old, let focus, let origin = frame(of: focus) else {
      jump(to: direction > 0 ? lastPath : firstPath)
      return
    }
    scroll(to: new)
    let target = origin.offsetBy(dx: 0, dy: new - old)
    let stops = focusStops(in: visibleRect)
    let visible = stops.filter { visibleRect.contains($0.frame) }
    let pool = visible.isEmpty ? stops : visible
    if let nearest = Self.best(pool.map { ($0.indexPath, $0.frame) }, near: target) {
      browsing.moveFocus(to: nearest)
    }
    revealFocus()
  }

  /// Focuses `path` and scrolls it into view (Home, End).
  mutating func jump(to path: ItemIndexPath?) {
    guard let path else { return }
    browsing.moveFocus(to: path)
    if path == firstPath { scroll(to: 0) }
    revealFocus()
  }

  /// Focuses the first picture of the next (`step` 1) or previous (-1) section that has
  /// pictures, its header at the top of the screen when the content allows.
  mutating func jumpToSection(step: Int) {
    let current = focus?.section ?? (step > 0 ? -1 : sections.count)
    var index = current + step
    while sections.indices.contains(index) && sections[index].pictures.isEmpty { index += step }
    guard sections.indices.contains(index) else { return }
    var item = 0
    if layout.sections[index].isOrthogonal {
      // The row keeps its place: focus the first picture it shows.
      item =
        layout.attributes(
          in: CellRect(
            x: 0, y: layout.sections[index].contentFrame.minY, width: screen.width, height: 1),
          orthogonalOffsets: orthogonalOffsets
        )
        .filter { $0.category == .item && $0.indexPath.section == index && $0.frame.minX >= 0 }
        .map(\.indexPath.item).min() ?? 0
    }
    browsing.moveFocus(
      to: isCollapsed(index) ? .header(index) : ItemIndexPath(item: item, section: index))
    scroll(to: layout.sections[index].frame.minY)
    revealFocus()
  }
}

import CompositionalLayout

extension GalleryState {
  /// Rows kept between the focus and the top or bottom edge when scrolling to it.
  static let scrollMargin = 1

  /// Scrolls the view to row `y`, clamped to the content.
  mutating func scroll(to y: Int) {
    viewport.scroll(to: y, maximum: maximumScrollY)
  }

  /// Scrolls so the focused picture is on screen with a margin: its orthogonal row by
  /// the row's behaviour, then the view vertically, moving as little as possible. A
  /// picture in its section's first row brings the header along; one taller than the
  /// screen shows its top.
  mutating func revealFocus() {
    guard let focus, layout.sections.indices.contains(focus.section) else {
      scroll(to: scrollY)
      return
    }
    let section = layout.sections[focus.section]
    if section.isOrthogonal && !focus.isHeader {
      viewport.setOffset(
        layout.orthogonalOffset(toShow: focus, current: orthogonalOffsets[focus.section] ?? 0),
        section: focus.section)
    }
    guard let frame = frame(of: focus) else { return }
    var top = frame.minY - Self.scrollMargin
    if frame.minY <= section.contentFrame.minY { top = section.frame.minY }
    var bottom = frame.maxY + Self.scrollMargin
    if focus.section == sections.count - 1 { bottom = min(bottom, layout.contentSize.height) }
    var y = scrollY
    if top < y {
      y = top
    } else if bottom > y + viewHeight {
      y = min(bottom - viewHeight, top)
    }
    scroll(to: y)
  }

  /// After a resize: each orthogonal row's offset clamped and moved to its nearest rest
  /// place in the new layout.
  mutating func resnapOrthogonalOffsets() {
    for (index, offset) in orthogonalOffsets {
      guard layout.sections.indices.contains(index), layout.sections[index].isOrthogonal else {
        viewport.setOffset(nil, section: index)
        continue
      }
      viewport.setOffset(
        layout.restingOffset(proposed: offset, direction: .none, section: index), section: index)
    }
  }
}

import CompositionalLayout

/// Folding sections to their header (`z`, or Enter on a header).
///
/// The focus can rest on a header. Headers are stops for the arrow keys where a user
/// needs them: in the list, where they are rows like any other (as in an outline), and
/// on a folded section in the grid, which is nothing but its header. In the grid an
/// open section's header is skipped so that arrows go from pictures to pictures; a click
/// or `z` reaches it. Folding a section moves a focus inside it to its header, where
/// Enter or `z` opens it again.
extension GalleryState {
  /// Whether the section at `index` is folded to its header.
  package func isCollapsed(_ index: Int) -> Bool {
    content.sectionIdentifier(at: index).map { browsing.collapsedSections.contains($0) } ?? false
  }

  /// The items each section shows: none while folded.
  var shownItemCounts: [Int] {
    sections.indices.map { isCollapsed($0) ? 0 : sections[$0].pictures.count }
  }

  /// Folds or unfolds the section holding the focus (`z`).
  mutating func toggleCollapseOfFocusedSection() {
    guard let focus else { return }
    toggleCollapse(section: focus.section)
  }

  /// Folds or unfolds the section at `index`; the focus on one of its pictures moves to
  /// its header, the view keeps the focus on screen.
  mutating func toggleCollapse(section index: Int) {
    guard let id = content.sectionIdentifier(at: index) else { return }
    if browsing.toggleFold(id) {
      if let focus, focus.section == index { browsing.moveFocus(to: .header(index)) }
    }
    relayout()
    revealFocus()
  }

  /// The element kinds drawn as section headers.
  static let headerKinds: Set<String> = [
    PresetMetrics.headerKind, ListConfiguration.headerElementKind,
  ]

  /// Whether `element` is a section's header.
  static func isHeader(_ element: LayoutAttributes) -> Bool {
    element.elementKind.map { headerKinds.contains($0) && element.indexPath.section >= 0 }
      ?? false
  }

  /// The places in `rect` the arrow keys stop at: pictures, and the headers of the list
  /// and of folded sections (as `.header(section)` paths).
  func focusStops(in rect: CellRect) -> [LayoutAttributes] {
    layout.attributes(in: rect, orthogonalOffsets: viewport.orthogonalOffsets).compactMap {
      element in
      if element.category == .item { return element }
      guard Self.isHeader(element), presentation.showsList || isCollapsed(element.indexPath.section)
      else {
        return nil
      }
      var header = element
      header.indexPath = .header(element.indexPath.section)
      return header
    }
  }

  /// The header's frame of the section at `index` in content coordinates, nil when the
  /// section has none.
  package func headerFrame(section index: Int) -> CellRect? {
    guard layout.sections.indices.contains(index) else { return nil }
    let top = layout.sections[index].frame
    let probe = CellRect(x: 0, y: top.minY, width: max(1, screen.width), height: max(1, top.height))
    return layout.attributes(in: probe, orthogonalOffsets: orthogonalOffsets)
      .first { Self.isHeader($0) && $0.indexPath.section == index }?.frame
  }

  /// Where the focus is for moving up and down: a header counts as its first column, so
  /// leaving it goes to the first picture of the row below or above.
  func navigationFrame(of path: ItemIndexPath) -> CellRect? {
    guard let frame = frame(of: path) else { return nil }
    guard path.isHeader else { return frame }
    return CellRect(x: frame.minX, y: frame.minY, width: 1, height: frame.height)
  }

  /// The section whose header is under a screen cell, nil for none.
  package func header(atScreenX x: Int, y: Int) -> Int? {
    element(atScreenX: x, y: y, where: Self.isHeader)?.indexPath.section
  }
}

/// Marks (`m`, `M`, `u`), apart from favourites: the pictures `-o` prints when the gallery
/// quits, `o` opens and `y` copies. Kept only while the gallery runs.
extension GalleryState {
  /// Whether the picture at `path` is marked. O(1).
  public func isMarked(_ path: String) -> Bool { content.isMarked(path) }

  /// The number of marked pictures.
  public var markCount: Int { content.marks.count }

  /// The marked paths in the order shown (see `GalleryContent.markedPaths`).
  public var markedPaths: [String] { content.markedPaths }

  /// The paths an action on "the picture, or the marked ones" works on: the marked
  /// pictures when there are some, else the focused picture; empty for neither.
  public var focusedOrMarkedPaths: [String] {
    if markCount > 0 { return markedPaths }
    return focus.flatMap { picture(at: $0) }.map { [$0.path] } ?? []
  }

  /// Marks or unmarks the focused picture.
  mutating func toggleMark() {
    guard let focus, let picture = picture(at: focus) else { return }
    content.setMarked([picture.path], !isMarked(picture.path))
  }

  /// Marks every picture the focused section shows, or unmarks them all when they all
  /// are marked.
  mutating func toggleMarksOfFocusedSection() {
    guard let focus, sections.indices.contains(focus.section) else { return }
    let paths = sections[focus.section].pictures.map(\.path)
    content.setMarked(paths, !paths.allSatisfy(isMarked))
  }

  /// Unmarks every picture.
  mutating func clearMarks() { content.clearMarks() }
}

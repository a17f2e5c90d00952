/// Marks (`m`, `M`, `u`), apart from favourites: the pictures `-o` prints when the gallery
/// quits, `o` opens and `y` copies. Kept only while the gallery runs.
extension GalleryState {
  /// Whether the picture at `path` is marked. O(1).
  package func isMarked(_ path: String) -> Bool { content.isMarked(path) }

  /// The number of marked pictures (a pair's files count once). O(marks).
  package var markCount: Int { content.markedPictureCount }

  /// The marked paths in the order shown (see `GalleryContent.markedPaths`).
  package var markedPaths: [String] { content.markedPaths }
  /// What `-o` prints at quit: the marked paths, else those a search shows
  /// (`GalleryContent.selectedPaths`).
  package var selectedPaths: [String] { content.selectedPaths }

  /// The paths an action on "the picture, or the marked ones" works on: the marked
  /// pictures when there are some, else the focused picture (every file of a pair); empty
  /// for neither.
  package var focusedOrMarkedPaths: [String] {
    if markCount > 0 { return markedPaths }
    return focus.flatMap { picture(at: $0) }?.allPaths ?? []
  }

  /// Whether an action on "the picture, or the marked ones" takes exactly the focused
  /// picture's files: no marks, or the marks on every file of the focused picture alone.
  /// Anything else is out of sight, and a trash asks first.
  package var actsOnFocusedAlone: Bool {
    guard markCount > 0 else { return true }
    guard let focus, let picture = picture(at: focus) else { return false }
    return Set(markedPaths) == Set(picture.allPaths)
  }

  /// `paths` as the pictures shown: each file with the picture it is shown as, in the
  /// order of `paths`. O(paths).
  package func pictureFiles(_ paths: [String]) -> PictureFiles {
    var groups: [[String]] = []
    var groupOfPicture: [String: Int] = [:]
    for path in paths {
      let shown = content.shownPath(of: path)
      if let index = groupOfPicture[shown] {
        groups[index].append(path)
      } else {
        groupOfPicture[shown] = groups.count
        groups.append([path])
      }
    }
    return PictureFiles(pictures: groups)
  }

  /// Marks or unmarks the focused picture, every file of a pair.
  mutating func toggleMark() {
    guard let focus, let picture = picture(at: focus) else { return }
    content.setMarked(picture.allPaths, !isMarked(picture.path))
  }

  /// Marks every picture the focused section shows, or unmarks them all when they all
  /// are marked.
  mutating func toggleMarksOfFocusedSection() {
    guard let focus, sections.indices.contains(focus.section) else { return }
    let pictures = sections[focus.section].pictures
    let marked = pictures.allSatisfy { isMarked($0.path) }
    content.setMarked(pictures.flatMap(\.allPaths), !marked)
  }

  /// Unmarks every picture.
  mutating func clearMarks() { content.clearMarks() }
}

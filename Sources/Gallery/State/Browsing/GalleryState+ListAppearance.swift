import CompositionalLayout
import Pictures

/// The list appearance (`v`, `--layout list`) and the one rule for which pictures are
/// drawn as list rows: every picture while the list is on, else those of the sections the
/// preset draws as rows (browse's stacks and full-width rows).
extension GalleryState {
  /// Switches between the preset's grids and the list, the focus kept and on screen.
  mutating func showList(_ list: Bool) {
    guard list != presentation.showsList else { return }
    presentation.showList(list)
    viewport.resetOffsets()
    relayout()
    revealFocus()
  }

  /// How the shown sections are arranged by the preset (`SectionPlan`): a lone library
  /// section as a grid, the Favourites section as the preset's third, nothing sideways
  /// in a document.
  var sectionPlan: SectionPlan {
    let favorites = favoritesSectionIndex
    return SectionPlan(
      preset: layoutPreset, firstRowScrolling: configuration.firstRowScrolling,
      librarySections: sections.count - (favorites == nil ? 0 : 1), favoritesIndex: favorites,
      isDocument: configuration.isDocument, isTimeline: grouping.isTimeline)
  }

  /// The layout in use: the list, or the preset's by the plan.
  var activeLayout: CompositionalLayout {
    presentation.showsList ? ListPreset.make() : sectionPlan.layout()
  }

  /// Whether the pictures of the section at `index` are drawn as list rows.
  package func showsRows(inSection index: Int) -> Bool {
    presentation.showsList || sectionPlan.drawsRows(inSection: index)
  }

  /// The box the cell art of a picture with `frame` in section `section` fills: a list
  /// row's thumbnail (`ListPreset.thumbnailBox`), or the frame inside the one-cell focus
  /// ring of a grid cell, within the largest picture the terminal takes. Nil when there
  /// is no room.
  package func artBox(section: Int, frame: CellRect) -> TileSize? {
    if showsRows(inSection: section) {
      return ListPreset.thumbnailBox(rows: frame.height, cellAspect: cellAspect)
    }
    var size = TileSize(columns: frame.width - 2, rows: frame.height - 2)
    if let largest = largestPictureCells {
      size = TileSize(
        columns: min(size.columns, largest.columns), rows: min(size.rows, largest.rows))
    }
    return size.columns > 0 && size.rows > 0 ? size : nil
  }

  /// `artBox` for a laid-out item.
  package func artBox(for element: LayoutAttributes) -> TileSize? {
    artBox(section: element.indexPath.section, frame: element.frame)
  }
}

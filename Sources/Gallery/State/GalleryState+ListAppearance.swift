import CompositionalLayout
import Thumbnails

/// The list appearance (`v`, `--layout list`) and the one rule for which pictures are
/// drawn as list rows: every picture while the list is on, else those of the sections the
/// preset draws as rows (browse's stacks and full-width rows).
extension GalleryState {
  /// Switches between the preset's grids and the list, the focus kept and on screen.
  mutating func showList(_ list: Bool) {
    guard list != showsList else { return }
    showsList = list
    viewport.resetOffsets()
    relayout()
    revealFocus()
  }

  /// The layout in use: the list, or the preset with the Favourites section laid out as
  /// the preset's third section (MacBook's 4 or 6 columns in the showcase) wherever it
  /// falls.
  var activeLayout: CompositionalLayout {
    if showsList { return ListPreset.make() }
    guard favoritesSectionIndex != nil else { return preset }
    let preset = self.preset
    let favoritesIndex = favoritesSectionIndex
    return CompositionalLayout(configuration: preset.configuration) { index, environment in
      preset.section(
        at: Self.presetSectionIndex(index, favoritesIndex: favoritesIndex),
        environment: environment)
    }
  }

  /// The preset's section provider index for the section at `index`: its own, except
  /// the Favourites section among the first two, which takes the third's arrangement.
  static func presetSectionIndex(_ index: Int, favoritesIndex: Int?) -> Int {
    index == favoritesIndex && index < 2 ? 2 : index
  }

  /// Whether the pictures of the section at `index` are drawn as list rows.
  public func showsRows(inSection index: Int) -> Bool {
    if showsList { return true }
    return layoutPreset.gridArrangement.drawsRows(
      inSection: Self.presetSectionIndex(index, favoritesIndex: favoritesSectionIndex))
  }

  /// The box the cell art of a picture with `frame` in section `section` fills: a list
  /// row's thumbnail (`ListPreset.thumbnailBox`), or the frame inside the one-cell focus
  /// ring of a grid cell. Nil when there is no room.
  public func artBox(section: Int, frame: CellRect) -> TileSize? {
    if showsRows(inSection: section) {
      return ListPreset.thumbnailBox(rows: frame.height, cellAspect: cellAspect)
    }
    let size = TileSize(columns: frame.width - 2, rows: frame.height - 2)
    return size.columns > 0 && size.rows > 0 ? size : nil
  }

  /// `artBox` for a laid-out item.
  public func artBox(for element: LayoutAttributes) -> TileSize? {
    artBox(section: element.indexPath.section, frame: element.frame)
  }
}

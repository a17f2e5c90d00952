import CompositionalLayout

/// The list appearance (`v`, `--layout list`): grouped list sections, one row per picture
/// with a small thumbnail, the name and a secondary line of details.
///
/// Grouped, with one change: no blank row between a header and its rows.
///
/// A row is two lines tall: the name, then dimensions, file size and date. The thumbnail
/// takes the rows' height and the width of a 4:3 picture through the cell aspect.
public enum ListLayout {
  /// Rows of one picture's row.
  public static let rowHeight = 2
  /// Blank columns left of the thumbnail.
  public static let leading = 2

  /// The layout: every section a grouped list with a header.
  public static func make() -> CompositionalLayout {
    CompositionalLayout(configuration: LayoutConfiguration(interSectionSpacing: 0)) {
      _, environment in
      let configuration = ListConfiguration(
        appearance: .grouped, headerMode: .supplementary,
        rowHeight: .absolute(Double(rowHeight)))
      var section = LayoutSection.list(using: configuration, layoutEnvironment: environment)
      // The header sits right on its rows; the blank row below each section keeps the
      // groups apart (a folded section is its header and that blank row).
      section.contentInsets.top = 0
      return section
    }
  }

  /// The thumbnail's box in a row: `rowHeight` rows by a 4:3 picture's width in columns.
  public static func thumbnailBox(cellAspect: Double) -> ArtSize {
    let columns = Int((Double(rowHeight) * cellAspect * 4 / 3).rounded())
    return ArtSize(columns: max(2, min(12, columns)), rows: rowHeight)
  }
}

extension GalleryState {
  /// Switches between the preset's grids and the list, the focus kept and on screen.
  public mutating func showList(_ list: Bool) {
    guard list != showsList else { return }
    showsList = list
    orthogonalOffsets = [:]
    relayout()
    revealFocus()
  }

  /// The layout in use: the list, or the preset with the Favourites section laid out as
  /// the preset's last grid (MacBook's 4 or 6 columns in the showcase) wherever it falls.
  var activeLayout: CompositionalLayout {
    if showsList { return ListLayout.make() }
    guard let favoritesIndex = favoritesSectionIndex else { return preset }
    let preset = self.preset
    return CompositionalLayout(configuration: preset.configuration) { index, environment in
      guard index == favoritesIndex, index < 2 else {
        return preset.section(at: index, environment: environment)
      }
      return preset.section(at: 2, environment: environment)
    }
  }

  /// The thumbnail box for an item of `frame`: inside the focus ring in the grid, the
  /// row's small thumbnail in the list.
  func wantBox(for frame: CellRect) -> ArtSize? {
    showsList ? ListLayout.thumbnailBox(cellAspect: cellAspect) : Self.artBox(for: frame)
  }
}

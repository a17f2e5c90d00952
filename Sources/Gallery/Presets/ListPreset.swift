import CompositionalLayout
import Pictures

/// `--layout list` and `v`: the list appearance. Every section is a grouped list under its
/// header, one row per picture: a small thumbnail, the name, a secondary line (dimensions,
/// file size, date) and a `›` disclosure mark. One column at every size.
///
/// Grouped, with one change: no blank row between a header and its rows; the blank row
/// below each section keeps the groups apart (a folded section is its header and that
/// blank row). The browse preset's full-width rows are the same rows in plain sections.
///
/// A row is `rowHeight` rows tall. Its thumbnail takes the row's height and the width of
/// a 4:3 picture through the cell aspect; taller rows (the browse preset's stacks) get a
/// larger thumbnail and their two lines of text centred.
package enum ListPreset {
  /// Rows of one picture's row.
  package static let rowHeight = 2
  /// Blank columns left of the thumbnail.
  package static let leading = 2

  /// The layout: every section a grouped list with a header, no spacing between sections
  /// but the list's own blank row.
  package static func make() -> CompositionalLayout {
    CompositionalLayout(configuration: LayoutConfiguration(interSectionSpacing: 0)) {
      _, environment in section(environment: environment)
    }
  }

  /// A list section of `rowHeight` rows with a header sitting right on its rows:
  /// `.grouped` (a blank row below) or `.plain` (none; the header does not pin).
  static func section(
    environment: LayoutEnvironment, appearance: ListConfiguration.Appearance = .grouped
  ) -> LayoutSection {
    let configuration = ListConfiguration(
      appearance: appearance, headerMode: .supplementary, rowHeight: .absolute(Double(rowHeight)))
    var section = LayoutSection.list(using: configuration, layoutEnvironment: environment)
    section.contentInsets.top = 0
    for index in section.boundarySupplementaryItems.indices {
      section.boundarySupplementaryItems[index].pinToVisibleBounds = false
    }
    return section
  }

  /// The thumbnail's box in a row `rows` tall: as many rows (less one, left blank between
  /// rows, from 4 rows up) by a 4:3 picture's width in columns through `cellAspect` (5
  /// columns for 2 rows at the usual aspect of 2).
  package static func thumbnailBox(rows: Int = rowHeight, cellAspect: Double) -> TileSize {
    let rows = rows >= 4 ? rows - 1 : max(1, rows)
    let columns = Int((Double(rows) * cellAspect * 4 / 3).rounded())
    return TileSize(columns: max(2, min(6 * rows, columns)), rows: rows)
  }
}

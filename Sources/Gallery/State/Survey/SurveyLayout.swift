import CompositionalLayout
import Pictures

/// Where the survey puts its panes on a screen: the grid of columns and rows that shows
/// the candidates largest, laid out by the layout engine, and in each pane the ring
/// around the picture, the picture's box inside it, the rows of its histogram and its
/// caption.
///
/// The grid is the one whose smallest picture, fitted whole into its pane, covers the
/// most of the screen (at the cell aspect, for pictures of the candidates' shape): two
/// side by side on a wide screen, one above the other on a tall one; three and four in a
/// 2×2 on the usual terminals; up to eight in 4×2 or 3×3. A last row with fewer panes is
/// centred.
package struct SurveyLayout: Hashable, Sendable {
  /// Rows under each picture: its name, decision and figures.
  package static let captionRows = 1
  /// The most rows a histogram takes, here and in the detail view.
  static let histogramRowsMaximum = 6

  package let screen: CellSize
  /// The number of panes.
  package let count: Int
  package let columns: Int
  package let rows: Int
  /// Each pane's rectangle on the screen, in the candidates' order.
  package let panes: [CellRect]
  /// Whether each pane keeps rows for a histogram under its picture.
  package let showsHistogram: Bool

  /// The panes of `count` candidates on `screen` (the status line's row left out),
  /// pictures of `aspect` (width ÷ height in pixels), cells of `cellAspect`.
  package init(
    screen: CellSize, count: Int, aspect: Double = 1.5, cellAspect: Double = 2,
    showsHistogram: Bool = false
  ) {
    self.screen = screen
    self.count = max(0, count)
    self.showsHistogram = showsHistogram
    let area = CellSize(width: max(0, screen.width), height: max(0, screen.height - 1))
    let grid = Self.grid(
      count: self.count, area: area, aspect: aspect, cellAspect: cellAspect,
      showsHistogram: showsHistogram)
    columns = grid.columns
    rows = grid.rows
    panes = Self.solve(count: self.count, columns: columns, rows: rows, area: area)
  }

  /// The ring around pane `index`'s picture (the focus frame, a mark's frame, the name on
  /// its bottom edge): the pane less the rows under it; nil when there is no room.
  package func ringRect(_ index: Int) -> CellRect? {
    guard panes.indices.contains(index) else { return nil }
    let pane = panes[index]
    let height = pane.height - Self.captionRows - histogramRows(index)
    guard pane.width > 2, height > 2 else { return nil }
    return CellRect(x: pane.minX, y: pane.minY, width: pane.width, height: height)
  }

  /// The picture's box in pane `index`: inside its ring; nil when there is no room.
  package func pictureRect(_ index: Int) -> CellRect? {
    guard let ring = ringRect(index) else { return nil }
    return CellRect(
      x: ring.minX + 1, y: ring.minY + 1, width: ring.width - 2, height: ring.height - 2)
  }

  /// The box of cells the picture of pane `index` is drawn into.
  package func pictureBox(_ index: Int) -> TileSize? {
    pictureRect(index).map { TileSize(columns: $0.width, rows: $0.height) }
  }

  /// The rows of pane `index`'s histogram (`histogramRows(paneHeight:)`); none while
  /// histograms are hidden.
  package func histogramRows(_ index: Int) -> Int {
    guard showsHistogram, panes.indices.contains(index) else { return 0 }
    return Self.histogramRows(paneHeight: panes[index].height)
  }

  /// The rows of a histogram in a pane `paneHeight` rows tall: a quarter of it, up to
  /// `histogramRowsMaximum`.
  static func histogramRows(paneHeight: Int) -> Int {
    min(histogramRowsMaximum, paneHeight / 4)
  }

  /// The histogram's rectangle in pane `index`, under its picture; nil while hidden.
  package func histogramRect(_ index: Int) -> CellRect? {
    let height = histogramRows(index)
    guard height > 0, let ring = ringRect(index) else { return nil }
    return CellRect(x: ring.minX + 1, y: ring.maxY, width: ring.width - 2, height: height)
  }

  /// The caption's row of pane `index`: its last.
  package func captionRect(_ index: Int) -> CellRect? {
    guard panes.indices.contains(index) else { return nil }
    let pane = panes[index]
    return CellRect(x: pane.minX + 1, y: pane.maxY - 1, width: max(0, pane.width - 2), height: 1)
  }

  /// The pane under a cell of the screen, nil for none.
  package func pane(atX x: Int, y: Int) -> Int? {
    let probe = CellRect(x: x, y: y, width: 1, height: 1)
    return panes.firstIndex { $0.intersects(probe) }
  }

  /// The pane beside pane `index` in a direction (`dx`, `dy`: -1, 0 or 1), by the centres
  /// of the panes: the nearest whose centre lies that way; nil at the edge.
  package func neighbour(of index: Int, dx: Int, dy: Int) -> Int? {
    guard panes.indices.contains(index) else { return nil }
    func center(_ rect: CellRect) -> (Int, Int) {
      (2 * rect.minX + rect.width, 2 * rect.minY + rect.height)
    }
    let (x, y) = center(panes[index])
    var best: (index: Int, distance: Int)?
    for (other, rect) in panes.enumerated() where other != index {
      let (ox, oy) = center(rect)
      let along = dx != 0 ? (ox - x) * dx : (oy - y) * dy
      guard along > 0 else { continue }
      let across = dx != 0 ? abs(oy - y) : abs(ox - x)
      // Straight across counts first: a pane in the same row (or column) before one
      // diagonally nearer.
      let distance = across * 4 + along
      if best.map({ distance < $0.distance }) ?? true { best = (other, distance) }
    }
    return best?.index
  }

  /// The columns and rows that show `count` pictures largest in `area`: for each number
  /// of columns, the rows it needs, and the fitted picture's area in a pane less its ring,
  /// its caption and its histogram. Ties go to the grid with fewer empty places, then to
  /// fewer columns.
  static func grid(
    count: Int, area: CellSize, aspect: Double, cellAspect: Double, showsHistogram: Bool
  ) -> (columns: Int, rows: Int) {
    guard count > 1 else { return (1, 1) }
    let ratio = aspect > 0 && aspect.isFinite ? aspect : 1.5
    var best = (columns: 1, rows: count, area: -1.0)
    for columns in 1...count {
      let rows = (count + columns - 1) / columns
      // A grid with an empty row is never the best: fewer rows show the same panes.
      guard (rows - 1) * columns < count else { continue }
      let paneHeight = area.height / rows
      let histogram = showsHistogram ? histogramRows(paneHeight: paneHeight) : 0
      let width = Double(area.width / columns - 2)
      let height = Double(paneHeight - 2 - captionRows - histogram)
      guard width > 0, height > 0 else { continue }
      // In square units: a cell is `cellAspect` times as tall as it is wide.
      let boxHeight = height * cellAspect
      let fitted = min(width, boxHeight * ratio)
      let covered = fitted * fitted / ratio
      let empty = columns * rows - count
      let bestEmpty = best.columns * best.rows - count
      if covered > best.area * 1.0001 || (covered >= best.area * 0.9999 && empty < bestEmpty) {
        best = (columns, rows, covered)
      }
    }
    return (best.columns, best.rows)
  }

  /// The panes as the layout engine places them: a section of rows, each a horizontal
  /// group of equal panes; the last row, when it holds fewer, as wide as its panes and
  /// centred by insets.
  static func solve(count: Int, columns: Int, rows: Int, area: CellSize) -> [CellRect] {
    guard count > 0, area.width > 0, area.height > 0 else { return [] }
    let rowHeight = area.height / rows
    let paneWidth = area.width / columns
    let last = count - (rows - 1) * columns
    let layout = CompositionalLayout { index, _ in
      let panes = index == rows - 1 ? last : columns
      let item = LayoutItem(
        layoutSize: LayoutSize(
          widthDimension: .absolute(Double(paneWidth)), heightDimension: .fractionalHeight(1)))
      var row = LayoutGroup.horizontal(
        layoutSize: LayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: .absolute(Double(rowHeight))),
        repeatingSubitem: item, count: panes)
      let spare = area.width - panes * paneWidth
      row.contentInsets = DirectionalEdgeInsets(leading: spare / 2, trailing: spare - spare / 2)
      return LayoutSection(group: row)
    }
    let environment = LayoutEnvironment(containerSize: area)
    let itemCounts = (0..<rows).map { $0 == rows - 1 ? last : columns }
    let solved = layout.prepare(environment: environment, itemCounts: itemCounts)
    var panes: [CellRect] = []
    for row in 0..<rows {
      for item in 0..<itemCounts[row] {
        if let frame = solved.frame(for: ItemIndexPath(item: item, section: row)) {
          panes.append(frame)
        }
      }
    }
    return panes
  }
}

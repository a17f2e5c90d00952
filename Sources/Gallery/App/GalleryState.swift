import CompositionalLayout
import DiffableData
import TerminalKit
import Thumbnails

/// Everything the screen shows, as one value: `update` changes it, `GalleryView.render`
/// draws it. No I/O, no clocks, no threads.
public struct GalleryState: Sendable {
  /// What fills the screen.
  public enum Mode: Hashable, Sendable {
    /// The sections of thumbnails.
    case grid
    /// The focused picture as large as the screen allows, with its details.
    case detail
    /// The list of keys over the screen it was opened from.
    case help
  }

  /// Sections and pictures by identifier: section = folder path, item = picture path.
  public private(set) var snapshot = Snapshot<String, String>()
  /// The sections in display order, for their names and pictures: the library's, then
  /// the Favourites section while there are favourites.
  public internal(set) var sections: [LibrarySection] = []
  /// Whether the scan has finished.
  public private(set) var isScanComplete = false
  /// Problems the scan met, shown in the status line.
  public private(set) var warnings: [ScanWarning] = []

  /// The terminal's size in cells.
  public private(set) var screen: CellSize
  /// Pixel height ÷ pixel width of a cell.
  public private(set) var cellAspect: Double
  /// The size classes in effect (kept for the hysteresis of the next resize).
  public private(set) var traits: TraitCollection
  /// The layout solved for the screen and the sections; derived, rebuilt on change.
  public internal(set) var layout: SolvedLayout
  /// The arrangement of sections while the list is off.
  public let preset: CompositionalLayout
  /// The preset chosen with `--layout`; `preset` is its grid arrangement (the showcase
  /// for the list, which starts with `showsList` on).
  public let layoutPreset: LayoutPreset

  /// The focused picture, nil while there are none.
  public var focus: ItemIndexPath?
  /// The first content row shown at the top of the screen.
  public var scrollY = 0
  /// Horizontal offsets of the orthogonal sections, by section index.
  public var orthogonalOffsets: [Int: Int] = [:]
  public var mode: Mode = .grid
  /// The mode to go back to when the help closes.
  public var modeBeforeHelp: Mode = .grid

  /// What decoding taught about each picture (by path): its metadata or its error.
  public private(set) var pictureInfo: [String: ThumbnailOutcome] = [:]
  /// The thumbnails on the screen or near it, as last asked of the run loop.
  public private(set) var wanted: [ThumbnailWant] = []
  /// Pictures whose details were asked for with `.describe`, so each is asked once.
  public private(set) var described: Set<String> = []
  /// A short message for the status line (a warning, a hint), nil for none.
  public var message: String?

  /// How pictures and borders are drawn.
  public var appearance: Appearance

  // MARK: Favourites, list appearance, collapsed sections (see the extensions)

  /// The favourite pictures by path, in the order they were marked.
  public internal(set) var favorites = Favorites()
  /// The Favourites section as last shown, updated by applying section snapshots.
  var favoritesSource = DiffableDataSource<String, String>()
  /// Whether the last section is the Favourites section.
  public internal(set) var hasFavoritesSection = false
  /// Sections folded to their header, by section identifier: kept across resizes, view
  /// changes and sections arriving.
  public internal(set) var collapsedSections: Set<String> = []
  /// Whether the sections show as a grouped list (`v`) instead of the preset's grids.
  public internal(set) var showsList = false

  /// The smallest screen the gallery draws on; below it a message says so.
  public static let minimumSize = CellSize(width: 24, height: 8)

  /// An empty gallery for a `width × height` screen; sections arrive as scan events.
  public init(
    width: Int, height: Int, cellAspect: Double = 2, appearance: Appearance = Appearance(),
    officeScrolling: OrthogonalScrollingBehavior = .paging, layoutPreset: LayoutPreset = .showcase
  ) {
    self.screen = CellSize(width: max(0, width), height: max(0, height))
    self.cellAspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 2
    self.appearance = appearance
    self.layoutPreset = layoutPreset
    self.preset = layoutPreset.gridArrangement.layout(officeScrolling: officeScrolling)
    let environment = Self.environment(screen: screen, cellAspect: self.cellAspect, previous: nil)
    self.traits = environment.traitCollection
    self.layout = preset.prepare(environment: environment, itemCounts: [])
    if layoutPreset.startsInList { showList(true) }
  }

  /// A gallery showing `library` at once (tests, `--print`).
  public init(
    library: Library, width: Int, height: Int, cellAspect: Double = 2,
    appearance: Appearance = Appearance(), officeScrolling: OrthogonalScrollingBehavior = .paging,
    layoutPreset: LayoutPreset = .showcase
  ) {
    self.init(
      width: width, height: height, cellAspect: cellAspect, appearance: appearance,
      officeScrolling: officeScrolling, layoutPreset: layoutPreset)
    for section in library.sections { addSection(section) }
    if library.isComplete { isScanComplete = true }
    relayout()
    if focus == nil { focus = firstPath }
  }

  // MARK: Geometry

  /// The part of the screen the sections scroll in: all but the status line.
  static func viewSize(_ screen: CellSize) -> CellSize {
    CellSize(width: max(0, screen.width), height: max(0, screen.height - 1))
  }

  /// The layout's environment: the view's size as the container, size classes from the
  /// whole screen (the table of DESIGN section 4 speaks of the terminal's size).
  static func environment(
    screen: CellSize, cellAspect: Double, previous: TraitCollection?
  ) -> LayoutEnvironment {
    let view = viewSize(screen)
    return LayoutEnvironment(
      container: LayoutContainer(contentSize: view),
      traitCollection: TraitCollection(
        containerSize: screen, cellAspect: cellAspect, previous: previous))
  }

  /// Rows of the scrolling view.
  public var viewHeight: Int { max(0, screen.height - 1) }

  /// The content rows shown: `viewHeight` rows from `scrollY`.
  public var visibleRect: CellRect {
    CellRect(x: 0, y: scrollY, width: screen.width, height: viewHeight)
  }

  /// The largest `scrollY`.
  public var maximumScrollY: Int { max(0, layout.contentSize.height - viewHeight) }

  /// Whether the screen is below `minimumSize`.
  public var isTooSmall: Bool {
    screen.width < Self.minimumSize.width || screen.height < Self.minimumSize.height
  }

  /// The frame of the picture at `path` in content coordinates, offsets applied.
  public func frame(of path: ItemIndexPath) -> CellRect? {
    if path.isHeader { return headerFrame(section: path.section) }
    return layout.frame(for: path, orthogonalOffsets: orthogonalOffsets)
  }

  // MARK: Pictures

  /// The number of pictures in all sections.
  public var pictureCount: Int { snapshot.numberOfItems }

  /// The number of pictures in the section at `index`.
  public func count(inSection index: Int) -> Int {
    sections.indices.contains(index) ? sections[index].pictures.count : 0
  }

  /// The picture at `path`, nil when there is none.
  public func picture(at path: ItemIndexPath) -> Picture? {
    guard sections.indices.contains(path.section),
      sections[path.section].pictures.indices.contains(path.item)
    else { return nil }
    return sections[path.section].pictures[path.item]
  }

  /// The first picture of the first section that has one.
  public var firstPath: ItemIndexPath? {
    sections.indices.first { !sections[$0].pictures.isEmpty }.map {
      isCollapsed($0) ? .header($0) : ItemIndexPath(item: 0, section: $0)
    }
  }

  /// The last picture of the last section that has one.
  public var lastPath: ItemIndexPath? {
    sections.indices.last { !sections[$0].pictures.isEmpty }.map {
      isCollapsed($0)
        ? .header($0) : ItemIndexPath(item: sections[$0].pictures.count - 1, section: $0)
    }
  }

  /// The picture after (`step` 1) or before (`step` -1) `path` in reading order, across
  /// sections; nil past either end.
  public func path(after path: ItemIndexPath, step: Int) -> ItemIndexPath? {
    var section = path.section
    var item = path.item + step
    while sections.indices.contains(section) {
      // Pictures of a folded section are skipped: they are not on the screen to go back to.
      if sections[section].pictures.indices.contains(item) && !isCollapsed(section) {
        return ItemIndexPath(item: item, section: section)
      }
      section += step
      guard sections.indices.contains(section) else { return nil }
      item = step > 0 ? 0 : sections[section].pictures.count - 1
    }
    return nil
  }

  /// Of the pictures on screen and near it, how many have been decoded (or failed).
  public var loadingProgress: (done: Int, total: Int) {
    var paths = Set<String>()
    for want in wanted { paths.insert(want.path) }
    return (paths.filter { pictureInfo[$0] != nil }.count, paths.count)
  }

  // MARK: Changes the update makes

  /// Adds a scanned section; a picture or section already present is left out (a
  /// snapshot holds each identifier once).
  mutating func addSection(_ section: LibrarySection) {
    guard !snapshot.contains(section: section.id) else { return }
    var seen = Set<String>()
    let pictures = section.pictures.filter {
      !snapshot.contains(item: $0.id) && seen.insert($0.id).inserted
    }
    do {
      try snapshot.appendSections([section.id])
      try snapshot.appendItems(pictures.map(\.id), toSection: section.id)
    } catch {
      return
    }
    insertLibrarySection(
      LibrarySection(name: section.name, folder: section.folder, pictures: pictures))
  }

  mutating func finishScan(warnings: [ScanWarning]) {
    isScanComplete = true
    self.warnings += warnings
  }

  mutating func noteWarning(_ warning: ScanWarning) { warnings.append(warning) }

  mutating func record(_ outcome: ThumbnailOutcome, for path: String) {
    // A failure or fresh metadata wins; a cached copy without metadata keeps what was known.
    if case .ready(nil, _) = outcome, pictureInfo[path] != nil { return }
    pictureInfo[path] = outcome
  }

  mutating func setWanted(_ wants: [ThumbnailWant]) { wanted = wants }

  /// Replaces the shown sections and their snapshot (live updates), the Favourites
  /// section too; the caller keeps them consistent, rebuilds the Favourites section and
  /// solves the layout again.
  mutating func replaceContent(sections: [LibrarySection], snapshot: Snapshot<String, String>) {
    self.sections = sections
    self.snapshot = snapshot
    hasFavoritesSection = false
  }

  /// Forgets what decoding said about `path` (its file was rewritten).
  mutating func forgetInfo(for path: String) { pictureInfo[path] = nil }

  /// The focused picture's path when its details are unknown and not yet asked for.
  mutating func pathToDescribe() -> String? {
    guard let focus, let picture = picture(at: focus), !described.contains(picture.path) else {
      return nil
    }
    switch pictureInfo[picture.path] {
    case .ready(nil, _)?:
      described.insert(picture.path)
      return picture.path
    case nil where mode == .detail:
      described.insert(picture.path)
      return picture.path
    default:
      return nil
    }
  }

  /// Changes the screen size and re-solves the layout, size classes with hysteresis.
  mutating func resize(width: Int, height: Int, cellAspect: Double) {
    screen = CellSize(width: max(0, width), height: max(0, height))
    if cellAspect.isFinite && cellAspect > 0 { self.cellAspect = cellAspect }
    relayout()
  }

  /// Solves the layout again for the screen and the sections.
  mutating func relayout() {
    let environment = Self.environment(screen: screen, cellAspect: cellAspect, previous: traits)
    traits = environment.traitCollection
    layout = activeLayout.prepare(environment: environment, itemCounts: shownItemCounts)
  }
}

/// How the gallery draws: the cell art's colours and characters, and the borders.
public struct Appearance: Hashable, Sendable {
  public var colorMode: ColorMode
  public var symbols: SymbolSet
  /// False when the locale is not UTF-8: ASCII borders and marks.
  public var unicode: Bool

  public init(
    colorMode: ColorMode = .truecolor, symbols: SymbolSet = .blocks, unicode: Bool = true
  ) {
    self.colorMode = colorMode
    self.symbols = symbols
    self.unicode = unicode
  }

  /// The focus frame's border.
  public var focusBorder: BorderSet { unicode ? .rounded : .ascii }
  /// How text too long for its place is cut: `…`, or `...` without UTF-8.
  public var truncation: Truncation { unicode ? .ellipsis() : .ellipsis("...") }
  /// The placeholder's border.
  public var placeholderBorder: BorderSet { unicode ? .square : .ascii }
}

import CompositionalLayout
import DiffableData
import FoundationEssentials
import Pictures
import TerminalKit

/// Everything the screen shows, as one value: `update` changes it, the views
/// draw it. No I/O, no clocks, no threads.
///
/// A small root holding parts, each in its folder under State/ with its own rules and
/// `private(set)` fields, written only through its intent-named methods:
/// - Library: `content` (the folders' sections, the favourites, the marks, the order, the
///   filter, the timeline, the pairs; the one source of truth for what is shown);
/// - Browsing: `browsing` (the focus, the folded sections) and `viewport` (the screen, the
///   scroll offsets);
/// - Detail: `detail` (zoom, animation, video, slideshow, histogram and clipping shown);
/// - Survey: `survey` (the pictures side by side, their focus and zoom);
/// - Prompts: `prompts` (the filter, the date and the action on files being typed);
/// - Loading: `loading` (what decoding has produced and what is wanted, and decoding
///   ahead while the user is idle);
/// - Overlay: the help and the report over the screen;
/// - Culling: `history`, what undo takes back (the decisions themselves are `content`'s,
///   which the search and the order read);
/// - Stacks: `stacks`, the bursts shown as one tile and which are open (kept in
///   `content`, since the sections shown are made through them; read here).
/// `presentation` says which screen shows, and `route(_:)` gives a key to the part the
/// mode names, in one table. A new part (ratings, a survey, stacks) is a folder, a field
/// here and a line in that table. Outside this module every stored property is read-only
/// and `update(_:)` is the only writer.
package struct GalleryState: Sendable {
  /// What fills the screen.
  package enum Mode: Hashable, Sendable {
    /// The sections of thumbnails.
    case grid
    /// The focused picture as large as the screen allows, with its details.
    case detail
    /// Two to eight pictures side by side (`Survey`), to choose between.
    case survey
    /// The list of keys over the screen it was opened from.
    case help
    /// What is not shown (the scan's warnings, the files that are not pictures) over the
    /// screen it was opened from.
    case report
    /// What an import of a card would copy where, over the screen it was asked from.
    case importPreview

    /// Whether the mode is a list over another screen (`modeBeforeOverlay`).
    package var isOverlay: Bool { self == .help || self == .report || self == .importPreview }
  }

  /// The sections and pictures shown, and the favourites.
  package internal(set) var content = GalleryContent()
  /// The screen and the scroll offsets.
  package internal(set) var viewport: Viewport
  /// The layout solved for the viewport and the content; derived, rebuilt on change.
  package private(set) var layout: SolvedLayout
  /// What `layout` was solved from, nil until the first `relayout()`.
  private var layoutInputs: LayoutInputs?
  /// The focus and the folded sections (see `Browsing` for their rules).
  package internal(set) var browsing = Browsing()
  /// The focused picture (or a section's header), nil while there are none.
  package var focus: ItemIndexPath? { browsing.focus }
  /// Whether the focus is where the gallery starts (`startPath`) rather than where the
  /// user put it: until the first key or click, it follows the start as sections arrive,
  /// the favourites load and the saved order applies, so every launch starts at the first
  /// picture of the first folder.
  package var focusIsProvisional: Bool { browsing.focusIsProvisional }
  /// What fills the screen, the overlay over it, grid or list.
  package internal(set) var presentation = Presentation()
  /// The filter, the date and the action on files being typed.
  package internal(set) var prompts = Prompts()
  /// The screen under the help or the report, else the mode itself.
  package var screenMode: Mode { presentation.screenMode }
  /// Sections folded to their header, by section identifier: kept across resizes, view
  /// changes and sections arriving.
  package var collapsedSections: Set<String> { browsing.collapsedSections }
  /// What decoding has produced: details, errors, cell art, what is wanted.
  package internal(set) var loading = PictureLoading()
  /// Whether the user is idle, and which way the view travels: for decoding ahead.
  package var prefetch: Prefetch { loading.prefetch }
  /// What the status line says: a warning or a confirmation (see `StatusReport`).
  package internal(set) var status = StatusReport()
  /// A warning or a confirmation for the status line, nil for none.
  package var message: StatusMessage? { status.message }
  /// The folders moved or copied to, the last first (at most `recentFolderLimit`).
  package var recentFolders: [String] { prompts.recentFolders }
  /// The detail view's own: its zoom, the animation playing, the slideshow.
  package internal(set) var detail = DetailState()
  /// The survey while one is open (shown, or under the detail view opened from it).
  package internal(set) var survey: Survey?
  /// What undo takes back: the decisions made while culling, between the actions on
  /// files (see `CullingHistory`).
  package internal(set) var history = CullingHistory()
  /// The import of a card from the browser (`I`): its preview, progress and outcome.
  package internal(set) var cardImport = CardImport()
  /// For each action on files asked of the runtime whose report has not come back, in
  /// the order asked (the runtime carries them out and reports them in that order),
  /// whether decisions wait for it (`FileAction.holdsDecisions`).
  var actionsAsked: [Bool] = []
  /// How many actions on files decisions wait for: while one is under way nothing is
  /// decided, since a decision could name a file by a name the action is taking away.
  package var actionsUnderWay: Int { actionsAsked.count { $0 } }

  /// How the gallery is set up.
  package let configuration: Configuration

  /// An empty gallery for a `width × height` screen; sections arrive as scan events.
  package init(
    width: Int, height: Int, cellAspect: Double = 2, configuration: Configuration = Configuration()
  ) {
    self.configuration = configuration
    viewport = Viewport(width: width, height: height, cellAspect: cellAspect)
    content.setFavoriteRule(configuration.favoriteRule)
    content.setPairsFiles(configuration.pairsFiles)
    content.setStackRules(configuration.stackRules)
    content.setCalendar(locale: configuration.appearance.locale, timeZone: configuration.timeZone)
    content.setGrouping(configuration.grouping)
    content.setFilter(configuration.filter)
    let environment = viewport.environment()
    viewport.adopt(environment)
    layout = SectionPlan(preset: configuration.layoutPreset, librarySections: 0).layout()
      .prepare(environment: environment, itemCounts: [])
    if configuration.layoutPreset.startsInList { showList(true) }
  }

  /// A gallery showing `library` at once (tests, `--print`), the focus on its first
  /// picture (`focused` false: no focus, as `--print` draws), with the `decisions` its
  /// files' sidecars hold, known before the filter looks at the pictures.
  package init(
    library: Library, width: Int, height: Int, cellAspect: Double = 2,
    configuration: Configuration = Configuration(), focused: Bool = true,
    decisions: [String: CullingDecision] = [:]
  ) {
    self.init(width: width, height: height, cellAspect: cellAspect, configuration: configuration)
    content.setDecisions(decisions)
    for section in library.sections { addSection(section) }
    content.regroupIfNeeded()
    if library.isComplete { content.finishScan(library.stats) }
    relayout()
    if focused && focus == nil { browsing.moveFocus(to: startPath) }
  }

  // MARK: Reading the parts

  /// How pictures and borders are drawn.
  package var appearance: Appearance { configuration.appearance }
  /// The preset chosen with `--layout`.
  package var layoutPreset: LayoutPreset { configuration.layoutPreset }
  /// The sections in display order: the library's, then the Favourites section.
  package var sections: [LibrarySection] { content.sections }
  /// Whether the scan has finished.
  package var isScanComplete: Bool { content.isScanComplete }
  /// Problems the scan met.
  package var warnings: [ScanWarning] { content.warnings }
  /// The terminal's size in cells.
  package var screen: CellSize { viewport.screen }
  /// Pixel height ÷ pixel width of a cell.
  package var cellAspect: Double { viewport.cellAspect }
  /// The size classes in effect.
  package var traits: TraitCollection { viewport.traits }
  /// The first content row shown at the top of the screen.
  package var scrollY: Int { viewport.scrollY }
  /// Horizontal offsets of the orthogonal sections, by section index.
  package var orthogonalOffsets: [Int: Int] { viewport.orthogonalOffsets }
  /// Rows of the scrolling view.
  package var viewHeight: Int { viewport.viewHeight }
  /// The content rows shown.
  package var visibleRect: CellRect { viewport.visibleRect }
  /// Whether the screen is below `Viewport.minimumSize`.
  package var isTooSmall: Bool { viewport.isTooSmall }
  /// The largest `scrollY`.
  package var maximumScrollY: Int { max(0, layout.contentSize.height - viewport.viewHeight) }

  /// The frame of the picture (or header) at `path` in content coordinates, offsets applied.
  package func frame(of path: ItemIndexPath) -> CellRect? {
    if path.isHeader { return headerFrame(section: path.section) }
    return layout.frame(for: path, orthogonalOffsets: viewport.orthogonalOffsets)
  }

  // MARK: Pictures

  /// The number of pictures in the folders' sections, a pair once while pairs are joined
  /// (what `3 of 70 pictures` counts).
  package var pictureCount: Int { content.pictureCount }

  /// The number of pictures in the section at `index`.
  package func count(inSection index: Int) -> Int { content.count(inSection: index) }

  /// The picture at `path`, nil when there is none.
  package func picture(at path: ItemIndexPath) -> Picture? { content.picture(at: path) }

  /// Whether the picture at `path` is a favourite. O(1).
  package func isFavorite(_ path: String) -> Bool { content.isFavorite(path) }

  /// The first picture of the first section that has one (its header when folded).
  package var firstPath: ItemIndexPath? {
    sections.indices.first { !sections[$0].pictures.isEmpty }.map {
      isCollapsed($0) ? .header($0) : ItemIndexPath(item: 0, section: $0)
    }
  }

  /// Where the gallery starts: the first picture of the first folder's section that has
  /// one (its header when folded); the favourites only when no folder has a picture.
  /// Favourites are where the user goes, not where the gallery starts.
  package var startPath: ItemIndexPath? {
    let favorites = favoritesSectionIndex
    let first = sections.indices.first { $0 != favorites && !sections[$0].pictures.isEmpty }
    return first.map { isCollapsed($0) ? .header($0) : ItemIndexPath(item: 0, section: $0) }
      ?? firstPath
  }

  /// The last picture of the last section that has one (its header when folded).
  package var lastPath: ItemIndexPath? {
    sections.indices.last { !sections[$0].pictures.isEmpty }.map {
      isCollapsed($0)
        ? .header($0) : ItemIndexPath(item: sections[$0].pictures.count - 1, section: $0)
    }
  }

  /// The picture after (`step` 1) or before (`step` -1) `path` in reading order, across
  /// sections; nil past either end.
  package func path(after path: ItemIndexPath, step: Int) -> ItemIndexPath? {
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
  package var loadingProgress: (done: Int, total: Int) { loading.progress }

  // MARK: Layout

  /// Solves the layout again for the viewport and the content.
  mutating func relayout() {
    var environment = viewport.environment()
    // The scrubber takes the rightmost columns where the size classes give it room.
    let scrubber = TimelineScrubber.width(for: self, traits: environment.traitCollection)
    if scrubber > 0 { environment = viewport.environment(reservingTrailing: scrubber) }
    viewport.adopt(environment)
    let inputs = LayoutInputs(
      showsList: presentation.showsList, plan: sectionPlan, environment: environment,
      itemCounts: shownItemCounts)
    // Solving the same again gives the same layout: a key that changes none of it (a
    // filter every picture matches, over thousands of sections) costs nothing here.
    guard inputs != layoutInputs else { return }
    layoutInputs = inputs
    layout = activeLayout.prepare(environment: environment, itemCounts: shownItemCounts)
  }

  /// Everything the layout is solved from: `activeLayout` is made of the first two.
  private struct LayoutInputs: Equatable {
    var showsList: Bool
    var plan: SectionPlan
    var environment: LayoutEnvironment
    var itemCounts: [Int]
  }

  /// Adds a scanned section before the Favourites section; a focus there moves with it.
  mutating func addSection(_ section: LibrarySection) {
    let favoritesIndex = content.favoritesSectionIndex
    guard content.add(section) else { return }
    if let focus, let favoritesIndex, focus.section == favoritesIndex {
      browsing.moveFocus(to: ItemIndexPath(item: focus.item, section: favoritesIndex + 1))
    }
  }
}

import CompositionalLayout

/// Which arrangement each shown section takes: the preset's own for its place, told what
/// is shown.
///
/// A preset's section provider numbers sections as it expects them (the showcase's
/// Office row, Kitchen grid, MacBook grids). What is shown bends that in three ways:
///
/// - **One folder**: when the library is a single section (a plain folder, pictures named
///   one by one), that section is a grid in every preset (the showcase's later grids, the
///   grid's, the flow's; browse's stacks and pairs give way to the grid preset's grid).
///   The first-row behaviour is for a gallery of several sections, as the seed's Office
///   row is: a lone folder of seventy photos is not a row of two.
/// - **Favourites**: the Favourites section, among the first two, takes the preset's
///   third arrangement (the MacBook grids in the showcase) wherever it falls.
/// - **The timeline** (`--group-by day`, …): every section is the lone folder's grid; a
///   day, a month or a year is no showcase row. Small days share their rows: a day of
///   fewer pictures than a row holds takes only their columns, beside the days before it
///   (`SectionPacking.besideNeighbours`), and no blank row parts the rows of days, whose
///   headers part them already; a day of a row or more keeps the whole width.
/// - **A document** (`--print`): nothing scrolls sideways, so a section that would is
///   laid out down the page in the same sizes: the showcase's row as a grid of its
///   pictures' width, browse's stacks as list rows and its pairs as a grid of their width.
///   Every picture is then drawn, none cut off at the right edge.
package struct SectionPlan: Hashable, Sendable {
  /// The preset arranging the grids (the list appearance has a plan of its own).
  package var preset: LayoutPreset
  /// How the showcase's first row scrolls.
  package var firstRowScrolling: FirstRowScrolling
  /// The number of shown library sections (the Favourites section apart).
  package var librarySections: Int
  /// The Favourites section's index, nil while it is not shown.
  package var favoritesIndex: Int?
  /// Whether the sections are laid out down a page, none scrolling sideways.
  package var isDocument: Bool
  /// Whether the sections are the timeline's: every one the same grid (the sole
  /// section's), none a first row; a day is not the showcase's Office.
  package var isTimeline: Bool

  package init(
    preset: LayoutPreset, firstRowScrolling: FirstRowScrolling = .automatic,
    librarySections: Int, favoritesIndex: Int? = nil, isDocument: Bool = false,
    isTimeline: Bool = false
  ) {
    self.preset = preset.gridArrangement
    self.firstRowScrolling = firstRowScrolling
    self.librarySections = librarySections
    self.favoritesIndex = favoritesIndex
    self.isDocument = isDocument
    self.isTimeline = isTimeline
  }

  /// What a shown section is laid out as.
  package enum Role: Hashable, Sendable {
    /// The preset's own section of this number.
    case preset(Int)
    /// The only library section: a grid.
    case soleSection
    /// The preset's section of this number, which scrolls sideways, laid out down the
    /// page in the same sizes.
    case unrolled(Int)
  }

  /// The role of the shown section at `index`.
  package func role(ofSection index: Int) -> Role {
    if librarySections == 1 && index == 0 && favoritesIndex != 0 { return .soleSection }
    if isTimeline { return .soleSection }
    let number = index == favoritesIndex && index < 2 ? 2 : index
    if isDocument && preset.scrollsSideways(section: number) { return .unrolled(number) }
    return .preset(number)
  }

  /// Whether the pictures of the shown section at `index` are drawn as list rows rather
  /// than grid cells.
  package func drawsRows(inSection index: Int) -> Bool {
    switch role(ofSection: index) {
    case .preset(let number): preset.drawsRows(inSection: number)
    case .soleSection: false
    // Browse's stacks unroll into list rows; every other unrolled section is a grid.
    case .unrolled(let number): preset == .browse && number == 0
    }
  }

  /// The layout: the preset's sections by role; in the timeline, small days packed.
  package func layout() -> CompositionalLayout {
    let plan = self
    let own = preset.layout(firstRowScrolling: firstRowScrolling)
    var configuration = own.configuration
    if isTimeline { configuration.interSectionSpacing = 0 }
    return CompositionalLayout(configuration: configuration) { index, environment in
      var section: LayoutSection
      switch plan.role(ofSection: index) {
      case .preset(let number): section = own.section(at: number, environment: environment)
      case .soleSection: section = plan.preset.soleSection(environment: environment)
      case .unrolled(let number):
        section =
          plan.preset.unrolledSection(number, environment: environment)
          ?? own.section(at: number, environment: environment)
      }
      if plan.isTimeline { section.packing = .besideNeighbours }
      return section
    }
  }
}

extension LayoutPreset {
  /// Whether the preset's section `number` scrolls sideways: the showcase's first row,
  /// browse's stacks and pairs.
  func scrollsSideways(section number: Int) -> Bool {
    switch self {
    case .showcase: number == 0
    case .browse: number < 2
    case .grid, .flow, .list: false
    }
  }

  /// The grid a lone library section takes.
  func soleSection(environment: LayoutEnvironment) -> LayoutSection {
    switch self {
    case .showcase, .list:
      PresetMetrics.gridSection(
        columns: ShowcasePreset.columns(section: 2, environment: environment),
        ratio: ShowcasePreset.ratio, environment: environment)
    case .flow: FlowPreset.section(environment: environment)
    case .grid, .browse:
      PresetMetrics.gridSection(
        columns: GridPreset.columns(environment: environment), ratio: 1,
        environment: environment)
    }
  }

  /// The preset's sideways section `number` laid out down the page in the same sizes;
  /// nil for a section that does not scroll sideways.
  func unrolledSection(_ number: Int, environment: LayoutEnvironment) -> LayoutSection? {
    guard scrollsSideways(section: number) else { return nil }
    switch (self, number) {
    case (.showcase, _):
      return ShowcasePreset.unrolledFirstRow(environment: environment)
    case (.browse, 0):
      return ListPreset.section(environment: environment, appearance: .plain)
    default:
      return BrowsePreset.unrolledPairs(environment: environment)
    }
  }
}

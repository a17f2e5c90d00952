import CompositionalLayout

extension LayoutPreset {
  /// The section provider of this preset, as a layout the state solves on every change.
  ///
  /// `firstRowScrolling` is the showcase's first row behaviour; the other presets fix
  /// their own (browse pages its stacks by group and scrolls its pairs continuously).
  package func layout(firstRowScrolling: FirstRowScrolling = .automatic)
    -> CompositionalLayout
  {
    switch self {
    case .showcase: ShowcasePreset.make(firstRowScrolling: firstRowScrolling)
    case .grid: GridPreset.make()
    case .flow: FlowPreset.make()
    case .browse: BrowsePreset.make()
    case .list: ListPreset.make()
    }
  }

  /// Whether the gallery starts in the list appearance (`--layout list`).
  package var startsInList: Bool { self == .list }

  /// The arrangement shown while the list is off (`v` from the list): the preset itself,
  /// or the showcase for the list.
  package var gridArrangement: LayoutPreset { self == .list ? .showcase : self }

  /// Whether the preset draws the pictures of its section `index` (as its section
  /// provider numbers them) as list rows rather than grid cells: every section of the
  /// list, the stacks and the full-width rows of browse.
  package func drawsRows(inSection index: Int) -> Bool {
    switch self {
    case .list: true
    case .browse: BrowsePreset.drawsRows(inSection: index)
    case .showcase, .grid, .flow: false
    }
  }
}

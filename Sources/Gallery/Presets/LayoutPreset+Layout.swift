import CompositionalLayout

extension LayoutPreset {
  /// The section provider of this preset, as a layout the state solves on every change.
  ///
  /// `officeScrolling` is the showcase's first row behaviour; the other presets fix
  /// their own (browse pages its stacks by group and scrolls its pairs continuously).
  public func layout(officeScrolling: OrthogonalScrollingBehavior = .paging)
    -> CompositionalLayout
  {
    switch self {
    case .showcase: ShowcaseLayout.make(officeScrolling: officeScrolling)
    case .grid: GridPreset.make()
    case .flow: FlowPreset.make()
    case .browse: BrowsePreset.make()
    case .list: ListPreset.make()
    }
  }
}

import CompositionalLayout

/// `--layout list`: the list appearance. Every section is a grouped list (a blank row
/// above and below its rows) under its header; each picture is one full-width row of
/// `BrowsePreset.listRowHeight` rows: a small thumbnail, the name, and a line of
/// details (format, file size, dimensions once known). One column at every size.
public enum ListPreset {
  /// The layout.
  public static func make() -> CompositionalLayout {
    CompositionalLayout(
      configuration: LayoutConfiguration(interSectionSpacing: ShowcaseLayout.sectionSpacing)
    ) { _, environment in section(appearance: .grouped, environment: environment) }
  }

  /// A list section of rows with the gallery's header.
  static func section(appearance: ListConfiguration.Appearance, environment: LayoutEnvironment)
    -> LayoutSection
  {
    let configuration = ListConfiguration(
      appearance: appearance, rowHeight: .absolute(Double(BrowsePreset.listRowHeight)))
    var section = LayoutSection.list(using: configuration, layoutEnvironment: environment)
    section.boundarySupplementaryItems = [PresetMetrics.header()]
    return section
  }
}

/// The arrangement of sections on screen (`--layout`).
package enum LayoutPreset: String, Sendable, Hashable, CaseIterable {
  /// The first section as a horizontal row, the others as adaptive grids.
  case showcase
  /// Every section as an adaptive grid.
  case grid
  /// Fixed-size items, as many columns as fit, leftover spread evenly.
  case flow
  /// Stacked items in nested groups with group paging, continuous rows and list rows.
  case browse
  /// The list appearance: one row per picture.
  case list
}

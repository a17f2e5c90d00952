/// Whether a small section shares its rows with its neighbours (`LayoutSection.packing`).
///
/// UIKit stacks every section the full width of the layout. Photo libraries do not: a
/// day of one picture sits beside the next day's under its own short header, as many
/// small days to a row as fit. A packed section lays its items out in the slots of one
/// repetition of its group, as a section of the full width would, but takes only the
/// slots its items use; the next packed section takes the slots after them, on the same
/// rows, until the group's slots run out.
public enum SectionPacking: Hashable, Sendable {
  /// The section takes the layout's whole width (UIKit's way).
  case none
  /// A section whose items fill less than one repetition of its group takes only the
  /// slots they use, after the previous section's when that one packs too, has the same
  /// group and is as tall, and enough slots are left; its boundary items span only its
  /// slots. A section with more items, none (folded), an orthogonal row, measured
  /// heights or a group whose slots do not run left to right takes the whole width, as
  /// with `none`.
  case besideNeighbours
}

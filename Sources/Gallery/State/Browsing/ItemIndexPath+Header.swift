import CompositionalLayout

extension ItemIndexPath {
  /// The header of `section` as a place for the focus: item -1, before its first picture.
  package static func header(_ section: Int) -> ItemIndexPath {
    ItemIndexPath(item: -1, section: section)
  }

  /// Whether this is a section's header rather than a picture.
  package var isHeader: Bool { item < 0 }
}

/// Why a snapshot refused a change. The snapshot is left as it was before the call.
///
/// Each case names the identifier at fault, so the message says which one to fix.
public enum SnapshotError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error,
  Equatable, CustomStringConvertible
{
  /// A section identifier was added that the snapshot (or the same call) already holds.
  case duplicateSection(SectionID)
  /// An item identifier was added that the snapshot (or the same call) already holds.
  case duplicateItem(ItemID)
  /// A section identifier was named that the snapshot does not hold.
  case sectionNotFound(SectionID)
  /// An item identifier was named that the snapshot does not hold.
  case itemNotFound(ItemID)
  /// Items were appended without naming a section while the snapshot has no section.
  case noSections

  @inlinable public var description: String {
    switch self {
    case .duplicateSection(let section):
      return "duplicate section identifier \(section): each section must appear once"
    case .duplicateItem(let item):
      return "duplicate item identifier \(item): each item must appear once in the snapshot"
    case .sectionNotFound(let section):
      return "section identifier \(section) is not in the snapshot"
    case .itemNotFound(let item):
      return "item identifier \(item) is not in the snapshot"
    case .noSections:
      return "cannot append items without a section: append a section first"
    }
  }
}

/// Why a section snapshot refused a change. The section snapshot is left as it was.
public enum SectionSnapshotError<ItemID: Hashable & Sendable>: Error, Equatable,
  CustomStringConvertible
{
  /// An item identifier was added that the section snapshot (or the same call) already holds.
  case duplicateItem(ItemID)
  /// An item identifier was named that the section snapshot does not hold.
  case itemNotFound(ItemID)

  @inlinable public var description: String {
    switch self {
    case .duplicateItem(let item):
      return "duplicate item identifier \(item): each item must appear once in the section"
    case .itemNotFound(let item):
      return "item identifier \(item) is not in the section snapshot"
    }
  }
}

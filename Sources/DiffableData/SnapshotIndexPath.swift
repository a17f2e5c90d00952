/// The place of an item in a snapshot: its section's index and its index within that section.
///
/// Named apart from Foundation's `IndexPath` and the layout engine's `ItemIndexPath` so that
/// a file importing them together never has to qualify it; it orders by section, then by item.
public struct SnapshotIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The index of the section, from 0.
  public var section: Int
  /// The index of the item within its section, from 0.
  public var item: Int

  /// Creates the path of the item at `item` in the section at `section`.
  @inlinable public init(item: Int, section: Int) {
    self.section = section
    self.item = item
  }

  @inlinable public static func < (lhs: SnapshotIndexPath, rhs: SnapshotIndexPath) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  @inlinable public var description: String { "[\(section), \(item)]" }
}

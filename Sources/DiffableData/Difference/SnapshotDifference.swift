/// What changed between two snapshots, as index changes a view can replay, in the terms of a
/// collection view's batch update.
///
/// Deletions and moves' sources are indices in the old snapshot; insertions, moves'
/// destinations, reloads and reconfigures are indices in the new one. Items of an inserted
/// section are inserted with it and items of a deleted section are deleted with it, so they
/// are not listed one by one (an item that leaves a deleted section for a surviving one, or
/// joins an inserted section, is listed as a deletion or insertion, never as a move).
///
/// Replaying it: drop the deleted and moved-away entries from the old lists, place inserted
/// and moved entries at their new indices, and fill every other new index, in order, with the
/// entries that stayed, in their old order. That yields the new snapshot.
public struct SnapshotDifference: Equatable, Sendable {
  /// An entry that changed place: from its index in the old snapshot to its index in the new.
  public struct Move<Index: Hashable & Sendable>: Hashable, Sendable {
    /// The index in the old snapshot.
    public var from: Index
    /// The index in the new snapshot.
    public var to: Index

    /// Creates a move from `from` (old) to `to` (new).
    @inlinable public init(from: Index, to: Index) {
      self.from = from
      self.to = to
    }
  }

  /// Indices, in the new snapshot, of sections that were not in the old one. Ascending.
  public var insertedSections: [Int] = []
  /// Indices, in the old snapshot, of sections that are not in the new one. Ascending.
  public var deletedSections: [Int] = []
  /// Sections that changed place relative to the sections that stayed, in new order.
  public var movedSections: [Move<Int>] = []
  /// Indices, in the new snapshot, of sections marked with `reloadSections`. Ascending.
  public var reloadedSections: [Int] = []

  /// Index paths, in the new snapshot, of items inserted into sections that existed before.
  /// Ascending.
  public var insertedItems: [SnapshotIndexPath] = []
  /// Index paths, in the old snapshot, of items deleted from sections that remain. Ascending.
  public var deletedItems: [SnapshotIndexPath] = []
  /// Items that changed place (within or across surviving sections), in new order.
  public var movedItems: [Move<SnapshotIndexPath>] = []
  /// Index paths, in the new snapshot, of items marked with `reloadItems` that were not
  /// inserted. A moved item may be listed here too. Ascending.
  public var reloadedItems: [SnapshotIndexPath] = []
  /// Index paths, in the new snapshot, of items marked with `reconfigureItems` that were not
  /// inserted. Ascending.
  public var reconfiguredItems: [SnapshotIndexPath] = []

  /// Creates an empty difference.
  @inlinable public init() {}

  /// Whether nothing changed.
  @inlinable public var isEmpty: Bool {
    insertedSections.isEmpty && deletedSections.isEmpty && movedSections.isEmpty
      && reloadedSections.isEmpty && insertedItems.isEmpty && deletedItems.isEmpty
      && movedItems.isEmpty && reloadedItems.isEmpty && reconfiguredItems.isEmpty
  }
}

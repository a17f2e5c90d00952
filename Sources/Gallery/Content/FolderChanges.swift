/// One settled batch of changes seen in the shown folders, ready for `Library.applying(_:)`.
///
/// Each path is reported in its final state at the end of the batch, so a file written
/// and then deleted within one batch appears only in `removed`.
package struct FolderChanges: Sendable, Hashable {
  /// A picture that appeared or was rewritten, with the section it belongs to.
  package struct Arrival: Sendable, Hashable {
    /// The picture as it is now (size and time of the latest write).
    package let picture: Picture
    /// Where its folder's section goes, should the folder have none yet.
    package let place: SectionPlace

    /// Makes an arrival.
    package init(picture: Picture, place: SectionPlace) {
      self.picture = picture
      self.place = place
    }
  }

  /// Pictures that arrived (closed after writing, moved in, found in a new folder).
  package var arrived: [Arrival] = []
  /// Paths that are gone or no longer pictures: a picture there, and any section of a
  /// folder at or below them, disappears.
  package var removed: Set<String> = []
  /// The kernel dropped events (its queue overflowed): only a full rescan is faithful.
  package var needsRescan = false
  /// Problems met while following new folders.
  package var warnings: [WatchWarning] = []
  /// How to place sections for folders that had none.
  package var ordering: SectionOrdering

  /// An empty batch for the sections of `ordering`.
  package init(ordering: SectionOrdering) { self.ordering = ordering }

  /// Whether the batch reports nothing.
  package var isEmpty: Bool {
    arrived.isEmpty && removed.isEmpty && !needsRescan && warnings.isEmpty
  }
}

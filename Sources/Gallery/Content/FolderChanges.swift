/// One settled batch of changes seen in the shown folders, ready for `Library.applying(_:)`.
///
/// Each path is reported in its final state at the end of the batch, so a file written
/// and then deleted within one batch appears only in `removed`.
public struct FolderChanges: Sendable, Hashable {
  /// A picture that appeared or was rewritten, with the section it belongs to.
  public struct Arrival: Sendable, Hashable {
    /// The picture as it is now (size and time of the latest write).
    public let picture: Picture
    /// Where its folder's section goes, should the folder have none yet.
    public let place: SectionPlace

    /// Makes an arrival.
    public init(picture: Picture, place: SectionPlace) {
      self.picture = picture
      self.place = place
    }
  }

  /// Pictures that arrived (closed after writing, moved in, found in a new folder).
  public var arrived: [Arrival] = []
  /// Paths that are gone or no longer pictures: a picture there, and any section of a
  /// folder at or below them, disappears.
  public var removed: Set<String> = []
  /// The kernel dropped events (its queue overflowed): only a full rescan is faithful.
  public var needsRescan = false
  /// Problems met while following new folders.
  public var warnings: [WatchWarning] = []
  /// How to place sections for folders that had none.
  public var ordering: SectionOrdering

  /// An empty batch for the sections of `ordering`.
  public init(ordering: SectionOrdering) { self.ordering = ordering }

  /// Whether the batch reports nothing.
  public var isEmpty: Bool {
    arrived.isEmpty && removed.isEmpty && !needsRescan && warnings.isEmpty
  }
}

import Gallery

/// What the run loop needs of the state file (`StateFileKeeper`): the order and the recent
/// folders read at start, saved off the main thread, the saves waited for at the end.
package protocol StateFileKeeping: Sendable {
  /// The events for the state at start: the order and the folders kept by an earlier run.
  func load() -> [GalleryEvent]
  /// Keeps `order` for the next run; a failure goes to `report`, on another thread.
  func save(_ order: PictureOrder, report: @escaping @Sendable (StateFileError) -> Void)
  /// Keeps the folders moved or copied to, the last first; a failure goes to `report`.
  func save(
    recentFolders folders: [String], report: @escaping @Sendable (StateFileError) -> Void)
  /// Waits for the saves asked for so far.
  func finish()
}

extension StateFileKeeper: StateFileKeeping {}

import Gallery

/// What the run loop needs of a folder watcher (`FolderWatcher`): to start and stop it.
package protocol FolderWatching: Sendable {
  /// Starts watching; returns why live updates are off or partial (empty when all is
  /// well), worded for the status line.
  func start() -> [WatchWarning]
  /// Stops watching; nothing is reported after it returns.
  func stop()
}

extension FolderWatcher: FolderWatching {}

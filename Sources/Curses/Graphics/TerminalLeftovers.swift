/// What galleries that were killed left for the terminal, found at a start: the files
/// the graphics probe asks a kitty on this machine to read, and the folders kitty's
/// pictures travel by (`KittyTransferFiles`), in `/dev/shm` or `/tmp`.
package struct TerminalLeftovers: Sendable, Equatable {
  /// Those of galleries no longer running.
  package var found = 0
  /// How many of them were removed (the rest are another user's, or could not be).
  package var removed = 0

  package init(found: Int = 0, removed: Int = 0) {
    self.found = found
    self.removed = removed
  }

  /// Removes what galleries no longer running left; a running gallery's files stay.
  /// Reads one folder: cheap, but not for the main thread before the first frame.
  package static func removeAbandoned() -> TerminalLeftovers {
    KittyTransferFiles.removeAbandoned(in: KittyTransferFiles.parentFolder())
  }
}

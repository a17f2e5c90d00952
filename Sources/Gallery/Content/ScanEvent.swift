/// What a running scan reports, in order: sections and warnings as they are found, then
/// `finished` exactly once (also after a cancellation).
package enum ScanEvent: Sendable, Hashable {
  /// A folder with at least one picture; sections arrive in display order.
  case section(LibrarySection)
  /// A problem that did not stop the scan.
  case warning(ScanWarning)
  /// The scan is over; nothing follows.
  case finished(ScanStats)
}

/// Counts from a finished scan, for the status line and the benchmarks.
package struct ScanStats: Sendable, Hashable {
  /// Picture files found.
  package var pictures = 0
  /// Folders read (roots included).
  package var folders = 0
  /// Files whose first bytes are not a known picture format (or that are not regular
  /// files) and whose names do not look like pictures'.
  package var ignoredFiles = 0
  /// Those files by kind, over every folder read.
  package var skipped = SkippedFiles()
  /// The folders with such files and no picture, which give no section: their names (as
  /// a section would be named) and what they hold.
  package var foldersWithoutPictures: [SkippedFolder] = []
  /// Files that could not be opened or read to sniff them.
  package var unreadableFiles = 0
  /// Hidden files and folders skipped (names starting with a dot).
  package var hiddenSkipped = 0
  /// Temporary files that galleries no longer running left in the folders read (copies
  /// cut short by a kill), and how many of them the scan removed (the rest are another
  /// user's, or on a disk that cannot be written).
  package var leftovers = 0
  package var leftoversRemoved = 0
  /// Whether the scan stopped early because it was cancelled.
  package var cancelled = false

  /// Makes empty counts.
  package init() {}

  /// Every directory entry looked at, pictures or not (hidden ones excluded).
  package var filesSeen: Int { pictures + ignoredFiles + unreadableFiles }
}

/// A folder the scan read that holds files but no picture.
package struct SkippedFolder: Sendable, Hashable {
  /// The folder's name as its section would show it (`Parent/Child`).
  package var name: String
  /// What it holds.
  package var skipped: SkippedFiles

  package init(name: String, skipped: SkippedFiles) {
    self.name = name
    self.skipped = skipped
  }
}

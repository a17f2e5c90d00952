/// What a running scan reports, in order: sections and warnings as they are found, then
/// `finished` exactly once (also after a cancellation).
public enum ScanEvent: Sendable, Hashable {
  /// A folder with at least one picture; sections arrive in display order.
  case section(LibrarySection)
  /// A problem that did not stop the scan.
  case warning(ScanWarning)
  /// The scan is over; nothing follows.
  case finished(ScanStats)
}

/// Counts from a finished scan, for the status line and the benchmarks.
public struct ScanStats: Sendable, Hashable {
  /// Picture files found.
  public var pictures = 0
  /// Folders read (roots included).
  public var folders = 0
  /// Files whose first bytes are not a known picture format (or that are not regular files).
  public var ignoredFiles = 0
  /// Files that could not be opened or read to sniff them.
  public var unreadableFiles = 0
  /// Hidden files and folders skipped (names starting with a dot).
  public var hiddenSkipped = 0
  /// Whether the scan stopped early because it was cancelled.
  public var cancelled = false

  /// Makes empty counts.
  public init() {}

  /// Every directory entry looked at, pictures or not (hidden ones excluded).
  public var filesSeen: Int { pictures + ignoredFiles + unreadableFiles }
}

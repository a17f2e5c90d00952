/// The gallery's content: ordered sections of pictures, with what the scan had to say.
public struct Library: Sendable, Hashable {
  /// The sections in display order.
  public var sections: [LibrarySection]
  /// Problems met on the way (unreadable folders, symlink loops); none of them stops a scan.
  public var warnings: [ScanWarning]
  /// Counts from the scan, nil until it has finished.
  public var stats: ScanStats?

  /// Makes a library; empty by default, ready to be filled by `apply(_:)`.
  public init(
    sections: [LibrarySection] = [], warnings: [ScanWarning] = [], stats: ScanStats? = nil
  ) {
    self.sections = sections
    self.warnings = warnings
    self.stats = stats
  }

  /// Adds what one scan event reports; sections arrive in display order, so they append.
  public mutating func apply(_ event: ScanEvent) {
    switch event {
    case .section(let section): sections.append(section)
    case .warning(let warning): warnings.append(warning)
    case .finished(let stats): self.stats = stats
    }
  }

  /// The number of pictures over all sections. O(sections).
  public var pictureCount: Int { sections.reduce(0) { $0 + $1.pictures.count } }

  /// Whether the scan has delivered everything.
  public var isComplete: Bool { stats != nil }
}

/// The gallery's content: ordered sections of pictures, with what the scan had to say.
package struct Library: Sendable, Hashable {
  /// The sections in display order.
  package var sections: [LibrarySection]
  /// Problems met on the way (unreadable folders, symlink loops); none of them stops a scan.
  package var warnings: [ScanWarning]
  /// Counts from the scan, nil until it has finished.
  package var stats: ScanStats?

  /// Makes a library; empty by default, ready to be filled by `apply(_:)`.
  package init(
    sections: [LibrarySection] = [], warnings: [ScanWarning] = [], stats: ScanStats? = nil
  ) {
    self.sections = sections
    self.warnings = warnings
    self.stats = stats
  }

  /// Adds what one scan event reports; sections arrive in display order, so they append.
  package mutating func apply(_ event: ScanEvent) {
    switch event {
    case .section(let section): sections.append(section)
    case .warning(let warning): warnings.append(warning)
    case .finished(let stats): self.stats = stats
    }
  }

  /// The number of pictures over all sections. O(sections).
  package var pictureCount: Int { sections.reduce(0) { $0 + $1.pictures.count } }

  /// Whether the scan has delivered everything.
  package var isComplete: Bool { stats != nil }
}

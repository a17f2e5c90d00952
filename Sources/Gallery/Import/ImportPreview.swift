/// What an import would do, shown before anything is copied: each file of the card and
/// where it goes (relative to the destination), those already imported, and the totals,
/// as `gallery import --dry-run` prints them.
package struct ImportPreview: Hashable, Sendable {
  /// One file of the card.
  package struct Entry: Hashable, Sendable {
    /// Its path relative to the card (`DCIM/100CANON/IMG_0042.JPG`).
    package var source: String
    /// Where it goes, relative to the destination (`2024/2024-08-03/IMG_0042.JPG`); nil
    /// when it is imported already.
    package var target: String?

    package init(source: String, target: String?) {
      self.source = source
      self.target = target
    }
  }

  /// The import asked for, its destination as the runtime resolved it.
  package var request: ImportRequest
  /// The destination's absolute path.
  package var destination: String
  package var entries: [Entry]
  /// The count a dry run ends with: the files and bytes to copy, those already imported.
  package var summary: ImportSummary
  /// The bytes of every file listed, to copy or already imported: the total the progress
  /// counts towards, as the files' is `entries.count`.
  package var byteCount: Int64
  /// What reading the card and the library index noted (a folder that cannot be read, an
  /// index made again), as sentences; the command line says them on standard error.
  package var notices: [String] = []

  package init(
    request: ImportRequest, destination: String, entries: [Entry], summary: ImportSummary,
    byteCount: Int64
  ) {
    self.request = request
    self.destination = destination
    self.entries = entries
    self.summary = summary
    self.byteCount = byteCount
  }

  /// `would import 12 files (310 MB); 3 already imported`.
  package var totals: String { summary.line(dryRun: true) }
}

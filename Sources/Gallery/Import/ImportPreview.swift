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

  package init(
    request: ImportRequest, destination: String, entries: [Entry], summary: ImportSummary
  ) {
    self.request = request
    self.destination = destination
    self.entries = entries
    self.summary = summary
  }

  /// `would import 12 files (310 MB); 3 already imported`.
  package var totals: String { summary.line(dryRun: true) }
}

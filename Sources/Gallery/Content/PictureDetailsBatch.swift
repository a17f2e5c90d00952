import Pictures

/// Details read from pictures' files in the background (from the library index, or from
/// the files' heads), by path: what `GalleryEvent.detailsRead` brings in batches.
///
/// Every file read has its details, an unreadable one too (its `brokenReason` says why),
/// so a picture in no batch yet is one still waiting.
package struct PictureDetailsBatch: Hashable, Sendable {
  /// The details of each file read, by the path the library has it under.
  package var details: [String: PictureDetails]
  /// What went wrong with the library index since the last batch, in sentences for the
  /// status line (`The library index … was damaged. It was made again; …`).
  package var notices: [String]

  package init(_ details: [String: PictureDetails] = [:], notices: [String] = []) {
    self.details = details
    self.notices = notices
  }

  /// Whether the batch says nothing.
  package var isEmpty: Bool { details.isEmpty && notices.isEmpty }

  /// How many files the batch answers for.
  package var count: Int { details.count }
}

import Pictures

/// What the index answered for a set of files.
package struct IndexLookup: Sendable {
  /// The details of each file whose row still matches its stamp, by path.
  package var details: [String: PictureDetails]
  /// What went wrong, when something did (the answers are then those had before it, or
  /// none).
  package var notice: IndexNotice?
  /// How many rows the index read to answer, asked for or not: what the lookup cost.
  package var rowsRead = 0

  package init(details: [String: PictureDetails] = [:], notice: IndexNotice? = nil) {
    self.details = details
    self.notice = notice
  }
}

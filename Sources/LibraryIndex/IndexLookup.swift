import Pictures

/// What the index answered for a set of files.
package struct IndexLookup: Sendable {
  /// The details of each file whose row still matches its stamp, by path.
  package var details: [String: PictureDetails]
  /// What went wrong, when something did (the answers are then those had before it, or
  /// none).
  package var notice: IndexNotice?

  package init(details: [String: PictureDetails] = [:], notice: IndexNotice? = nil) {
    self.details = details
    self.notice = notice
  }
}

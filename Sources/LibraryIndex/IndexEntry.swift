import Pictures

/// One file's row: the stamp it was read under and the details read.
package struct IndexEntry: Hashable, Sendable {
  package var stamp: IndexStamp
  package var details: PictureDetails

  package init(_ stamp: IndexStamp, _ details: PictureDetails) {
    self.stamp = stamp
    self.details = details
  }
}

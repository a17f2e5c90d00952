import Gallery

/// What the run loop needs of the reader of pictures' details (the library index, then
/// the heads of the files it cannot answer for); the loop's tests put a fake in its place.
package protocol PictureDetailsReading: Sendable {
  /// Finds the details of `stamps`' files in the background and hands them to `deliver`
  /// on another thread, in batches: first all the index knows, then the files read.
  func read(_ stamps: [FileStamp], deliver: @escaping @Sendable (PictureDetailsBatch) -> Void)
  /// Stops the reading; no batch is delivered after it, and what was read is kept.
  func stop()
}

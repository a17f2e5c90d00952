import Gallery

/// What the run loop needs of the reader of pictures' details (the library index, then
/// the heads of the files it cannot answer for); the loop's tests put a fake in its place.
package protocol PictureDetailsReading: Sendable {
  /// Finds the details of `stamps`' files in the background and hands them to `deliver`
  /// on another thread, in batches: first all the index knows, then the files read.
  func read(_ stamps: [FileStamp], deliver: @escaping @Sendable (PictureDetailsBatch) -> Void)
  /// Forgets, in the background, what is kept of the files under `roots` that are not in
  /// `seen` (what a finished scan of them found) and truly no longer exist.
  func prune(under roots: [String], keeping seen: Set<String>)
  /// Forgets, in the background, what is kept of `paths` (files the gallery itself
  /// moved, renamed or put in the Trash).
  func forget(_ paths: [String])
  /// Stops the reading; no batch is delivered after it, and what was read is kept.
  func stop()
  /// Looks `stamps`' files up ahead of their `read`, in the background (the index is
  /// read while the scan goes on).
  func lookUpAhead(_ stamps: [FileStamp])
  /// Forgets what was looked up ahead and not asked for since.
  func forgetLookedUpAhead()
}

extension PictureDetailsReading {
  /// Nothing is looked up ahead.
  package func lookUpAhead(_ stamps: [FileStamp]) {}
  package func forgetLookedUpAhead() {}
}

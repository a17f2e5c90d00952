import Gallery

/// What the run loop needs of the reader of files' content hashes (the library index,
/// then the files read whole); the loop's tests put a fake in its place.
package protocol ContentHashReading: Sendable {
  /// Finds the content hashes of `stamps`' files in the background and hands them to
  /// `deliver` on another thread, by the stamp each was asked under, as text (XXH3-128
  /// in hex): all the index knows first, then each file read. A file that cannot be
  /// read, or is no longer the file its stamp names, is left out.
  func read(_ stamps: [FileStamp], deliver: @escaping @Sendable ([FileStamp: String]) -> Void)
  /// Stops the reading; no batch is handed to `deliver` after it, and what was read is
  /// kept. A batch handed over just before may still be on its way.
  func stop()
  /// Drops the reads asked for so far: they hand no more batches to `deliver` (one
  /// handed over just before may still arrive: its hashes are right, and only kept),
  /// what was read is kept, and a read asked for later goes on.
  func cancel()
}

import Gallery

/// What the run loop needs of the reader of files' content hashes (the library index,
/// then the files read whole); the loop's tests put a fake in its place.
package protocol ContentHashReading: Sendable {
  /// Finds the content hashes of `stamps`' files in the background and hands them to
  /// `deliver` on another thread, by path, as text (XXH3-128 in hex): all the index knows
  /// first, then each file read. A file that cannot be read is left out.
  func read(_ stamps: [FileStamp], deliver: @escaping @Sendable ([String: String]) -> Void)
  /// Stops the reading; nothing is delivered after it, and what was read is kept.
  func stop()
  /// Drops the reads asked for so far: nothing more of them is delivered, what was read
  /// is kept, and a read asked for later goes on.
  func cancel()
}

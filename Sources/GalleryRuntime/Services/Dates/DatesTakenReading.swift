import Gallery

/// What the run loop needs of the reader of dates taken (`DateTakenReader`); the loop's
/// tests put a fake in its place.
package protocol DatesTakenReading: Sendable {
  /// Finds the dates of `stamps`' files in the background and hands them to `deliver`
  /// on another thread, in batches.
  func read(_ stamps: [FileStamp], deliver: @escaping @Sendable (DatesTaken) -> Void)
  /// Stops the reading; no batch is delivered after it.
  func stop()
}

extension DateTakenReader: DatesTakenReading {}

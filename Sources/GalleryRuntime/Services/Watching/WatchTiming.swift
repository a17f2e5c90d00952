import Gallery

/// How long a watcher lets a burst of events settle before it reports them as one batch.
package struct WatchTiming: Sendable, Hashable {
  /// Quiet time after the latest event before the batch goes out, in milliseconds.
  package var settleMilliseconds: Int
  /// Longest time after the first event of a batch before it goes out even if events
  /// keep coming, in milliseconds; keeps a long copy visible as it progresses.
  package var maximumMilliseconds: Int

  /// 150 ms of quiet, at most 500 ms: a copy of hundreds of files becomes one or two
  /// batches, each shown well within a second.
  package init(settleMilliseconds: Int = 150, maximumMilliseconds: Int = 500) {
    self.settleMilliseconds = settleMilliseconds
    self.maximumMilliseconds = max(maximumMilliseconds, settleMilliseconds)
  }
}

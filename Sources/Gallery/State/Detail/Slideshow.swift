/// A slideshow playing in the detail view: the next picture every `interval` seconds.
///
/// The state has no clock: starting asks the runtime for a timer
/// (`AppCommand.scheduleTimer(.slideshow, …)`), and each time it fires the next picture
/// shows and the next one is asked for. Nothing runs while it is stopped.
package struct Slideshow: Hashable, Sendable {
  /// The paces `+` and `-` step through, in seconds.
  package static let intervals = [1, 2, 3, 5, 8, 10, 15, 20, 30, 60]
  /// The pace a slideshow starts at unless the configuration says otherwise.
  package static let defaultInterval = 3

  /// Seconds each picture shows.
  package private(set) var interval: Int

  /// A slideshow at `interval` seconds, brought into 1...3600.
  package init(interval: Int) { self.interval = min(max(1, interval), 3600) }

  /// The next pace of `intervals` that is faster (`faster`) or slower; the same at the
  /// end of the list.
  mutating func step(faster: Bool) {
    if faster {
      interval = Self.intervals.last { $0 < interval } ?? interval
    } else {
      interval = Self.intervals.first { $0 > interval } ?? interval
    }
  }

  /// Asks for the next picture after `interval`.
  var nextTick: AppCommand { .scheduleTimer(.slideshow, milliseconds: interval * 1000) }
}

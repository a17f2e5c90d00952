import Gallery

/// The deadlines of the timers the state asked for (`scheduleTimer`): the state has no
/// clock, so the run loop waits no longer than the next one and hands it `timerFired`.
struct RuntimeTimers {
  /// When each timer asked for is due.
  private var deadlines: [GalleryTimer: ContinuousClock.Instant] = [:]
  /// Timers asked for again while this batch is handled: their earlier firing, queued in
  /// the same batch behind the event that asked again, is stale (a key that came with the
  /// idle timer's firing means the user is not idle).
  private var rearmed = Set<GalleryTimer>()
  private let clock = ContinuousClock()

  /// Arms `timer` for `milliseconds` from now, replacing its earlier deadline.
  mutating func schedule(_ timer: GalleryTimer, milliseconds: Int) {
    deadlines[timer] = clock.now + .milliseconds(milliseconds)
    rearmed.insert(timer)
  }

  /// Forgets `timer`.
  mutating func cancel(_ timer: GalleryTimer) { deadlines[timer] = nil }

  /// How long to wait for events: `timeout` (nil: for ever), cut short by the next timer.
  func waitLimit(_ timeout: Duration?) -> Duration? {
    guard let due = deadlines.values.min() else { return timeout }
    let untilDue = max(.zero, clock.now.duration(to: due))
    return timeout.map { min($0, untilDue) } ?? untilDue
  }

  /// The timers due now, forgotten: the earliest first, and timers due at the same
  /// instant in a fixed order, so a batch never depends on a dictionary's order.
  mutating func takeDue() -> [GalleryTimer] {
    let now = clock.now
    let due = deadlines.filter { $0.value <= now }
      .sorted { ($0.value, Self.rank($0.key)) < ($1.value, Self.rank($1.key)) }
      .map(\.key)
    for timer in due { deadlines[timer] = nil }
    return due
  }

  /// Where `timer` goes among timers due at the same instant.
  private static func rank(_ timer: GalleryTimer) -> Int {
    switch timer {
    case .animation: 0
    case .slideshow: 1
    case .idle: 2
    }
  }

  /// A new batch begins: no timer has been asked for again in it yet.
  mutating func startBatch() { rearmed = [] }

  /// Whether a firing of `timer` in this batch is stale: it was asked for again since.
  func isStale(_ timer: GalleryTimer) -> Bool { rearmed.contains(timer) }
}

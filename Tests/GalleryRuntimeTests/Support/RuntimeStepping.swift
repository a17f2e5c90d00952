import Testing

@testable import GalleryRuntime

extension GalleryRuntime {
  /// Steps until `condition` holds (a result from another thread has been handled) or
  /// `limit` passes, then fails the test.
  ///
  /// At the deadline it steps once more without waiting and looks again: a result that
  /// arrived during the last wait counts, however slow the machine.
  func step(
    until condition: () -> Bool, within limit: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let deadline = ContinuousClock.now + limit
    while !condition() {
      guard ContinuousClock.now < deadline else {
        step(timeout: .zero)
        try #require(condition(), "gave up waiting", sourceLocation: sourceLocation)
        return
      }
      step(timeout: .milliseconds(50))
    }
  }
}

import Foundation

/// Waits for a condition without holding a thread of Swift's cooperative pool.
package enum Waiting {
  /// Polls `condition` every `interval` until it holds (true) or `timeout` passes (false).
  ///
  /// The condition is tried once more after the deadline, so a test resumed late by a
  /// busy pool judges by the state of things, not by how late it woke.
  package static func until(
    timeout: Duration = .seconds(20), interval: Duration = .milliseconds(2),
    _ condition: () throws -> Bool
  ) async rethrows -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
      if try condition() { return true }
      if ContinuousClock.now >= deadline { return try condition() }
      do {
        try await Task.sleep(for: interval)
      } catch {
        return try condition()  // cancelled: judge by what is there now
      }
    }
  }

  /// Runs `body`, which blocks, on a thread of its own and suspends until it returns.
  ///
  /// For synchronous code under test that waits by design (a scan, a watcher's stop, a
  /// pipeline's blocking call): the cooperative pool's threads stay free. `body` must not
  /// record test issues (`#expect`): they belong to the test's task, so check its result
  /// after the `await`.
  package static func onOwnThread<Value: Sendable>(
    _ body: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      startThread { continuation.resume(with: Result { try body() }) }
    }
  }

  /// `onOwnThread` for a body that cannot throw.
  package static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async
    -> Value
  {
    await withCheckedContinuation { continuation in
      startThread { continuation.resume(returning: body()) }
    }
  }

  /// Runs `body` on a new thread of its own (8 MiB of stack, as the main thread has).
  package static func startThread(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// `onOwnThread` with a deadline: `body`'s result, or nil when it has not returned
  /// within `timeout` (its thread is then left to finish alone, and the test goes on to
  /// fail): for a blocking call that could hang, in place of a `.timeLimit`, which starts
  /// before the test has a thread of the pool and so measures the queue, not the test.
  package static func onOwnThread<Value: Sendable>(
    within timeout: Duration, _ body: @escaping @Sendable () -> Value
  ) async -> Value? {
    let outcome = Outcome<Value>()
    startThread { outcome.set(body()) }
    guard await until(timeout: timeout, interval: .milliseconds(5), { outcome.value != nil })
    else { return nil }
    return outcome.value
  }
}

/// A value one thread sets and another reads.
private final class Outcome<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?

  var value: Value? {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  func set(_ value: Value) {
    lock.lock()
    stored = value
    lock.unlock()
  }
}

import Foundation

/// A count other threads raise and a test awaits, in place of `DispatchSemaphore` in a
/// test's body.
///
/// A test body runs on a thread of Swift's cooperative pool, which has one thread a core:
/// a semaphore's `wait` there holds that thread while the work it waits for runs on
/// other threads, and every other test (and every time limit) waits with it. `wait` here
/// suspends instead. Jobs running on threads of their own (a worker pool's) may still use
/// a `DispatchSemaphore` to hold themselves.
package final class TestSignal: @unchecked Sendable {
  private let lock = NSLock()
  private var count: Int

  package init(value: Int = 0) { count = value }

  /// Raises the count by one; callable from any thread.
  package func signal() {
    lock.lock()
    count += 1
    lock.unlock()
  }

  /// Waits until the count is above zero and lowers it by one; false when `timeout`
  /// passes first.
  ///
  /// The count is checked before the clock, so a test resumed late (the pool busy with
  /// other tests) still sees a signal that came in time: only the work waited for can
  /// make it fail, never the wait itself.
  package func wait(timeout: Duration = .seconds(20)) async -> Bool {
    await Waiting.until(timeout: timeout) { self.take() }
  }

  /// Waits for `count` signals, each within `timeout` of the one before; false at the
  /// first that does not come.
  package func wait(count: Int, timeout: Duration = .seconds(20)) async -> Bool {
    for _ in 0..<count where !(await wait(timeout: timeout)) { return false }
    return true
  }

  private func take() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard count > 0 else { return false }
    count -= 1
    return true
  }
}

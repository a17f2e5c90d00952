/// A value shared between threads behind a lock: `Synchronization.Mutex`'s `withLock`,
/// on a pthread mutex (`SystemLock`).
///
/// Not `Mutex`: on Linux its lock lives in the Synchronization library, which is not
/// built for ThreadSanitizer, so TSan sees every access the lock guards but not the lock,
/// and reports each one as a race (`make sanitize`, the soak of a TSan build). A pthread
/// mutex is one TSan follows. Uncontended, either costs an atomic operation each way.
/// `package`: the pipeline guards its caches with it, the runtime its inbox and watcher.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = SystemLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  /// Runs `body` on the value with the lock held.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

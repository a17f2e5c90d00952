import Glibc

/// A pthread mutex, for what `NSLock` was: Foundation's lock is not in
/// FoundationEssentials, and the gallery does not load Foundation (see ARCHITECTURE.md).
///
/// The mutex lives in memory of its own, never moved, as pthreads requires; ThreadSanitizer
/// follows it (which it does not `Synchronization.Mutex`'s, see `Locked`).
package final class SystemLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  package init() {
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }

  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` with the lock held.
  package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

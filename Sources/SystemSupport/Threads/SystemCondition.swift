import Glibc

/// A pthread mutex with a condition variable, for what `NSCondition` was (not in
/// FoundationEssentials): `lock`, `wait` with it held, `signal` or `broadcast` a change.
///
/// Timed waits run on the monotonic clock, so a change of the wall clock neither ends nor
/// stretches one.
package final class SystemCondition: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  package init() {
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition.initialize(to: pthread_cond_t())
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }

  package func unlock() { pthread_mutex_unlock(mutex) }

  /// Waits, the lock held, until signalled (or woken spuriously: wait in a loop).
  package func wait() { pthread_cond_wait(condition, mutex) }

  /// Waits, the lock held, until signalled or `seconds` have passed; false when the time
  /// ran out.
  @discardableResult
  package func wait(seconds: Double) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let total = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + max(0, seconds)
    let whole = total.rounded(.down)
    var deadline = timespec(tv_sec: Int(whole), tv_nsec: Int((total - whole) * 1e9))
    return pthread_cond_timedwait(condition, mutex, &deadline) == 0
  }

  package func signal() { pthread_cond_signal(condition) }

  package func broadcast() { pthread_cond_broadcast(condition) }
}

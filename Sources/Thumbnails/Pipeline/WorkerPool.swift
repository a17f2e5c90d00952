import FoundationEssentials
import Glibc
import SystemSupport

/// A fixed set of worker threads running jobs highest priority first, cancellable by key.
///
/// Jobs with equal priority run in submission order. A job submitted again under a
/// key still waiting replaces it (new priority, new work). Cancelling a waiting job
/// drops it; a running job sees `isCancelled()` turn true and should stop early.
/// The threads keep the pool alive until `shutdown()`; call it when done.
/// Submission and cancellation are O(waiting jobs).
package final class WorkerPool<Key: Hashable & Sendable>: @unchecked Sendable {
  /// A unit of work; it polls `isCancelled` between expensive steps.
  package typealias Work = @Sendable (_ isCancelled: @Sendable () -> Bool) -> Void

  private struct Job {
    let key: Key
    var priority: Int
    let sequence: UInt64
    let work: Work
    let token: CancellationToken
    var isBackground: Bool
  }

  /// A job being worked on: its flag, and its priority (which a follow-up inherits).
  private struct Running {
    let token: CancellationToken
    var priority: Int
    var isBackground: Bool
  }

  private let condition = SystemCondition()
  // Everything below is guarded by `condition`.
  private var waiting: [Job] = []
  private var running: [Key: Running] = [:]
  private var sequence: UInt64 = 0
  private var stopping = false
  private var holds = 0
  /// Background jobs running now, and how many may run at once.
  private var backgroundRunning = 0
  private let backgroundLimit: Int

  /// Starts `threadCount` threads (one per core by default). Background jobs (work done
  /// ahead, see `submit`) run on at most `threadCount − 1` of them at once, so that with
  /// work ahead queued a core stays free for the thread that reads keys and draws.
  package init(threadCount: Int = ProcessInfo.processInfo.activeProcessorCount) {
    backgroundLimit = max(1, threadCount - 1)
    for index in 0..<max(1, threadCount) {
      SystemThread.start(name: "thumbnails-\(index)", stackSize: 4 << 20) { [weak self] in
        TerminalSignals.blockOnCurrentThread()
        self?.workLoop()
      }
    }
  }

  /// Queues `work` under `key`; a larger `priority` runs sooner. A `background` job
  /// (work ahead of need) runs on fewer threads than the others (see `init`).
  package func submit(
    _ key: Key, priority: Int, background: Bool = false, work: @escaping Work
  ) {
    condition.lock()
    defer { condition.unlock() }
    sequence += 1
    waiting.removeAll { $0.key == key }
    waiting.append(
      Job(
        key: key, priority: priority, sequence: sequence, work: work, token: CancellationToken(),
        isBackground: background))
    condition.signal()
  }

  /// Changes the priority (and whether it is background work) of a waiting job; of a
  /// running one, those its follow-up will have (see `followUp`).
  package func reprioritize(_ key: Key, priority: Int, background: Bool = false) {
    condition.lock()
    defer { condition.unlock() }
    if let index = waiting.firstIndex(where: { $0.key == key }) {
      waiting[index].priority = priority
      waiting[index].isBackground = background
    }
    running[key]?.priority = priority
    running[key]?.isBackground = background
    condition.broadcast()
  }

  /// Queues `work` under `key` as the next step of the running job under `current`, at
  /// that job's priority (as changed since it started) plus `priorityOffset`; nothing
  /// when that job was cancelled or is not running. Atomic with cancellation: a job
  /// cancelled at any moment leaves no follow-up behind.
  @discardableResult
  package func followUp(
    from current: Key, with key: Key, priorityOffset: Int, work: @escaping Work
  ) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard let job = running[current], !job.token.isCancelled, !stopping else { return false }
    sequence += 1
    waiting.removeAll { $0.key == key }
    waiting.append(
      Job(
        key: key, priority: job.priority + priorityOffset, sequence: sequence, work: work,
        token: CancellationToken(), isBackground: job.isBackground))
    condition.signal()
    return true
  }

  /// Drops the job under `key` if waiting, and flags it cancelled if running.
  package func cancel(_ key: Key) {
    condition.lock()
    defer { condition.unlock() }
    waiting.removeAll { $0.key == key }
    running[key]?.token.cancel()
  }

  /// Cancels every job whose key is not in `keep` (pictures scrolled away).
  package func cancelAll(except keep: Set<Key>) {
    cancelAll { !keep.contains($0) }
  }

  /// Cancels every job, waiting or running, whose key `matches`.
  package func cancelAll(where matches: (Key) -> Bool) {
    condition.lock()
    defer { condition.unlock() }
    waiting.removeAll { matches($0.key) }
    for (key, job) in running where matches(key) { job.token.cancel() }
  }

  /// Holds the workers at their next pause point (between jobs, and wherever a job
  /// polls `isCancelled`) until as many `release()` calls. A running step finishes
  /// first. For the moments when the cores are wanted elsewhere: while the frame
  /// that answers a key goes to the terminal, whose reader is another process.
  package func hold() {
    condition.lock()
    holds += 1
    condition.unlock()
  }

  /// Ends one `hold()`; the workers go on when none is left.
  package func release() {
    condition.lock()
    holds = max(0, holds - 1)
    if holds == 0 { condition.broadcast() }
    condition.unlock()
  }

  /// Waits while held (not once stopping). Called with the lock held.
  private func waitWhileHeld() {
    while holds > 0 && !stopping { condition.wait() }
  }

  /// The number of jobs not yet started.
  package var waitingCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return waiting.count
  }

  /// Stops the threads after their current jobs; waiting jobs are dropped. Ends any
  /// hold.
  package func shutdown() {
    condition.lock()
    stopping = true
    waiting.removeAll()
    for job in running.values { job.token.cancel() }
    condition.broadcast()
    condition.unlock()
  }

  private func workLoop() {
    #if os(Linux)
      // Decoding yields to the thread that reads keys and draws: on a busy machine a
      // worker at the same priority delays a key's frame by a whole time slice. On
      // Linux the nice value is per thread, and 0 names the calling one.
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    #endif
    while true {
      condition.lock()
      var index: Int?
      while !stopping {
        index = holds > 0 ? nil : nextIndex()
        if index != nil { break }
        condition.wait()
      }
      guard let index, !stopping else {
        condition.unlock()
        return
      }
      let job = waiting.remove(at: index)
      running[job.key] = Running(
        token: job.token, priority: job.priority, isBackground: job.isBackground)
      if job.isBackground { backgroundRunning += 1 }
      condition.unlock()

      let token = job.token
      job.work { [self] in
        condition.lock()
        waitWhileHeld()
        condition.unlock()
        return token.isCancelled
      }

      condition.lock()
      if running[job.key]?.token === token { running[job.key] = nil }
      if job.isBackground {
        backgroundRunning -= 1
        condition.broadcast()  // a background job may wait for this thread's turn
      }
      condition.unlock()
    }
  }

  /// Highest priority, then oldest, of the jobs that may start now (a background job
  /// only while fewer than the limit run); nil for none. Called with the lock held.
  private func nextIndex() -> Int? {
    var best: Int?
    let backgroundAllowed = backgroundRunning < backgroundLimit
    for index in waiting.indices {
      let job = waiting[index]
      guard backgroundAllowed || !job.isBackground else { continue }
      guard let current = best.map({ waiting[$0] }) else {
        best = index
        continue
      }
      if job.priority > current.priority
        || (job.priority == current.priority && job.sequence < current.sequence)
      {
        best = index
      }
    }
    return best
  }
}

/// A flag a running job polls; set from any thread.
final class CancellationToken: @unchecked Sendable {
  private let lock = SystemLock()
  private var cancelled = false

  var isCancelled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return cancelled
  }

  func cancel() {
    lock.lock()
    cancelled = true
    lock.unlock()
  }
}

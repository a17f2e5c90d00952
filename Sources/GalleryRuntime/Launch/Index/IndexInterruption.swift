import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

extension IndexRun {
  /// The flag Ctrl-C sets: one a process, for the signal handler to reach.
  package static let interruption = StopFlag()

  /// Makes Ctrl-C set `interruption` instead of ending the process, once: a second
  /// Ctrl-C ends it at once (what was kept is kept: each batch is a transaction).
  package static func catchInterruption() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in IndexRun.interruption.set() }
    action.sa_flags = Int32(SA_RESTART) | Int32(bitPattern: 0x8000_0000)  // SA_RESETHAND
    sigemptyset(&action.sa_mask)
    sigaction(SIGINT, &action, nil)
  }
}

/// Set when `gallery --index` should stop: by Ctrl-C's handler, which may only store an
/// atomic, or by a test.
package final class StopFlag: Sendable {
  private let flag = Atomic<Bool>(false)

  package init() {}

  /// Asks the run to stop at its next redraw.
  package func set() { flag.store(true, ordering: .relaxed) }

  /// Whether it was asked to stop.
  package var isSet: Bool { flag.load(ordering: .relaxed) }
}

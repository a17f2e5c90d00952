#if canImport(Glibc)
  import Glibc
#endif

/// Keeps the terminal's signals off background threads.
///
/// The kernel hands a signal sent to the process to any thread that does not
/// block it. The handlers of Ctrl-Z, resizes and quitting touch the screen, so
/// they must run on the main thread, between frames, never on a worker's stack
/// while the main thread is halfway through writing one. Threads the program
/// starts call `blockOnCurrentThread()` first.
package enum TerminalSignals {
  /// SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT and SIGWINCH.
  package static let all: [Int32] = [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]

  /// Blocks `all` on the calling thread (and the threads it starts later).
  package static func blockOnCurrentThread() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in all { sigaddset(&set, signal) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }
}

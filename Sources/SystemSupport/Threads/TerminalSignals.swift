#if canImport(Glibc)
  import Glibc
#endif

/// Keeps the terminal's signals off background threads, and gives each thread a stack
/// for the crash report.
///
/// The kernel hands a signal sent to the process to any thread that does not
/// block it. The handlers of Ctrl-Z, resizes and quitting touch the screen, so
/// they must run on the main thread, between frames, never on a worker's stack
/// while the main thread is halfway through writing one. Threads the program
/// starts call `blockOnCurrentThread()` first.
///
/// A fault's handler (the crash report, which gives the terminal back) runs on the
/// faulting thread, on that thread's alternate signal stack: without one, a stack
/// overflow in a decoder (libjxl, LibRaw) could not run it and the kernel would end the
/// program silently with the terminal raw. The main thread's is set at start; the same
/// call gives every other thread its own, freed when the thread ends.
package enum TerminalSignals {
  /// SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT and SIGWINCH.
  package static let all: [Int32] = [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]

  /// Blocks `all` on the calling thread (and the threads it starts later), and gives the
  /// thread an alternate signal stack when it has none. Cheap to call again on a thread
  /// (a Dispatch queue's, at each job).
  package static func blockOnCurrentThread() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in all { sigaddset(&set, signal) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
    AlternateSignalStack.installOnCurrentThread()
  }
}

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
  /// Every signal the quitting trap catches, then SIGTSTP, SIGCONT and SIGWINCH. The
  /// quitting ones are installed without `SA_RESTART`: one taken on a worker would also
  /// fail its system call with EINTR. The faults (SIGSEGV and the like) stay unblocked:
  /// they are reported on the thread that made them.
  package static let all: [Int32] = quitting + [SIGTSTP, SIGCONT, SIGWINCH]

  /// The signals the quitting trap catches: the same as the C predicate
  /// `gallery_trap_is_quitting` in `Sources/CNcursesw/shim.h` (SystemSupport cannot
  /// import ncurses' module; `CursesTests` checks that the two agree). Every catchable
  /// signal whose default ends the process, but the faults and SIGPIPE (ignored).
  ///
  /// The real-time ones run from glibc's SIGRTMIN, a function: the first two real-time
  /// signals are glibc's own (thread cancellation, set*id), which it never lets be blocked.
  package static let quitting: [Int32] =
    [
      SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
      SIGXFSZ, SIGIO, SIGPWR, SIGSTKFLT,
    ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

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

import Foundation
import TestSupport
import Testing

@testable import SystemSupport

@Suite struct TerminalSignalsTests {
  /// A worker blocks the terminal's signals, so the kernel hands them to the main
  /// thread.
  @Test func aWorkerBlocksTheTerminalSignals() async {
    let blocked = Locked<[Int32]>([])
    let done = TestSignal()
    let thread = Thread {
      // Start from none blocked: threads inherit their creator's mask.
      var unblock = sigset_t()
      sigemptyset(&unblock)
      for signal in TerminalSignals.all { sigaddset(&unblock, signal) }
      pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
      TerminalSignals.blockOnCurrentThread()
      var mask = sigset_t()
      pthread_sigmask(SIG_BLOCK, nil, &mask)
      for signal in TerminalSignals.all where sigismember(&mask, signal) == 1 {
        blocked.withLock { $0.append(signal) }
      }
      done.signal()
    }
    thread.start()
    #expect(await done.wait())
    #expect(blocked.withLock { $0 } == TerminalSignals.all)
    #expect(TerminalSignals.all.contains(SIGTSTP) && TerminalSignals.all.contains(SIGWINCH))
  }

  /// Every signal the quitting trap catches (installed without `SA_RESTART`) is blocked on
  /// a worker too, the real-time ones included; the faults are not, so a crash there is
  /// still reported on its own thread.
  @Test func aWorkerBlocksEveryQuittingSignalButNoFault() async {
    let expected: [Int32] =
      [
        SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
        SIGXCPU, SIGXFSZ, SIGIO, SIGPWR, SIGSTKFLT, SIGTSTP, SIGCONT, SIGWINCH,
      ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    let faults: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]
    let seen = Locked<(blocked: [Int32], faults: [Int32])>(([], []))
    let done = TestSignal()
    let thread = Thread {
      var unblock = sigset_t()
      sigemptyset(&unblock)
      for signal in expected + faults { sigaddset(&unblock, signal) }
      pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
      TerminalSignals.blockOnCurrentThread()
      var mask = sigset_t()
      pthread_sigmask(SIG_BLOCK, nil, &mask)
      let blocked = expected.filter { sigismember(&mask, $0) == 1 }
      let blockedFaults = faults.filter { sigismember(&mask, $0) == 1 }
      seen.withLock { $0 = (blocked, blockedFaults) }
      done.signal()
    }
    thread.start()
    #expect(await done.wait())
    let result = seen.withLock { $0 }
    #expect(result.blocked == expected, "missing: \(Set(expected).subtracting(result.blocked))")
    #expect(result.faults.isEmpty, "faults blocked: \(result.faults)")
    #expect(__libc_current_sigrtmin() > 33, "glibc keeps 32 and 33 for itself")
  }

  /// A thread the program starts gets its own alternate signal stack, so a stack overflow
  /// there still runs the crash report's handler; a second call keeps the first stack.
  @Test func aWorkerGetsAnAlternateSignalStack() async {
    let seen = Locked<(before: Bool, after: Bool, same: Bool)>((true, false, false))
    let done = TestSignal()
    let thread = Thread {
      let before = AlternateSignalStack.isInstalledOnCurrentThread
      TerminalSignals.blockOnCurrentThread()
      var first = stack_t()
      sigaltstack(nil, &first)
      TerminalSignals.blockOnCurrentThread()
      var second = stack_t()
      sigaltstack(nil, &second)
      let after = AlternateSignalStack.isInstalledOnCurrentThread
      let same = first.ss_sp == second.ss_sp && first.ss_size >= 64 << 10
      seen.withLock { $0 = (before, after, same) }
      done.signal()
    }
    thread.start()
    #expect(await done.wait())
    let result = seen.withLock { $0 }
    #expect(!result.before, "a new thread has none of its own")
    #expect(result.after && result.same, "\(result)")
  }
}

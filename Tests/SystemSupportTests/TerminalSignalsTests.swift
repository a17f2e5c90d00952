import Foundation
import SystemSupport
import TestSupport
import Testing

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
}

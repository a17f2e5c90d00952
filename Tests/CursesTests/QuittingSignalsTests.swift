import Testing

@testable import Curses
@testable import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The signals workers block (`TerminalSignals.quitting`, in Swift) are those the quitting
/// trap catches (`gallery_trap_is_quitting`, in C): one caught but not blocked can land on
/// a decoder's thread, whose handler must run on the main one.
@Suite struct QuittingSignalsTests {
  @Test func workersBlockEverySignalTheTrapCatches() {
    let caught = (1..<65).filter { SignalTrap.isQuitting(Int32($0)) }.map { Int32($0) }
    #expect(caught == TerminalSignals.quitting.sorted())
    #expect(Set(TerminalSignals.quitting).count == TerminalSignals.quitting.count)
  }

  @Test func theFaultsAndSigpipeAreNeitherCaughtNorBlocked() {
    for signal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGPIPE] {
      #expect(!SignalTrap.isQuitting(signal), "\(signal)")
      #expect(!TerminalSignals.all.contains(signal), "\(signal)")
    }
  }
}

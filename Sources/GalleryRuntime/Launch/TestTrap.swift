import FoundationEssentials
import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A crash on purpose at the first key, for the end-to-end tests of the crash report: the
/// terminal restored, the report printed, the status the signal's. Chosen by the
/// environment variable `GALLERY_TEST_TRAP` (not a documented option: nobody needs it but
/// the tests, and a variable cannot be typed by accident); an unknown kind is none.
/// (`kill-after-probe-file`, a SIGKILL as the graphics probe starts, is read by
/// `GraphicsDetection` in Curses, where that file is made.)
///
/// Why not a key or a `--diagnose`-like flag: a key a user can press by mistake must not
/// crash the program, and a flag would be one more thing the manual had to explain away.
package enum TestTrap: String, Sendable {
  /// A Swift precondition failure (SIGILL on x86-64, SIGTRAP on arm64).
  case precondition
  /// An array read out of range (the same, through the standard library's check).
  case index
  /// A write through a null pointer (SIGSEGV), as a crash in a C library is.
  case segfault
  /// Recursion without end: the stack overflows (SIGSEGV on the guard page).
  case stack
  /// `abort()`, as a C library's failed assertion does (SIGABRT).
  case abort
  /// A precondition failure whose message holds controls a terminal would obey (C1's CSI
  /// and NEL, a right-to-left override), as a file name in it can: the report shows `?`.
  case controls
  /// Recursion without end on a thread started as the decoders' are (SIGSEGV there).
  case workerStack = "worker-stack"

  package init?(_ text: String) { self.init(rawValue: text) }

  /// Crashes as chosen.
  package func fire() {
    switch self {
    case .precondition:
      Swift.precondition(Self.always(false), "the test trap (GALLERY_TEST_TRAP=precondition)")
    case .index:
      let values = [1, 2, 3]
      _ = values[Self.count(values) + 7]
    case .segfault:
      let pointer = UnsafeMutablePointer<Int>(bitPattern: Self.count([0, 0, 0, 0, 0, 0, 0, 0]))
      pointer?.pointee = 1
    case .stack:
      _ = Self.deeper(1)
    case .abort:
      Glibc.abort()
    case .controls:
      Swift.precondition(
        Self.always(false), "the test trap with controls [\u{9B}2J] [\u{202E}] [\u{85}] end")
    case .workerStack:
      SystemThread.start(name: "gallery.trap", stackSize: 1 << 20) {
        TerminalSignals.blockOnCurrentThread()
        _ = Self.deeper(1)
      }
      // The crash ends the process; the caller must not go on meanwhile.
      while true { sleep(1) }
    }
  }

  /// Opaque to the optimiser, so the checks stay.
  @inline(never) static func always(_ value: Bool) -> Bool { value }
  @inline(never) static func count(_ values: [Int]) -> Int { values.count }

  /// Recurses until the stack runs out: `always` hides the end that never comes.
  @inline(never) static func deeper(_ depth: Int) -> Int {
    var frame = [Int](repeating: depth, count: 64)
    guard always(depth >= 0) else { return 0 }
    frame[depth % 64] = deeper(depth + 1)
    return frame.reduce(0, &+)
  }
}

import CNcursesw

/// Wakes a waiting `CursesTerminal.nextEvent` from any thread, which then
/// returns `.wake`. Cheap and lock-free: one byte written to a pipe; wakes that
/// arrive together collapse into one event.
package struct TerminalWaker: Sendable {
  let fd: Int32

  /// Wakes the terminal's event loop.
  package func wake() { gallery_wake(fd) }
}

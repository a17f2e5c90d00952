import Dispatch
import SystemSupport

/// The gates the sidecars' writer waits at while an action on files runs (so no sidecar
/// is written while its picture moves), opened by the action's report, or all at once
/// when the run ends: quitting does not wait for a long move, which a kill half-way
/// leaves whole (the next scan finishes what it left), and no decision waits behind it,
/// since none is made while an action is under way.
final class ActionGates: Sendable {
  /// One action's gate.
  final class Gate: Sendable {
    private let opened = DispatchSemaphore(value: 0)
    private let isOpen = Locked(false)

    /// Opens the gate; once only.
    func open() {
      let first = isOpen.withLock { isOpen in
        defer { isOpen = true }
        return !isOpen
      }
      if first { opened.signal() }
    }

    /// Waits until the gate is open: on a thread of its own, never Swift's pool.
    func wait() { opened.wait() }
  }

  private let waiting = Locked([ObjectIdentifier: Gate]())
  private let closed = Locked(false)

  /// A new gate, kept until it is opened; one already open when the run has ended.
  func make() -> Gate {
    let gate = Gate()
    let ended = closed.withLock { $0 }
    if ended {
      gate.open()
    } else {
      waiting.withLock { $0[ObjectIdentifier(gate)] = gate }
    }
    return gate
  }

  /// Opens `gate` and forgets it.
  func open(_ gate: Gate) {
    waiting.withLock { $0[ObjectIdentifier(gate)] = nil }
    gate.open()
  }

  /// Opens every gate, now and from now on: the run is ending.
  func openAll() {
    closed.withLock { $0 = true }
    for gate in waiting.withLock({ $0.values }) { gate.open() }
  }
}

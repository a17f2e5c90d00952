import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The process groups a test run starts (`Subprocess.start(ownGroup: true)`: the X servers
/// and terminals of the pictures-in-pixels tests), each kept from its start until it is
/// reaped, so that none outlives the run.
///
/// A test ends its X server in the background (`XTerminal.close`, from a `defer`), and the
/// test process may exit first: after the last test, or at Ctrl-C. A group of its own is
/// out of reach of the terminal's signals and of the process's end, so each `make test`
/// left an Xvfb behind. `shared` stops every group still kept when the process exits
/// (`atexit`, failing tests too) or is ended by SIGINT, SIGTERM or SIGHUP. Only groups this
/// process started and has not reaped are signalled: a reaped process's id may be
/// another's by then, an unreaped one's cannot.
package final class ProcessGroups: @unchecked Sendable {
  /// The groups the `Subprocess` functions start; stopped at the process's end.
  package static let shared: ProcessGroups = {
    let groups = ProcessGroups()
    atexit { ProcessGroups.shared.stopAll() }
    for signal in [SIGINT, SIGTERM, SIGHUP] { stopOnSignal(signal) }
    return groups
  }()

  /// How many groups can be kept at once; more are not kept (none is near).
  static let capacity = 256
  /// The group leaders' ids, 0 for a free place: plain memory a signal handler can read.
  private let leaders: UnsafeMutablePointer<pid_t>
  private let lock = NSLock()

  package init() {
    leaders = .allocate(capacity: Self.capacity)
    leaders.initialize(repeating: 0, count: Self.capacity)
  }

  deinit { leaders.deallocate() }

  /// Keeps `leader`'s group, just started, until `release`.
  package func keep(_ leader: pid_t) {
    lock.withLock {
      for index in 0..<Self.capacity where leaders[index] == 0 {
        leaders[index] = leader
        return
      }
    }
  }

  /// Forgets `leader`, reaped.
  package func release(_ leader: pid_t) {
    lock.withLock {
      for index in 0..<Self.capacity where leaders[index] == leader { leaders[index] = 0 }
    }
  }

  /// The groups kept now.
  package var kept: [pid_t] {
    lock.withLock { (0..<Self.capacity).map { leaders[$0] }.filter { $0 != 0 } }
  }

  /// Ends every group kept: TERM, up to a second for them all to go, then KILL; each one
  /// that is this process's child is reaped. Blocks: for the process's end, or a thread
  /// of its own.
  package func stopAll() {
    // Only leaders not yet reaped: a reaped one's pid may be another process's by now.
    let groups = kept.filter { Subprocess.isUnreapedChild($0) }
    for leader in kept where !groups.contains(leader) { release(leader) }
    guard !groups.isEmpty else { return }
    for leader in groups { kill(-leader, SIGTERM) }
    var left = Set(groups)
    for _ in 0..<50 where !left.isEmpty {
      for leader in left {
        var status: Int32 = 0
        // Reaped, or not our child: either way none of ours to wait for.
        if waitpid(leader, &status, WNOHANG) != 0 { left.remove(leader) }
      }
      if !left.isEmpty { usleep(20_000) }
    }
    for leader in left {
      kill(-leader, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(leader, &status, 0)
    }
    for leader in groups { release(leader) }
  }

  /// Ends the kept groups at `signal` too, then lets the signal do what it did, unless
  /// the process already handles it.
  private static func stopOnSignal(_ signal: Int32) {
    var current = sigaction()
    guard sigaction(signal, nil, &current) == 0,
      current.__sigaction_handler.sa_handler == nil  // SIG_DFL
    else { return }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      // Only what a signal handler may do: read the ids, kill, raise.
      let groups = ProcessGroups.shared
      for index in 0..<ProcessGroups.capacity where groups.leaders[index] != 0 {
        kill(-groups.leaders[index], SIGTERM)
      }
      Glibc.signal(signal, SIG_DFL)
      raise(signal)
    }
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the process a leftover's name gives still runs, as the tidying of the
/// gallery's own leftovers (temporary files, the terminal probe's files) asks it.
package enum ProcessLiveness {
  /// True when no process has the id `pid`: `kill(pid, 0)` fails with `ESRCH`. Another
  /// user's live process (`EPERM`) is not gone, nor is this one.
  ///
  /// Only this PID namespace's processes are seen: a process of a container or a
  /// sandbox writing into a shared folder looks gone, so what a leftover's owner may
  /// still be writing needs a second sign (a lock it holds) before it is taken away.
  package static func isGone(_ pid: pid_t) -> Bool {
    guard pid > 0 else { return false }
    return kill(pid, 0) != 0 && errno == ESRCH
  }
}

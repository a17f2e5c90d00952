import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Programs a test runs, started with `posix_spawn` and waited for without holding a
/// thread of Swift's cooperative pool.
///
/// Not Foundation's `Process`, which can miss a child's exit inside the test runner and
/// wait for ever. Output goes through files, not pipes: a program that leaves a server
/// behind (tmux) hands it the descriptors, and a pipe would never reach its end.
package enum Subprocess {
  /// How a program ended, and what it wrote.
  package struct Outcome: Sendable {
    /// The exit status, or 128 plus the signal that ended it.
    package var status: Int32
    package var output: String
    package var errors: String
  }

  package struct Failure: Error, CustomStringConvertible {
    package let description: String
    package init(description: String) { self.description = description }
  }

  /// Runs `arguments[0]` (searched in `PATH`) with the rest as its arguments, standard
  /// input from `/dev/null`, in `directory` when given, and waits for its end.
  package static func run(
    _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil
  ) async throws -> Outcome {
    let scratch =
      NSTemporaryDirectory() + "gallery-spawn-\(getpid())-\(UUID().uuidString.prefix(8))"
    let outputPath = scratch + ".out"
    let errorPath = scratch + ".err"
    defer {
      unlink(outputPath)
      unlink(errorPath)
    }
    let commandLine = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0] } ?? []
    let pid = try start(
      commandLine + arguments, environment: environment, output: outputPath, errors: errorPath)
    let status = await exitStatus(of: pid)
    return Outcome(
      status: status, output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
      errors: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
  }

  /// Starts a program without waiting for it: standard input from `/dev/null`, output and
  /// errors to files (errors with the output when `errors` is nil), no signal blocked and
  /// every action the default (the runner's threads block signals, and a child inherits
  /// the mask), and with `ownGroup` a process group of its own, so `stop` ends its
  /// children too; such a group is ended when the test process ends, if not reaped
  /// before (`ProcessGroups`). Reap it with `exitStatus(of:)` or `stop`.
  package static func start(
    _ arguments: [String], environment: [String: String]? = nil, output: String = "/dev/null",
    errors: String? = nil, ownGroup: Bool = false
  ) throws -> pid_t {
    guard let program = arguments.first else {
      throw Failure(description: "no program to run")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if let errors {
      posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    var attributes = posix_spawnattr_t()
    defaultSignals(&attributes, extraFlags: ownGroup ? Int32(POSIX_SPAWN_SETPGROUP) : 0)
    defer { posix_spawnattr_destroy(&attributes) }
    let variables = (environment ?? ProcessInfo.processInfo.environment).map {
      "\($0.key)=\($0.value)"
    }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw Failure(description: "cannot run \(program): \(String(cString: strerror(result)))")
    }
    // Out of reach of the process's end: stopped then unless reaped before.
    if ownGroup { ProcessGroups.shared.keep(pid) }
    return pid
  }

  /// Initialises `attributes` so a child starts with no signal blocked and every action
  /// the default; `extraFlags` adds spawn flags. Destroy the attributes after the spawn.
  package static func defaultSignals(_ attributes: inout posix_spawnattr_t, extraFlags: Int32 = 0) {
    posix_spawnattr_init(&attributes)
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | extraFlags))
  }

  /// Waits for `pid` to end and reaps it, on a thread of its own; its exit status, or 128
  /// plus the signal that ended it.
  package static func exitStatus(of pid: pid_t) async -> Int32 {
    await Waiting.onOwnThread { reap(pid) }
  }

  /// Reaps `pid` once it ends, on a thread of its own, then calls `then` there with its
  /// exit status: for cleanup that cannot wait (a `defer`).
  package static func whenEnded(_ pid: pid_t, then: @escaping @Sendable (Int32) -> Void) {
    Waiting.startThread { then(reap(pid)) }
  }

  /// Whether `pid` (a child of this process) is still running; an ended one is reaped.
  package static func isRunning(_ pid: pid_t) -> Bool {
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == 0 else {
      ProcessGroups.shared.release(pid)
      return false
    }
    return true
  }

  /// Ends the process group `pid` leads (TERM, then KILL after a second) and reaps it.
  package static func stop(_ pid: pid_t) async {
    await Waiting.onOwnThread { stopBlocking(pid) }
  }

  /// `stop`, for cleanup that cannot wait (a `defer`): done on a thread of its own, then
  /// `then` runs there.
  package static func stopInBackground(_ pid: pid_t, then: @escaping @Sendable () -> Void = {}) {
    Waiting.startThread {
      stopBlocking(pid)
      then()
    }
  }

  /// `stop` for a thread of the caller's own, never one of the cooperative pool: it blocks
  /// for up to a second and the reaping.
  package static func stopBlocking(_ pid: pid_t) {
    // A pid reaped already (by `isRunning`, say) may name another test's process by now:
    // pids come round again within a run where `pid_max` is 32768, and a signal to
    // `-pid` would end that process's whole group (another test's X server).
    guard isUnreapedChild(pid) else {
      ProcessGroups.shared.release(pid)
      return
    }
    // The group when it leads one (`ownGroup`), else the process alone.
    func signal(_ number: Int32) {
      if kill(-pid, number) != 0 { kill(pid, number) }
    }
    signal(SIGTERM)
    var status: Int32 = 0
    for _ in 0..<50 {
      if waitpid(pid, &status, WNOHANG) != 0 {
        ProcessGroups.shared.release(pid)
        return
      }
      usleep(20_000)
    }
    signal(SIGKILL)
    _ = reap(pid)
  }

  /// Whether `pid` is a child of this process not yet reaped: running, or ended and
  /// still holding its pid (and its group's id) until it is reaped. Reaps nothing.
  package static func isUnreapedChild(_ pid: pid_t) -> Bool {
    var info = siginfo_t()
    return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0
  }

  private static func reap(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    defer { ProcessGroups.shared.release(pid) }
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return -1 }
    }
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program to its end with `posix_spawn` and `waitpid`, output captured through
/// files: no run loop, so it behaves the same on any thread of the test runner.
enum Spawn {
  struct Outcome {
    var status: Int32
    var output: String
    var errors: String
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Initialises `attributes` so the child starts with no signal blocked and
  /// default actions: the runner's threads block signals, and a child inherits
  /// the mask (through tmux, down to the program under test). `extraFlags` adds
  /// spawn flags (a new process group). Destroy the attributes after the spawn.
  static func defaultSignals(_ attributes: inout posix_spawnattr_t, extraFlags: Int32 = 0) {
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

  /// Runs `arguments[0]` (searched in `PATH`) with the rest as its arguments.
  static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Outcome {
    let scratch =
      NSTemporaryDirectory() + "gallery-spawn-\(getpid())-\(UUID().uuidString.prefix(8))"
    let outPath = scratch + ".out"
    let errPath = scratch + ".err"
    defer {
      unlink(outPath)
      unlink(errPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let variables = (environment ?? ProcessInfo.processInfo.environment).map {
      "\($0.key)=\($0.value)"
    }
    var attributes = posix_spawnattr_t()
    defaultSignals(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(result)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return Outcome(
      status: exitStatus, output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
      errors: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
  }
}

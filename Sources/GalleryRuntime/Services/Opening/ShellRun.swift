import FoundationEssentials
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `/bin/sh` for the opener, the user's commands and the key handler: waited for on
/// the terminal, or detached in a session of its own.
///
/// Waited: the program gets the terminal (or the gallery's own streams) as its standard
/// output and error, runs in the gallery's process group and is waited for; meanwhile
/// the gallery ignores Ctrl-C and Ctrl-\ (they are for the program, as `system(3)` does)
/// and Ctrl-Z stops both, so `fg` brings both back. Detached: no terminal, standard
/// streams on `/dev/null`, a session of its own; only the shell is waited for, which
/// leaves the program running when the script ends it with `&`.
enum ShellRun {
  /// Why no exit status came.
  enum Failure: Error, Equatable {
    /// The shell was killed by the signal.
    case signal(Int32)
    /// The shell could not be started: why.
    case spawn(String)
  }

  /// Runs `arguments` (the first is the program's name: `sh`) with `/bin/sh`, and waits
  /// for the shell's exit status.
  ///
  /// - Parameters:
  ///   - terminal: the descriptor for the standard streams of a waited program; nil
  ///     keeps the gallery's.
  ///   - input: a descriptor for the standard input instead (the key handler's paths).
  static func run(
    _ arguments: [String], terminal: Int32?, detached: Bool, input: Int32? = nil
  ) -> Result<Int32, Failure> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags: Int32 = 0
    if detached {
      for descriptor: Int32 in 0...2 {
        posix_spawn_file_actions_addopen(
          &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
      }
      // glibc's POSIX_SPAWN_SETSID (2.26 and later), which Swift's Glibc module leaves
      // out: a session of its own, so the terminal's signals and hangup never reach it.
      flags |= 0x80
    } else if let terminal {
      for descriptor: Int32 in 0...2 {
        posix_spawn_file_actions_adddup2(&actions, terminal, descriptor)
      }
    }
    if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) }
    startsWithDefaultSignals(&attributes, flags: flags)
    let cArguments = argumentVector(arguments)
    defer { for pointer in cArguments { pointer?.deallocate() } }
    let ignored = detached ? nil : ignoreTerminalKeys()
    defer { if let ignored { restore(ignored) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArguments, environ)
    guard spawned == 0 else { return .failure(.spawn(String(cString: strerror(spawned)))) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return .failure(.spawn(String(cString: strerror(errno)))) }
    }
    let signal = status & 0x7F
    if signal != 0 { return .failure(.signal(signal)) }
    return .success((status >> 8) & 0xFF)
  }

  /// Sets `attributes` so the program starts with no signal blocked and every action at
  /// its default (an ignored Ctrl-C or SIGPIPE of the gallery's would otherwise be
  /// inherited), with `flags` besides.
  static func startsWithDefaultSignals(_ attributes: inout posix_spawnattr_t, flags: Int32 = 0) {
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(flags | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  }

  /// `arguments` as a C argument vector of their bytes, ended by nil; the caller
  /// deallocates each string.
  static func argumentVector(_ arguments: [String]) -> [UnsafeMutablePointer<CChar>?] {
    var vector: [UnsafeMutablePointer<CChar>?] = arguments.map { argument in
      let bytes = PathBytes.fileSystemBytes(argument)
      let string = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { string[index] = CChar(bitPattern: byte) }
      string[bytes.count] = 0
      return string
    }
    vector.append(nil)
    return vector
  }

  /// The actions of SIGINT, SIGQUIT and SIGTSTP before a waited program ran.
  struct SavedActions {
    var interrupt = sigaction()
    var quit = sigaction()
    var stop = sigaction()
  }

  /// While a waited program runs: Ctrl-C and Ctrl-\ are for it alone, and Ctrl-Z stops
  /// the gallery with it (the default action) rather than running the gallery's handler
  /// on a screen it has handed over.
  private static func ignoreTerminalKeys() -> SavedActions {
    var saved = SavedActions()
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    var standard = sigaction()
    standard.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&standard.sa_mask)
    sigaction(SIGINT, &ignore, &saved.interrupt)
    sigaction(SIGQUIT, &ignore, &saved.quit)
    sigaction(SIGTSTP, &standard, &saved.stop)
    return saved
  }

  private static func restore(_ saved: SavedActions) {
    var saved = saved
    sigaction(SIGINT, &saved.interrupt, nil)
    sigaction(SIGQUIT, &saved.quit, nil)
    sigaction(SIGTSTP, &saved.stop, nil)
  }
}

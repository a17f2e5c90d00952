import Foundation
import Gallery
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The opener as a program: `$GALLERY_OPENER` (a shell command the paths are appended
/// to, like `$EDITOR`), else `xdg-open` once per picture (it takes one file).
///
/// Two ways to run it:
/// - **waited** (a terminal program such as `timg`, or any opener without a graphical
///   session): the terminal is handed over as Ctrl-Z hands it over, the program runs on
///   it in the gallery's process group and is waited for. Meanwhile the gallery ignores
///   Ctrl-C and Ctrl-\ (they are for the program, as `system(3)` does) and Ctrl-Z stops
///   both, so `fg` brings both back.
/// - **detached** (`xdg-open` in a graphical session, which starts a window and may
///   otherwise stay until that window closes): started in a session of its own with no
///   terminal, not waited for; the gallery goes on at once.
///
/// The command runs through `/bin/sh -c`, so it can carry arguments and quotes. A
/// command that cannot be found or run is a failure, not a crash: the shell says so
/// with status 127 or 126 (checked before detaching too). Each path is one argument,
/// its real bytes (`PathBytes`): a name that is not UTF-8 reaches the program as the
/// name of its file.
public struct ProcessOpener: PictureOpener {
  /// How the program is run.
  public enum Mode: String, Sendable, CaseIterable {
    /// `detach` for `xdg-open` in a graphical session (`DISPLAY` or `WAYLAND_DISPLAY`),
    /// `wait` otherwise.
    case auto
    case wait
    case detach
  }

  /// The shell command; the paths follow it as arguments.
  public let command: String
  /// Whether the command takes one file at a time (run once per picture).
  public let takesOneFile: Bool
  /// Waited for or detached (never `.auto`).
  public let mode: Mode

  /// The opener the environment asks for: `GALLERY_OPENER`, else `configured` (the
  /// configuration file's `opener`), else `xdg-open`; `mode` resolved for the session.
  public init(environment: [String: String], configured: String? = nil, mode: Mode = .auto) {
    let chosen = [environment["GALLERY_OPENER"], configured].compactMap { $0 }
      .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    command = chosen ?? "xdg-open"
    takesOneFile = chosen == nil
    if mode != .auto {
      self.mode = mode
    } else {
      let graphical = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]]
        .contains { !($0 ?? "").isEmpty }
      self.mode = chosen == nil && graphical ? .detach : .wait
    }
  }

  public init(command: String, takesOneFile: Bool = false, mode: Mode) {
    self.command = command
    self.takesOneFile = takesOneFile
    self.mode = mode == .auto ? .wait : mode
  }

  public var needsTerminal: Bool { mode == .wait }

  /// The program: the command's first word.
  var program: String {
    String(command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "opener")
  }

  /// The program's name for messages, without its folder.
  var programName: String { PathName.lastComponent(program) }

  /// The shell script that runs the command on `"$@"`.
  var script: String {
    let run = takesOneFile ? "for f do \(command) \"$f\" || exit; done" : "\(command) \"$@\""
    guard mode == .detach else { return run }
    // Detached: fail now if the program is not there, then leave it running alone.
    let detached =
      takesOneFile
      ? "for f do \(command) \"$f\" & done" : "\(command) \"$@\" &"
    return "command -v \(program) >/dev/null 2>&1 || exit 127\n\(detached)"
  }

  public func open(_ paths: [String], terminal: Int32?) -> OpenOutcome {
    guard !paths.isEmpty else { return .opened(count: 0, program: programName) }
    let status = run(paths, terminal: terminal)
    switch status {
    case .success(let code) where code == 0:
      return .opened(count: paths.count, program: programName)
    case .success(127):
      return .failed("cannot open: \(programName) not found (set GALLERY_OPENER)")
    case .success(126):
      return .failed("cannot open: \(programName) cannot be run")
    case .success(let code):
      return .failed("\(programName) failed (exit status \(code))")
    case .failure(.signal(let signal)):
      return .failed("\(programName) ended by signal \(signal)")
    case .failure(.spawn(let reason)):
      return .failed("cannot open: cannot start /bin/sh (\(reason))")
    }
  }

  enum RunError: Error {
    case signal(Int32)
    case spawn(String)
  }

  /// Runs the script on `paths` and waits for the shell.
  private func run(_ paths: [String], terminal: Int32?) -> Result<Int32, RunError> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if mode == .detach {
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
    // The program starts with no signal blocked and every action at its default (an
    // ignored Ctrl-C would otherwise be inherited).
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let cArguments = Self.argumentVector(["sh", "-c", script, "gallery-opener"] + paths)
    defer { for pointer in cArguments { pointer?.deallocate() } }
    let ignored = mode == .wait ? Self.ignoreTerminalKeys() : nil
    defer { if let ignored { Self.restore(ignored) } }
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

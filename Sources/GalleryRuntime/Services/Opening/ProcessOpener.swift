import FoundationEssentials
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
package struct ProcessOpener: PictureOpener {
  /// How the program is run.
  package enum Mode: String, Sendable, CaseIterable {
    /// `detach` for `xdg-open` in a graphical session (`DISPLAY` or `WAYLAND_DISPLAY`),
    /// `wait` otherwise.
    case auto
    case wait
    case detach
  }

  /// The shell command; the paths follow it as arguments.
  package let command: String
  /// Whether the command takes one file at a time (run once per picture).
  package let takesOneFile: Bool
  /// Waited for or detached (never `.auto`).
  package let mode: Mode

  /// The opener the environment asks for: `GALLERY_OPENER`, else `configured` (the
  /// configuration file's `opener`), else `xdg-open`; `mode` resolved for the session.
  package init(environment: [String: String], configured: String? = nil, mode: Mode = .auto) {
    let chosen = [environment["GALLERY_OPENER"], configured].compactMap { $0 }
      .first { !$0.trimmingSpaces().isEmpty }
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

  package init(command: String, takesOneFile: Bool = false, mode: Mode) {
    self.command = command
    self.takesOneFile = takesOneFile
    self.mode = mode == .auto ? .wait : mode
  }

  package var needsTerminal: Bool { mode == .wait }

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

  package func open(_ paths: [String], terminal: Int32?) -> OpenOutcome {
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

  /// Runs the script on `paths` and waits for the shell.
  private func run(_ paths: [String], terminal: Int32?) -> Result<Int32, ShellRun.Failure> {
    ShellRun.run(
      ["sh", "-c", script, "gallery-opener"] + paths, terminal: terminal,
      detached: mode == .detach)
  }
}

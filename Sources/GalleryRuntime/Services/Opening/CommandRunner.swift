import FoundationEssentials
import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the user's own commands (`bind KEY = run COMMAND`, `run-detached`) and the key
/// handler (`Ctrl-X` then a key), and words what became of them for the status line.
package struct CommandRunner: Sendable {
  /// The key handler's path: `$XDG_CONFIG_HOME/gallery/key-handler`; nil without a
  /// configuration folder.
  package let keyHandler: String?

  package init(keyHandler: String?) { self.keyHandler = keyHandler }

  /// The runner the environment asks for: the key handler beside the configuration file.
  package init(environment: [String: String]) {
    let configuration =
      environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? environment["HOME"].map { PathName.join($0, ".config") }
    self.init(keyHandler: configuration.map { PathName.join($0, "gallery/key-handler") })
  }

  /// The shell script for `command`: the paths come as the script's arguments, so `%f`,
  /// `%d` and `%m` become quoted references to them wherever they stand
  /// (`UserCommand.shellLine`) and the shell never reads a name as code, whatever its
  /// bytes; a placeholder in code another program reads is refused there.
  /// The focused path and its folder are exported, for the scripts of other shells
  /// (`sh -c '… %f …'`). A failure for a line that cannot be quoted safely (the
  /// configuration refuses such a line when it is read).
  static func script(for command: UserCommand) -> Result<String, UserCommand.Problem> {
    let body: String
    do throws(UserCommand.Problem) {
      body = try command.shellLine()
    } catch {
      return .failure(error)
    }
    let prelude =
      "gallery_focused=$1; gallery_folder=$2; shift 2; export gallery_focused gallery_folder\n"
    guard command.isDetached else { return .success(prelude + body) }
    // Detached: fail now if the program is not there, then leave it running alone.
    return .success(
      prelude + "command -v \(command.name) >/dev/null 2>&1 || exit 127\n{ \(body)\n} &")
  }

  /// Runs `command` on the pictures; `terminal` is the device for a waited command.
  package func run(
    _ command: UserCommand, focused: String, marked: [String], terminal: Int32?
  ) -> (summary: String, isFailure: Bool) {
    let script: String
    switch Self.script(for: command) {
    case .success(let made): script = made
    case .failure(let problem):
      return ("\(TextSanitizer.sanitize(command.name)) not run: \(problem.message)", true)
    }
    let status = ShellRun.run(
      ["sh", "-c", script, "gallery-command", focused, PathName.parent(focused)]
        + marked, terminal: terminal, detached: command.isDetached)
    return Self.outcome(status, name: command.name, detached: command.isDetached)
  }

  /// Runs the key handler with `key`'s name and the paths on its standard input, one a
  /// line; a path with a newline in it is never handed over, since it would read as two.
  package func runKeyHandler(key: String, paths: [String], terminal: Int32?) -> (
    summary: String, isFailure: Bool
  ) {
    if let problem = keyHandlerProblem(paths: paths) { return (problem, true) }
    guard let keyHandler else { return ("no key handler", true) }
    let shown = "key-handler"
    guard let input = Self.inputFile(paths.map { PathBytes.fileSystemBytes($0) + [0x0A] }) else {
      return ("\(shown) not run: no temporary file for its input", true)
    }
    defer { close(input) }
    let result = ShellRun.run(
      ["sh", "-c", "exec \"$0\" \"$@\"", keyHandler, key], terminal: terminal, detached: false,
      input: input)
    return Self.outcome(result, name: "\(shown) \(key)", detached: false)
  }

  /// Why the key handler cannot run on `paths`, nil when it can: asked before the
  /// terminal is handed over, so a missing handler is a message, not a blink of the shell.
  package func keyHandlerProblem(paths: [String]) -> String? {
    guard let keyHandler else { return "no key handler: HOME is not set" }
    var status = stat()
    guard PathBytes.withFileSystemRepresentation(keyHandler, { stat($0, &status) }) == 0 else {
      return "no key handler: make \(TextSanitizer.sanitize(keyHandler)) (see gallery(1))"
    }
    guard PathBytes.withFileSystemRepresentation(keyHandler, { access($0, X_OK) }) == 0 else {
      return "key-handler cannot be run: make it executable (chmod +x)"
    }
    if paths.contains(where: { $0.contains("\n") }) {
      return "key-handler not run: a name holds a newline, which its input cannot carry"
    }
    return nil
  }

  /// An open file holding `lines`, read from its start, with no name left behind.
  private static func inputFile(_ lines: [[UInt8]]) -> Int32? {
    let folder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    var template =
      Array(PathBytes.fileSystemBytes(PathName.join(folder, "gallery-keys.XXXXXX")))
      .map { CChar(bitPattern: $0) } + [0]
    let file = mkstemp(&template)
    guard file >= 0 else { return nil }
    // Our own temporary file: its name goes at once, the open file stays for the handler.
    unlink(template)
    do throws(SystemError) {
      try DescriptorIO.writeAll(lines.flatMap { $0 }, to: file)
    } catch {
      close(file)
      return nil
    }
    lseek(file, 0, SEEK_SET)
    return file
  }

  private static func outcome(
    _ status: Result<Int32, ShellRun.Failure>, name: String, detached: Bool
  )
    -> (summary: String, isFailure: Bool)
  {
    let name = TextSanitizer.sanitize(name)
    switch status {
    case .success(0): return (detached ? "\(name) started" : "\(name) ran", false)
    case .success(127): return ("\(name): not found", true)
    case .success(126): return ("\(name): cannot be run", true)
    case .success(let code): return ("\(name) failed (exit status \(code))", true)
    case .failure(.signal(let signal)): return ("\(name) ended by signal \(signal)", true)
    case .failure(.spawn(let reason)): return ("cannot start /bin/sh (\(reason))", true)
    }
  }
}

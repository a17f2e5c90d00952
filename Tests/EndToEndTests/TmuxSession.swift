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
    // The runner's threads block signals, and a child inherits the mask (through tmux,
    // down to the program under test): start it with none blocked and default actions.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
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

/// A private tmux server with one session for the gallery's end-to-end tests: a unique
/// socket each, no user configuration, no status line (the pane is the whole window).
final class TmuxSession: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let socket: String
  let target = "e2e"
  let directory: String
  static let prompt = "READY> "

  private init(socket: String, directory: String) {
    self.socket = socket
    self.directory = directory
  }

  /// Starts a detached `width × height` session running `bash` in a clean environment
  /// (UTF-8 locale, `TERM=tmux-256color`, prompt `READY> `) and waits for the prompt.
  static func start(width: Int, height: Int) async throws -> TmuxSession {
    let unique = "gallery-app-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    let directory = NSTemporaryDirectory() + unique
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let config = directory + "/tmux.conf"
    try Data(
      "set -g status off\nset -g escape-time 10\nset -g default-terminal tmux-256color\n".utf8
    )
    .write(to: URL(fileURLWithPath: config))
    let session = TmuxSession(socket: unique, directory: directory)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    do {
      try session.tmux([
        "-f", config, "new-session", "-d", "-s", session.target, "-x", String(width), "-y",
        String(height), "-c", directory, "env", "-i", "PATH=\(path)", "HOME=\(directory)",
        "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TERM=tmux-256color", "PS1=\(prompt)", "bash", "--norc",
        "--noprofile",
      ])
      try await session.waitUntil("the prompt") { $0.contains("READY>") }
    } catch {
      session.kill()
      throw error
    }
    return session
  }

  /// Types a command line and presses Enter.
  func run(_ commandLine: String) throws {
    try tmux(["send-keys", "-t", target, "-l", commandLine])
    try tmux(["send-keys", "-t", target, "Enter"])
  }

  /// Sends keys by tmux name (`Down`, `PageDown`, `Escape`, `q`).
  func sendKeys(_ keys: String...) throws { try tmux(["send-keys", "-t", target] + keys) }

  /// Resizes the window; the program gets a SIGWINCH.
  func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", target, "-x", String(width), "-y", String(height)])
  }

  /// The screen as text, trailing spaces trimmed.
  func capture() throws -> String { try tmux(["capture-pane", "-p", "-t", target]) }

  /// The screen with its SGR sequences.
  func captureWithEscapes() throws -> String {
    try tmux(["capture-pane", "-p", "-e", "-t", target])
  }

  /// Polls every 40 ms until `predicate` holds and returns that screen, or throws with
  /// the last screen when `deadline` passes.
  @discardableResult
  func waitUntil(
    deadline: Duration = .seconds(10), _ what: String = "the expected screen",
    _ predicate: (String) -> Bool
  ) async throws -> String {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: deadline)
    var screen = ""
    while true {
      screen = try capture()
      if predicate(screen) { return screen }
      if clock.now >= end { break }
      try await Task.sleep(for: .milliseconds(40))
    }
    throw Failure(
      description: "timed out after \(deadline) waiting for \(what); screen:\n\(screen)")
  }

  @discardableResult
  func waitUntil(contains text: String, deadline: Duration = .seconds(10)) async throws -> String {
    try await waitUntil(deadline: deadline, "“\(text)”") { $0.contains(text) }
  }

  /// Sends `signal` to the programs the pane's shell is running.
  func signalProgram(_ signal: Int32) throws {
    let text = try tmux(["display-message", "-p", "-t", target, "#{pane_pid}"])
    guard let shell = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw Failure(description: "no pane pid: \(text)")
    }
    let children =
      (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
    let pids = children.split(separator: " ").compactMap { Int32($0) }
    guard !pids.isEmpty else { throw Failure(description: "no program running in the pane") }
    for pid in pids { _ = Glibc.kill(pid, signal) }
  }

  /// Stops the server and removes the scratch folder. Safe to call twice.
  func kill() {
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(atPath: directory)
  }

  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    let outcome = try Spawn.run(["tmux", "-L", socket] + arguments)
    guard outcome.status == 0 else {
      throw Failure(
        description: "tmux \(arguments.joined(separator: " ")) failed: \(outcome.errors)")
    }
    return outcome.output
  }
}

/// The gallery binary built by `swift build` (`.build/debug/gallery`).
enum GalleryBinary {
  static func path(file: String = #filePath) throws -> String {
    let root = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let path = root.appendingPathComponent(".build/debug/gallery").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw Spawn.Failure(
        description: "\(path) is missing: run `swift build --product gallery` first")
    }
    return path
  }
}

import Foundation
import TestSupport

/// A private tmux server with one session, for driving a terminal program the
/// way a person would and reading the screen back.
///
/// Each instance starts its own server on a unique socket (`tmux -L <name>`),
/// so tests run in parallel without seeing each other, and no user
/// configuration is read (`-f` points at a config written here: no status
/// line, so the pane is exactly `width × height`). A session holds one of the
/// shared `SessionSlots` from `start` to `kill`. Always call `kill()` at the
/// end (a `defer` right after `start`); it also removes the scratch directory
/// and the socket file. Every command is a process waited for off the
/// cooperative pool (`Subprocess`).
///
/// Typical use:
///
///     let tmux = try await Tmux.start(width: 100, height: 30)
///     defer { tmux.kill() }
///     try await tmux.run("TERM=xterm-256color \(binary)")
///     try await tmux.waitUntil(contains: "100x30")
///     try await tmux.sendKeys("Down")
///     try await tmux.resize(width: 60, height: 20)
///     let screen = try await tmux.waitUntil { $0.contains("60x20") }
///
/// Assertions poll the screen until it matches or a deadline passes
/// (`waitUntil`); never sleep and then assert.
final class Tmux: @unchecked Sendable {
  /// Why a tmux interaction failed; the message shows the last screen.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The socket name passed to `tmux -L`.
  let socket: String
  /// The target of every command: the session's only pane.
  let target = "e2e"
  /// A scratch directory for this session (config, files a test writes).
  let directory: URL
  /// The socket's path, known once the server runs; `kill` removes it.
  private var socketPath: String?
  /// Set by the first `kill`, under `killLock`.
  private var killed = false
  private let killLock = NSLock()
  /// The text the shell prints as its prompt (the space after it is not part
  /// of a capture: tmux trims trailing spaces).
  static let prompt = "READY>"

  private init(socket: String, directory: URL) {
    self.socket = socket
    self.directory = directory
  }

  /// Starts a detached session of `width × height` running `bash` with an empty
  /// environment apart from `environment`, `PATH`, `HOME`, `TERM=tmux-256color`,
  /// a UTF-8 locale and a prompt of `Tmux.prompt`; waits for a free session slot, then
  /// until the prompt shows (the deadline counts from the slot).
  static func start(
    width: Int, height: Int, environment: [String: String] = [:],
    deadline: Duration = .seconds(10)
  ) async throws -> Tmux {
    await SessionSlots.shared.acquire()
    let unique = "gallery-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(unique)
    let tmux = Tmux(socket: unique, directory: directory)
    do {
      try await tmux.startServer(width: width, height: height, environment: environment)
      try await tmux.waitUntil(deadline: deadline, "the shell prompt") { $0.contains(prompt) }
    } catch {
      // Also gives the slot back.
      tmux.kill()
      throw error
    }
    return tmux
  }

  /// Writes the configuration and starts the server with its one session.
  private func startServer(width: Int, height: Int, environment: [String: String])
    async throws
  {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let config = directory.appendingPathComponent("tmux.conf")
    try Data(
      """
      set -g status off
      set -g default-terminal tmux-256color
      set -g escape-time 10
      set -g history-limit 1000
      """.utf8
    ).write(to: config)
    var variables: [String: String] = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": directory.path, "PS1": Self.prompt + " ", "TERM": "tmux-256color",
      "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
    ]
    variables.merge(environment) { _, new in new }
    let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    var arguments = [
      "-f", config.path, "new-session", "-d", "-s", target, "-x", String(width), "-y",
      String(height), "-c", directory.path, "env", "-i",
    ]
    arguments += assignments
    arguments += ["bash", "--norc", "--noprofile"]
    try await tmux(arguments)
    socketPath = try await tmux(["display-message", "-p", "#{socket_path}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Types a shell command line and presses Enter.
  func run(_ commandLine: String) async throws {
    try await tmux(["send-keys", "-t", target, "-l", commandLine])
    try await tmux(["send-keys", "-t", target, "Enter"])
  }

  /// Types a shell command line, presses Enter, and waits until the shell prompts again:
  /// for a command whose output a test reads line by line, so the next line typed is not
  /// echoed by the terminal before the shell has read it.
  func runToCompletion(_ commandLine: String, deadline: Duration = .seconds(10)) async throws {
    let before = try await capture().components(separatedBy: Self.prompt).count
    try await run(commandLine)
    try await waitUntil(deadline: deadline, "the prompt after \(commandLine)") {
      $0.components(separatedBy: Self.prompt).count > before
    }
  }

  /// Sends keys by tmux name (`Down`, `PageDown`, `C-c`, `Escape`, `q`, `Enter`).
  func sendKeys(_ keys: String...) async throws {
    try await tmux(["send-keys", "-t", target] + keys)
  }

  /// Types text literally, character by character.
  func type(_ text: String) async throws {
    try await tmux(["send-keys", "-t", target, "-l", text])
  }

  /// Waits until the screen (with its colours) has not changed for `quiet`, and
  /// returns it: for comparing whole screens once late thumbnails have landed.
  @discardableResult
  func waitUntilSteady(quiet: Duration = .seconds(1), deadline: Duration = .seconds(20))
    async throws -> String
  {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: deadline)
    var screen = try await captureWithEscapes(keepingTrailingSpaces: true)
    var since = clock.now
    while clock.now < end {
      try await Task.sleep(for: .milliseconds(100))
      let next = try await captureWithEscapes(keepingTrailingSpaces: true)
      if next != screen {
        screen = next
        since = clock.now
      } else if since.duration(to: clock.now) >= quiet {
        return screen
      }
    }
    throw Failure(description: "the screen kept changing for \(deadline):\n\(screen)")
  }

  /// Clears the pane's screen behind the program's back (tmux resets its terminal
  /// state), so only a full repaint brings the picture back.
  func clearBehindTheProgram() async throws {
    try await tmux(["send-keys", "-R", "-t", target])
  }

  /// What a mouse does, as `mouse(_:x:y:)` reports it.
  enum MouseAction {
    case click, doubleClick, wheelUp, wheelDown
    /// The primary button held down, moved with it held, let go: a drag in three reports.
    case press, drag, release
  }

  /// Reports a mouse action at column `x`, row `y` (0-based) the way an xterm in
  /// SGR mouse mode (1006, which ncurses turns on) does. tmux cannot click by
  /// itself, so the reports are typed into the pane as the terminal would send them.
  func mouse(_ action: MouseAction, x: Int, y: Int) async throws {
    func report(_ button: Int, _ final: String) -> String {
      "\u{1B}[<\(button);\(x + 1);\(y + 1)\(final)"
    }
    let click = report(0, "M") + report(0, "m")
    switch action {
    case .click: try await type(click)
    // In one write, so both clicks land within ncurses' click interval.
    case .doubleClick: try await type(click + click)
    case .wheelUp: try await type(report(64, "M"))
    case .wheelDown: try await type(report(65, "M"))
    case .press: try await type(report(0, "M"))
    case .drag: try await type(report(32, "M"))
    case .release: try await type(report(0, "m"))
    }
  }

  /// Resizes the window (and the pane) to `width × height`; the program sees a
  /// SIGWINCH.
  func resize(width: Int, height: Int) async throws {
    try await tmux(["resize-window", "-t", target, "-x", String(width), "-y", String(height)])
  }

  /// The screen as plain text, one line per row, trailing spaces trimmed.
  func capture() async throws -> String {
    try await tmux(["capture-pane", "-p", "-t", target])
  }

  /// The screen with its SGR escape sequences (`capture-pane -e`), for checks on
  /// colours and attributes.
  ///
  /// `keepingTrailingSpaces` keeps the blanks at the ends of lines: tmux otherwise
  /// drops trailing blanks that were erased with a background colour, which a full
  /// repaint writes as spaces instead.
  func captureWithEscapes(keepingTrailingSpaces: Bool = false) async throws -> String {
    try await tmux(
      ["capture-pane", "-p", "-e"] + (keepingTrailingSpaces ? ["-N"] : []) + ["-t", target])
  }

  /// Polls the screen every 40 ms until `predicate` holds on the same screen twice in a
  /// row, and returns that screen; throws a `Failure` showing the last screen when `deadline` passes.
  /// `moving`: the screen never stands still (a video playing), so two polls in a row
  /// that both match will do, whatever else changed between them.
  @discardableResult
  func waitUntil(
    deadline: Duration = .seconds(10), _ what: String = "the expected screen",
    escapes: Bool = false, moving: Bool = false, _ predicate: (String) -> Bool
  ) async throws -> String {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: deadline)
    var screen = ""
    var candidate: String?
    while true {
      screen = try await (escapes ? captureWithEscapes() : capture())
      // A capture can land in the middle of a frame being written (the top already
      // new, the status line not yet), so a match counts once the same screen is
      // seen on two polls in a row.
      if predicate(screen) {
        if screen == candidate || (moving && candidate != nil) { return screen }
        candidate = screen
      } else {
        candidate = nil
      }
      if clock.now >= end { break }
      try await Task.sleep(for: .milliseconds(40))
    }
    if let candidate { return candidate }
    throw Failure(
      description: "timed out after \(deadline) waiting for \(what); screen:\n\(screen)")
  }

  /// Waits until the screen contains `text`.
  @discardableResult
  func waitUntil(contains text: String, deadline: Duration = .seconds(10)) async throws -> String {
    try await waitUntil(deadline: deadline, "“\(text)”") { $0.contains(text) }
  }

  /// Waits until the shell has no child process left (the program exited),
  /// polling every 40 ms; throws a `Failure` with the screen after `deadline`.
  func waitUntilProgramExits(deadline: Duration = .seconds(10)) async throws {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: deadline)
    while try await !programPIDs().isEmpty {
      if clock.now >= end {
        let threads = try await programPIDs().map(Self.threadStates).joined(separator: "\n")
        throw Failure(
          description: """
            the program did not exit in \(deadline); its threads:
            \(threads)
            screen:
            \(try await capture())
            """)
      }
      try await Task.sleep(for: .milliseconds(40))
    }
  }

  /// The process id of the pane's shell.
  func shellPID() async throws -> Int32 {
    let text = try await tmux(["display-message", "-p", "-t", target, "#{pane_pid}"])
    guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw Failure(description: "tmux gave no pane pid: \(text)")
    }
    return pid
  }

  /// The ids of the shell's child processes (the running program), from
  /// `/proc/<pid>/task/<pid>/children` (Linux).
  func programPIDs() async throws -> [Int32] {
    let shell = try await shellPID()
    let path = "/proc/\(shell)/task/\(shell)/children"
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: " ").compactMap { Int32($0) }
  }

  /// Each thread of process `pid` as `name state wait-channel`, from `/proc` (Linux): what
  /// a program that did not exit was doing.
  static func threadStates(_ pid: Int32) -> String {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.sorted().map { task in
      let base = "/proc/\(pid)/task/\(task)"
      let read = { (name: String) in
        ((try? String(contentsOfFile: "\(base)/\(name)", encoding: .utf8)) ?? "?")
          .trimmingCharacters(in: .whitespacesAndNewlines)
      }
      // The state is the field after the parenthesised name.
      let stat = read("stat")
      let state = stat.range(of: ") ").map { String(stat[$0.upperBound...].prefix(1)) } ?? "?"
      return "  \(pid)/\(task) \(read("comm")) \(state) \(read("wchan"))"
    }.joined(separator: "\n")
  }

  /// Sends `signal` to the program the shell is running (not to the shell).
  func signalProgram(_ signal: Int32) async throws {
    let pids = try await programPIDs()
    guard !pids.isEmpty else { throw Failure(description: "no program is running in the pane") }
    for pid in pids { _ = Foundation.kill(pid, signal) }
  }

  /// Stops the server (and every process in it), removes the scratch directory and the
  /// socket, and gives the session's slot back: at once, the waiting done on a thread of
  /// its own, so it can run in a `defer`. Safe to call twice.
  func kill() {
    killLock.lock()
    let first = !killed
    killed = true
    killLock.unlock()
    guard first else { return }
    let (directory, socketPath, socket) = (directory, socketPath, socket)
    let cleanUp: @Sendable () -> Void = {
      if let socketPath, socketPath.hasSuffix("/" + socket) { unlink(socketPath) }
      try? FileManager.default.removeItem(at: directory)
      SessionSlots.shared.release()
    }
    guard let pid = try? Subprocess.start(["tmux", "-L", socket, "kill-server"]) else {
      cleanUp()
      return
    }
    Subprocess.whenEnded(pid) { _ in cleanUp() }
  }

  /// Runs `tmux -L <socket> arguments…` and returns its standard output.
  @discardableResult
  func tmux(_ arguments: [String]) async throws -> String {
    let outcome = try await Subprocess.run(["tmux", "-L", socket] + arguments)
    guard outcome.status == 0 else {
      throw Failure(
        description: "tmux \(arguments.joined(separator: " ")) failed: \(outcome.errors)")
    }
    return outcome.output
  }
}

extension Tmux {
  /// After a program left: asks the shell for the exit status and whether the tty modes
  /// equal those saved in `stty.before`, and waits until that answer and the next prompt
  /// are both on screen (the shell writes them one after the other). Returns the screen.
  func shellReport() async throws -> String {
    try await run(
      #"printf 'RESULT:%s:%s\n' "$?" "$(stty -g | cmp -s - stty.before && echo same-tty)""#)
    return try await waitUntil("the exit status and the prompt") { screen in
      let lines = screen.split(separator: "\n")
      // The output line, not the typed command (which also holds "RESULT:").
      let last = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
      return lines.contains { $0.hasPrefix("RESULT:") } && last.hasPrefix(Tmux.prompt)
    }
  }
}

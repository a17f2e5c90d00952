import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real terminal window (xterm with sixel, or kitty) on a private Xvfb
/// display, for checking pictures by their pixels.
///
/// Each instance starts its own X server on a display of its own, so tests
/// run in parallel. Keys go in with `xdotool` after
/// focusing the window (`windowfocus --sync`; xterm ignores keys otherwise),
/// screenshots come out with ImageMagick's `import -window`. Always `close()`
/// at the end (a `defer` right after `launch`).
final class XTerminal: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  enum Kind: String, Sendable {
    /// `xterm -ti vt340` with 256 colour registers.
    case sixelXterm
    /// Debian's kitty (0.26), software OpenGL.
    case kitty
  }

  /// Why these tests cannot run here, or nil when they can: an X server must
  /// start. Under CI the tests run anyway (and fail with this reason), so a
  /// missing package never passes silently.
  static let unavailableReason: String? = {
    for tool in [
      "/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/import", "/usr/bin/xwininfo",
      "/usr/bin/xdpyinfo",
    ]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      return
        "\(tool) is missing: `make test-deps` installs xvfb, xterm, kitty, xdotool, imagemagick, x11-utils"
    }
    return nil
  }()

  /// Whether the tests run: X can start, or CI wants them run regardless.
  static var shouldRun: Bool {
    unavailableReason == nil || ProcessInfo.processInfo.environment["CI"] == "true"
  }

  let directory: URL
  let display: String
  private var serverPID: pid_t = 0
  private var terminalPID: pid_t = 0
  private(set) var window = ""

  private init(directory: URL, display: String, serverPID: pid_t) {
    self.directory = directory
    self.display = display
    self.serverPID = serverPID
  }

  /// Starts an X server and `kind` running `command` (a shell command line) in
  /// a window of `columns × rows` cells; waits until the window shows.
  static func launch(
    _ kind: Kind, command: String, columns: Int = 80, rows: Int = 24
  ) async throws -> XTerminal {
    // Parallel tests race for displays; a terminal that finds its display gone (another
    // test's server answered our probe, then left) gets a second server.
    do {
      return try await launchOnce(kind, command: command, columns: columns, rows: rows)
    } catch let failure as Failure where failure.description.contains("Can't open display") {
      return try await launchOnce(kind, command: command, columns: columns, rows: rows)
    }
  }

  private static func launchOnce(
    _ kind: Kind, command: String, columns: Int, rows: Int
  ) async throws -> XTerminal {
    if let reason = unavailableReason { throw Failure(description: reason) }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-x-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // A random display number, tried until a server holds it: parallel tests
    // race for the low numbers (and `-displayfd`'s choice raced too).
    var started: XTerminal?
    for _ in 0..<6 {
      let display = ":\(Int.random(in: 200...899))"
      let server = try Background.spawn(
        ["/usr/bin/Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
      let candidate = XTerminal(directory: directory, display: display, serverPID: server)
      let ready = try? await candidate.poll("the X server on \(display)", deadline: .seconds(5)) {
        guard Background.isRunning(server) else { throw Failure(description: "Xvfb exited") }
        return try Spawn.run(["xdpyinfo", "-display", display]).status == 0
      }
      if ready != nil, Background.isRunning(server) {
        started = candidate
        break
      }
      Background.stop(server)
    }
    guard let terminal = started else {
      try? FileManager.default.removeItem(at: directory)
      throw Failure(description: "Xvfb did not start on any of six displays")
    }
    do {
      try await terminal.start(kind, command: command, columns: columns, rows: rows)
    } catch {
      terminal.close()
      throw error
    }
    return terminal
  }

  private func start(_ kind: Kind, command: String, columns: Int, rows: Int) async throws {
    let arguments: [String]
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    switch kind {
    case .sixelXterm:
      arguments = [
        "/usr/bin/xterm", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm",
        "XTerm*numColorRegisters: 256", "-b", "0", "-fa", "DejaVu Sans Mono", "-fs", "9",
        "-geometry", "\(columns)x\(rows)+0+0", "-bg", "black", "-fg", "white", "-e", "sh", "-c",
        command,
      ]
    case .kitty:
      environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
      arguments = [
        "/usr/bin/kitty", "--config", "NONE", "-o", "font_size=9", "-o",
        "remember_window_size=no", "-o", "initial_window_width=\(columns)c", "-o",
        "initial_window_height=\(rows)c", "-o", "window_padding_width=0", "sh", "-c", command,
      ]
    }
    let log = directory.appendingPathComponent("terminal.log").path
    terminalPID = try Background.spawn(arguments, environment: environment, output: log)
    // The terminal's viewable window (kitty also makes hidden ones); the only
    // terminal on this display, so found by its class.
    let windowClass = kind == .kitty ? "kitty" : "xterm"
    do {
      try await poll("the terminal's window", deadline: .seconds(20)) {
        // Finding nothing yet is status 1.
        let found = try self.x(
          ["xdotool", "search", "--onlyvisible", "--class", windowClass], check: false)
        guard let id = found.split(separator: "\n").first else { return false }
        self.window = String(id)
        return true
      }
    } catch {
      let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw Failure(description: "\(error); the terminal wrote: \(output.suffix(600))")
    }
    _ = try x(["xdotool", "windowfocus", "--sync", window])
  }

  /// Runs an X tool on this display; its standard output.
  @discardableResult
  func x(_ arguments: [String], check: Bool = true) throws -> String {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    let outcome = try Spawn.run(arguments, environment: environment)
    guard outcome.status == 0 || !check else {
      throw Failure(description: "\(arguments.joined(separator: " ")): \(outcome.errors)")
    }
    return outcome.output
  }

  /// Presses keys (xdotool names: Down, Right, o, q).
  func key(_ names: String...) throws {
    for name in names { try x(["xdotool", "key", "--window", window, name]) }
  }

  /// A screenshot of the window, also saved as `name`.png in the scratch
  /// directory (kept when `GALLERY_SHOTS` names a folder to copy it to).
  func screenshot(_ name: String = "shot") throws -> Screenshot {
    let png = directory.appendingPathComponent("\(name).png").path
    let ppm = directory.appendingPathComponent("\(name).ppm").path
    try x(["import", "-window", window, png])
    try x(["convert", png, ppm])
    if let folder = ProcessInfo.processInfo.environment["GALLERY_SHOTS"] {
      try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
      let target = folder + "/\(name).png"
      try? FileManager.default.removeItem(atPath: target)
      try? FileManager.default.copyItem(atPath: png, toPath: target)
    }
    return try Screenshot(ppm: Array(Data(contentsOf: URL(fileURLWithPath: ppm))))
  }

  /// Polls `condition` until it holds or `deadline` passes.
  func poll(
    _ what: String, deadline: Duration = .seconds(10), _ condition: () throws -> Bool
  ) async throws {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: deadline)
    while true {
      if try condition() { return }
      guard clock.now < end else {
        throw Failure(description: "timed out waiting for \(what)")
      }
      try await Task.sleep(for: .milliseconds(100))
    }
  }

  /// Whether the terminal's process is still running.
  var isRunning: Bool { Background.isRunning(terminalPID) }

  func close() {
    if terminalPID > 0 { Background.stop(terminalPID) }
    if serverPID > 0 { Background.stop(serverPID) }
    terminalPID = 0
    serverPID = 0
    try? FileManager.default.removeItem(at: directory)
  }
}

/// A window's pixels.
struct Screenshot {
  let width: Int
  let height: Int
  let rgb: [UInt8]

  /// Reads a binary PPM (P6, maxval 255).
  init(ppm bytes: [UInt8]) throws {
    var index = 0
    func token() -> String {
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
      var text = ""
      while index < bytes.count, bytes[index] != 0x20 && bytes[index] != 0x0A {
        text.append(Character(Unicode.Scalar(bytes[index])))
        index += 1
      }
      return text
    }
    guard token() == "P6", let width = Int(token()), let height = Int(token()), token() == "255"
    else { throw XTerminal.Failure(description: "not a binary PPM") }
    index += 1
    guard bytes.count - index >= width * height * 3 else {
      throw XTerminal.Failure(description: "a short PPM")
    }
    self.width = width
    self.height = height
    rgb = Array(bytes[index..<(index + width * height * 3)])
  }

  func color(x: Int, y: Int) -> (Int, Int, Int) {
    guard x >= 0, y >= 0, x < width, y < height else { return (-1, -1, -1) }
    let at = (y * width + x) * 3
    return (Int(rgb[at]), Int(rgb[at + 1]), Int(rgb[at + 2]))
  }

  /// Whether the pixel at the centre of cell (column, row) is within
  /// `tolerance` of `rgb` on every channel.
  func cell(
    _ column: Int, _ row: Int, cellWidth: Int, cellHeight: Int, is rgb: (Int, Int, Int),
    tolerance: Int = 40
  ) -> Bool {
    let (r, g, b) = color(
      x: column * cellWidth + cellWidth / 2, y: row * cellHeight + cellHeight / 2)
    return abs(r - rgb.0) <= tolerance && abs(g - rgb.1) <= tolerance && abs(b - rgb.2) <= tolerance
  }
}

/// Processes that run alongside a test (an X server, a terminal).
enum Background {
  /// Starts `arguments` without waiting, standard output and error to `output`.
  static func spawn(
    _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
    output: String = "/dev/null"
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Its own process group, so `stop` ends the terminal and its children.
    var attributes = posix_spawnattr_t()
    Spawn.defaultSignals(&attributes, extraFlags: Int32(POSIX_SPAWN_SETPGROUP))
    defer { posix_spawnattr_destroy(&attributes) }
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw XTerminal.Failure(
        description: "cannot run \(arguments[0]): \(String(cString: strerror(result)))")
    }
    return pid
  }

  static func isRunning(_ pid: pid_t) -> Bool {
    var status: Int32 = 0
    return waitpid(pid, &status, WNOHANG) == 0
  }

  /// Ends the process group `pid` leads (TERM, then KILL) and reaps it.
  static func stop(_ pid: pid_t) {
    kill(-pid, SIGTERM)
    var status: Int32 = 0
    for _ in 0..<50 {
      if waitpid(pid, &status, WNOHANG) != 0 { return }
      usleep(20_000)
    }
    kill(-pid, SIGKILL)
    _ = waitpid(pid, &status, 0)
  }
}

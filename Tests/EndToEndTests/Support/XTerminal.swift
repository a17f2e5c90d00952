import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A real terminal window (xterm with sixel, or kitty) on a private Xvfb
/// display, for checking pictures by their pixels.
///
/// Each instance starts its own X server on a display of its own, so tests
/// run in parallel; each holds one of the shared `SessionSlots` from `launch` to
/// `close`. Keys go in with `xdotool` after
/// focusing the window (`windowfocus --sync`; xterm ignores keys otherwise),
/// screenshots come out with ImageMagick's `import -window`. Always `close()`
/// at the end (a `defer` right after `launch`).
///
/// The first kitty of a run waits for kitty's warm-up (`KittyWarmUp`): a kitty that
/// has never started on the machine builds its caches first, which takes seconds that
/// no test's deadline should count.
final class XTerminal: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  enum Kind: String, Sendable {
    /// `xterm -ti vt340` with 256 colour registers.
    case sixelXterm
    /// The same on a white background with black text, as many people set xterm.
    case sixelXtermOnWhite
    /// Debian's kitty (0.26), software OpenGL.
    case kitty
    /// The same on a white background with black text.
    case kittyOnWhite

    /// Whether it is a kitty.
    var isKitty: Bool { self == .kitty || self == .kittyOnWhite }
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
  /// Whether `close` gives a session slot back (the warm-up's terminal holds none).
  private var holdsSlot = false
  private var isClosed = false

  private init(directory: URL, display: String, serverPID: pid_t) {
    self.directory = directory
    self.display = display
    self.serverPID = serverPID
  }

  /// Starts an X server and `kind` running `command` (a shell command line) in
  /// a window of `columns × rows` cells; waits for kitty's warm-up (for kitty) and a free
  /// session slot, then until the window shows.
  static func launch(
    _ kind: Kind, command: String, columns: Int = 80, rows: Int = 24
  ) async throws -> XTerminal {
    if let reason = unavailableReason { throw Failure(description: reason) }
    if kind.isKitty { try await KittyWarmUp.done.value }
    await SessionSlots.shared.acquire()
    let terminal: XTerminal
    do {
      terminal = try await launchRetrying(kind, command: command, columns: columns, rows: rows)
    } catch {
      SessionSlots.shared.release()
      throw error
    }
    terminal.holdsSlot = true
    return terminal
  }

  /// `launchOnce`, again when the display went away: parallel tests race for displays,
  /// and a terminal that finds its display gone (another test's server answered our
  /// probe, then left) gets a second server. The window's deadline is long: kitty drawing
  /// with software GL on a busy machine of two cores took over 20 s to show one.
  static func launchRetrying(
    _ kind: Kind, command: String, columns: Int, rows: Int, windowDeadline: Duration = .seconds(60)
  ) async throws -> XTerminal {
    do {
      return try await launchOnce(
        kind, command: command, columns: columns, rows: rows, windowDeadline: windowDeadline)
    } catch let failure as Failure
      where failure.description.contains("Can't open display")
      || failure.description.contains("Failed to open display")
    {
      return try await launchOnce(
        kind, command: command, columns: columns, rows: rows, windowDeadline: windowDeadline)
    }
  }

  /// The process holding an X display's lock file (`/tmp/.X200-lock` for `:200`), as the
  /// server writes it: its PID in ASCII.
  static func lockHolder(of display: String) -> pid_t? {
    let path = "/tmp/.X\(display.dropFirst())-lock"
    guard let text = try? String(contentsOfFile: path, encoding: .ascii) else { return nil }
    return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  private static func launchOnce(
    _ kind: Kind, command: String, columns: Int, rows: Int, windowDeadline: Duration
  ) async throws -> XTerminal {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-x-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // A random display number, tried until a server holds it: parallel tests
    // race for the low numbers (and `-displayfd`'s choice raced too).
    var started: XTerminal?
    for _ in 0..<6 {
      let display = ":\(Int.random(in: 200...899))"
      let server = try Subprocess.start(
        ["/usr/bin/Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        ownGroup: true)
      let candidate = XTerminal(directory: directory, display: display, serverPID: server)
      let ready: Void? = try? await candidate.poll(
        "the X server on \(display)", deadline: .seconds(5)
      ) {
        guard Subprocess.isRunning(server) else { throw Failure(description: "Xvfb exited") }
        // The display is ours only when our server holds its lock: another test's server
        // on the same number would answer xdpyinfo, then leave with the terminal on it.
        guard Self.lockHolder(of: display) == server else { return false }
        return try await Subprocess.run(["xdpyinfo", "-display", display]).status == 0
      }
      if ready != nil, Subprocess.isRunning(server) {
        started = candidate
        break
      }
      await Subprocess.stop(server)
    }
    guard let terminal = started else {
      try? FileManager.default.removeItem(at: directory)
      throw Failure(description: "Xvfb did not start on any of six displays")
    }
    do {
      try await terminal.start(
        kind, command: command, columns: columns, rows: rows, windowDeadline: windowDeadline)
    } catch {
      terminal.close()
      throw error
    }
    return terminal
  }

  private func start(
    _ kind: Kind, command: String, columns: Int, rows: Int, windowDeadline: Duration
  ) async throws {
    let arguments: [String]
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    switch kind {
    case .sixelXterm, .sixelXtermOnWhite:
      let (paper, ink) = kind == .sixelXterm ? ("black", "white") : ("white", "black")
      arguments = [
        "/usr/bin/xterm", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340", "-xrm",
        "XTerm*numColorRegisters: 256", "-b", "0", "-fa", "DejaVu Sans Mono", "-fs", "9",
        "-geometry", "\(columns)x\(rows)+0+0", "-bg", paper, "-fg", ink, "-e", "sh", "-c",
        command,
      ]
    case .kitty, .kittyOnWhite:
      environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
      let colours =
        kind == .kittyOnWhite ? ["-o", "background=white", "-o", "foreground=black"] : []
      arguments =
        ["/usr/bin/kitty", "--config", "NONE"] + colours + [
          "-o", "font_size=9", "-o",
          "remember_window_size=no", "-o", "initial_window_width=\(columns)c", "-o",
          "initial_window_height=\(rows)c", "-o", "window_padding_width=0", "sh", "-c", command,
        ]
    }
    let log = directory.appendingPathComponent("terminal.log").path
    terminalPID = try Subprocess.start(
      arguments, environment: environment, output: log, ownGroup: true)
    // The terminal's viewable window (kitty also makes hidden ones); the only
    // terminal on this display, so found by its class.
    let windowClass = kind.isKitty ? "kitty" : "xterm"
    do {
      try await poll("the terminal's window", deadline: windowDeadline) {
        // Finding nothing yet is status 1.
        let found = try await self.x(
          ["xdotool", "search", "--onlyvisible", "--class", windowClass], check: false)
        guard let id = found.split(separator: "\n").first else { return false }
        self.window = String(id)
        return true
      }
    } catch {
      let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw Failure(description: "\(error); the terminal wrote: \(output.suffix(600))")
    }
    _ = try await x(["xdotool", "windowfocus", "--sync", window])
  }

  /// Runs an X tool on this display; its standard output.
  @discardableResult
  func x(_ arguments: [String], check: Bool = true) async throws -> String {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    let outcome = try await Subprocess.run(arguments, environment: environment)
    guard outcome.status == 0 || !check else {
      throw Failure(description: "\(arguments.joined(separator: " ")): \(outcome.errors)")
    }
    return outcome.output
  }

  /// Presses keys (xdotool names: Down, Right, o, q).
  func key(_ names: String...) async throws {
    for name in names { try await x(["xdotool", "key", "--window", window, name]) }
  }

  /// A screenshot of the window, also saved as `name`.png in the scratch
  /// directory (kept when `GALLERY_SHOTS` names a folder to copy it to).
  func screenshot(_ name: String = "shot") async throws -> Screenshot {
    let png = directory.appendingPathComponent("\(name).png").path
    let ppm = directory.appendingPathComponent("\(name).ppm").path
    try await x(["import", "-window", window, png])
    try await x(["convert", png, ppm])
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
    _ what: String, deadline: Duration = .seconds(10), _ condition: () async throws -> Bool
  ) async throws {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: deadline)
    while true {
      if try await condition() { return }
      guard clock.now < end else {
        throw Failure(description: "timed out waiting for \(what)")
      }
      try await Task.sleep(for: .milliseconds(100))
    }
  }

  /// Whether the terminal's process is still running.
  var isRunning: Bool { Subprocess.isRunning(terminalPID) }

  /// Ends the terminal, then the X server, removes the scratch directory and gives the
  /// slot back: at once, the waiting done on a thread of its own, so it can run in a
  /// `defer`. Safe to call twice.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    let (terminal, server, directory, holdsSlot) = (terminalPID, serverPID, directory, holdsSlot)
    Waiting.startThread {
      if terminal > 0 { Subprocess.stopBlocking(terminal) }
      if server > 0 { Subprocess.stopBlocking(server) }
      try? FileManager.default.removeItem(at: directory)
      if holdsSlot { SessionSlots.shared.release() }
    }
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

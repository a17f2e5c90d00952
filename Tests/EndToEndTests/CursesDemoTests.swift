import Foundation
import TestSupport
import Testing

/// The Curses backend end to end: `curses-demo` in tmux.
@Suite struct CursesDemoTests {
  /// Starts the demo under `term` in a fresh session, with the tty modes saved
  /// to `stty.before` for `expectRestored`.
  static func launch(
    term: String, width: Int = 100, height: Int = 30, environment: String = "",
    arguments: String = ""
  ) async throws -> Tmux {
    let binary = try BuiltProduct.path("curses-demo")
    let tmux = try await Tmux.start(width: width, height: height)
    do {
      try await tmux.run("stty -g > stty.before")
      try await tmux.run("\(environment) TERM=\(term) \(binary) \(arguments)")
      try await tmux.waitUntil(contains: "| q quits")
    } catch {
      tmux.kill()
      throw error
    }
    return tmux
  }

  /// Waits for the demo to leave, then checks the exit status and that the tty
  /// modes are exactly those from before (echo, canonical mode, …) and the
  /// prompt came back.
  static func expectRestored(_ tmux: Tmux, status: Int) async throws {
    try await tmux.waitUntilProgramExits()
    let screen = try await tmux.shellReport()
    #expect(screen.contains("RESULT:\(status):same-tty"), "screen:\n\(screen)")
  }

  @Test func drawsBoxesWideCharactersAndStatus() async throws {
    let tmux = try await Self.launch(term: "xterm-256color")
    defer { tmux.kill() }
    let screen = try await tmux.capture()
    #expect(screen.contains("╭──────────────────╮"))
    #expect(screen.contains("│ 写真             │"))
    #expect(screen.contains("100x30 | event #0"))
    #expect(screen.contains("columns: 4"))
    let colored = try await tmux.captureWithEscapes()
    #expect(colored.contains("\u{1B}[31m"), "red box border")
    try await tmux.sendKeys("Down")
    try await tmux.waitUntil(contains: "event #1: key down ")
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test func reflowsOnResizeAndStaysResponsive() async throws {
    let tmux = try await Self.launch(term: "tmux-256color")
    defer { tmux.kill() }
    try await tmux.resize(width: 60, height: 20)
    try await tmux.waitUntil(contains: "60x20")
    #expect(try await tmux.capture().contains("columns: 2"))
    for step in 0..<50 {
      try await tmux.resize(width: 50 + (step * 7) % 70, height: 15 + (step * 3) % 20)
    }
    try await tmux.resize(width: 90, height: 25)
    let screen = try await tmux.waitUntil(contains: "90x25")
    #expect(screen.contains("columns: 4"))
    #expect(screen.split(separator: "\n", omittingEmptySubsequences: false).count >= 25)
    try await tmux.sendKeys("End")
    try await tmux.waitUntil(contains: "key end ")
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test(arguments: [
    ("C-c", Int32(0), 130), ("", SIGTERM, 143), ("", SIGHUP, 129),
  ])
  func signalsRestoreTheTerminal(key: String, signal: Int32, status: Int) async throws {
    let tmux = try await Self.launch(term: "xterm-256color")
    defer { tmux.kill() }
    if key.isEmpty { try await tmux.signalProgram(signal) } else { try await tmux.sendKeys(key) }
    try await Self.expectRestored(tmux, status: status)
  }

  @Test(arguments: [
    ("xterm-256color", "indexed256"), ("tmux-256color", "indexed256"), ("xterm", "ansi16"),
    ("vt100", "monochrome"),
  ])
  func worksUnderTerminalTypes(term: String, mode: String) async throws {
    let tmux = try await Self.launch(term: term)
    defer { tmux.kill() }
    // Each of these takes ECMA-48 escapes, so frames are written directly.
    #expect(try await tmux.capture().contains("curses demo — \(term) \(mode) escapes"))
    try await tmux.sendKeys("Left")
    try await tmux.waitUntil(contains: "key left ")
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test func truecolorThroughXtermDirect() async throws {
    let tmux = try await Self.launch(term: "tmux-256color", environment: "COLORTERM=truecolor")
    defer { tmux.kill() }
    #expect(try await tmux.capture().contains("xterm-direct truecolor"))
    // The orange box is rgb(255, 128, 0): only direct colour shows it exactly.
    try await tmux.waitUntil("an rgb colour", escapes: true) { $0.contains("38;2;255;128;0") }
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test func noColorAndColorNever() async throws {
    let tmux = try await Self.launch(term: "xterm-256color", environment: "NO_COLOR=1")
    defer { tmux.kill() }
    #expect(try await tmux.capture().contains("xterm-256color monochrome"))
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
    try await tmux.run(
      "NO_COLOR=1 TERM=xterm-256color \(try BuiltProduct.path("curses-demo")) --color always")
    try await tmux.waitUntil(contains: "xterm-256color indexed256")
    try await tmux.sendKeys("q")
    try await tmux.waitUntilProgramExits()
  }

  @Test func anotherThreadWakesTheLoop() async throws {
    let tmux = try await Self.launch(term: "xterm-256color", arguments: "--wake-every-ms 100")
    defer { tmux.kill() }
    try await tmux.waitUntil(contains: ": wake |")
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test func nonUTF8LocaleFallsBackToASCIIBorders() async throws {
    let tmux = try await Self.launch(term: "xterm-256color", environment: "LC_ALL=C LANG=C")
    defer { tmux.kill() }
    #expect(try await tmux.capture().contains("+------------------+"))
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test func unknownAndMissingTerminalTypeAreClearErrors() async throws {
    let binary = try BuiltProduct.path("curses-demo")
    let tmux = try await Tmux.start(width: 100, height: 20)
    defer { tmux.kill() }
    try await tmux.run("TERM=no-such-terminal \(binary); echo \"status=$?\"")
    let screen = try await tmux.waitUntil("the exit status") {
      $0.split(separator: "\n").contains { $0.hasPrefix("status=") }
    }
    #expect(screen.contains("unknown terminal type 'no-such-terminal'"))
    #expect(screen.contains("status=2"))
    try await tmux.run("env -u TERM \(binary); echo \"unset=$?\"")
    let unset = try await tmux.waitUntil("the exit status") {
      $0.split(separator: "\n").contains { $0.hasPrefix("unset=") }
    }
    #expect(unset.contains("TERM is not set"))
    #expect(unset.contains("unset=2"))
  }

  /// The demo opens the terminal as the gallery does, so a type that cannot move the
  /// cursor is the same error before anything is drawn (status 2, the demo's for a
  /// terminal it cannot use), the tty modes left as they were.
  @Test func aTerminalTypeThatCannotMoveTheCursorIsAClearError() async throws {
    let binary = try BuiltProduct.path("curses-demo")
    let tmux = try await Tmux.start(width: 250, height: 20)
    defer { tmux.kill() }
    try await tmux.runToCompletion("stty -g > stty.before")
    try await tmux.run(
      "TERM=dumb \(binary) 2> errors.txt; "
        + #"echo "STATUS:$?:$(stty -g | cmp -s - stty.before && echo same-tty)""#)
    let screen = try await tmux.waitUntil(deadline: .seconds(15), "the exit status") {
      $0.split(separator: "\n").contains { $0.hasPrefix("STATUS:") }
    }
    let lines = screen.split(separator: "\n").map(String.init)
    let report = lines.firstIndex { $0.hasPrefix("STATUS:") } ?? 0
    #expect(lines[report] == "STATUS:2:same-tty", "screen:\n\(screen)")
    #expect(
      report > 0 && lines[report - 1].hasSuffix(#"echo same-tty)""#), "screen:\n\(screen)")
    let errors = String(
      decoding: try Data(contentsOf: tmux.directory.appendingPathComponent("errors.txt")),
      as: UTF8.self)
    #expect(
      errors.hasPrefix("curses-demo: the terminal type 'dumb' cannot move the cursor"),
      "standard error:\n\(errors)")
  }

  /// The fallback for terminals without ECMA-48 escapes: ncurses draws every cell.
  @Test func drawingThroughCurses() async throws {
    let tmux = try await Self.launch(term: "xterm-256color", arguments: "--draw curses")
    defer { tmux.kill() }
    let screen = try await tmux.capture()
    #expect(screen.contains("xterm-256color indexed256 curses"))
    #expect(screen.contains("│ 写真             │"))
    try await tmux.resize(width: 60, height: 20)
    try await tmux.waitUntil(contains: "60x20")
    #expect(try await tmux.capture().contains("columns: 2"))
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  /// Ctrl-Z and `fg` bring the picture back however frames are drawn: written as
  /// escapes, the program repaints on SIGCONT; through curses, ncurses does.
  @Test(arguments: ["escapes", "curses"])
  func suspendAndResume(drawing: String) async throws {
    let tmux = try await Self.launch(term: "xterm-256color", arguments: "--draw \(drawing)")
    defer { tmux.kill() }
    #expect(try await tmux.capture().contains("indexed256 \(drawing)"))
    try await tmux.sendKeys("C-z")
    try await tmux.waitUntil("the shell to report the stopped job") {
      $0.contains("Stopped") && !$0.contains("event #0")
    }
    try await tmux.run("fg")
    try await tmux.waitUntil(contains: "100x30 | event #")
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }
}

import Foundation
import TestSupport
import Testing

/// The terminal layer end to end with `curses-demo`: keys in every common variant whatever
/// `TERM` says, and the screen on `/dev/tty` when standard output is not a terminal; and
/// with the gallery, Ctrl-S and Ctrl-Q as keys (flow control off while it runs, the
/// shell's modes back whenever it lets go of the terminal).
@Suite struct TerminalInputEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// A folder holding `gallery/config` with Ctrl-S bound to the next section and Ctrl-Q
  /// to the previous one, for `XDG_CONFIG_HOME`; the caller removes it.
  static func flowControlKeysBound() throws -> URL {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("gallery-flow-\(getpid())-\(UUID().uuidString.prefix(8))")
    let folder = home.appendingPathComponent("gallery")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("bind ctrl-s = next-section\nbind ctrl-q = previous-section\n".utf8)
      .write(to: folder.appendingPathComponent("config"))
    return home
  }

  /// The modes of the pane's terminal now, as `stty -a` names them (`-ixon`, `isig`), read
  /// from outside while the program runs.
  static func paneModes(_ tmux: Tmux) async throws -> Set<String> {
    let tty = try await tmux.tmux(["display-message", "-p", "-t", tmux.target, "#{pane_tty}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let outcome = try await Subprocess.run(["stty", "-F", tty, "-a"])
    #expect(outcome.status == 0, "stty -F \(tty): \(outcome.errors)")
    return Set(outcome.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
  }

  /// While the gallery runs: no flow control, the signal keys still signals, no canonical
  /// mode or echo.
  static func expectProgramModes(_ tmux: Tmux, _ when: String) async throws {
    let modes = try await paneModes(tmux)
    for mode in ["-ixon", "-ixoff", "isig", "-icanon", "-echo"] {
      #expect(modes.contains(mode), "\(mode) \(when); modes: \(modes.sorted())")
    }
  }

  /// Ctrl-S and Ctrl-Q bound in the configuration file do what they are bound to, and
  /// the screen goes on answering (with flow control on, Ctrl-S froze it until Ctrl-Q);
  /// Ctrl-Z gives the shell its own modes, and after `fg` Ctrl-S is still a key.
  @Test func ctrlSAndCtrlQAreKeysAndStayKeysAfterCtrlZ() async throws {
    let config = try Self.flowControlKeysBound()
    defer { try? FileManager.default.removeItem(at: config) }
    let tmux = try await E2E.launch(environment: "XDG_CONFIG_HOME=\(config.path)")
    defer { tmux.kill() }
    try await tmux.waitUntil("the first picture") {
      E2E.statusLine($0).contains("office-1.jpg")
    }
    try await Self.expectProgramModes(tmux, "while the gallery runs")
    try await tmux.sendKeys("C-s")
    try await tmux.waitUntil("ctrl-s: the next section") {
      E2E.statusLine($0).contains("kitchen-1.jpg")
    }
    try await tmux.sendKeys("Right")
    try await tmux.waitUntil("the screen still answers") {
      E2E.statusLine($0).contains("kitchen-2.jpg")
    }
    try await tmux.sendKeys("C-q")
    try await tmux.waitUntil("ctrl-q: the previous section") {
      E2E.statusLine($0).contains("office-1.jpg")
    }
    try await tmux.sendKeys("C-z")
    try await tmux.waitUntil("the shell to report the stopped job") {
      $0.contains("Stopped") && E2E.statusLine($0).hasPrefix(Tmux.prompt)
    }
    try await tmux.run(
      #"echo "STOPPED:$(stty -g | cmp -s - stty.before && echo same-tty)""#)
    let stopped = try await tmux.waitUntil("the modes while stopped") { screen in
      screen.split(separator: "\n").contains { $0.hasPrefix("STOPPED:") }
    }
    #expect(stopped.contains("STOPPED:same-tty"), "screen:\n\(stopped)")
    try await tmux.run("fg")
    try await tmux.waitUntil("the gallery back") {
      E2E.statusLine($0).contains("office-1.jpg") && E2E.isDrawn($0)
    }
    try await Self.expectProgramModes(tmux, "after fg")
    try await tmux.sendKeys("C-s")
    try await tmux.waitUntil("ctrl-s after fg") { E2E.statusLine($0).contains("kitchen-1.jpg") }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  /// The program the terminal is handed to gets the shell's modes (flow control as the
  /// shell had it); taken back, the terminal has the gallery's again and Ctrl-S is a key;
  /// Ctrl-C is still a signal, and the shell's modes come back when it ends the gallery.
  @Test func theOpenerGetsTheShellsModesAndCtrlSIsAKeyAgainAfter() async throws {
    let config = try Self.flowControlKeysBound()
    defer { try? FileManager.default.removeItem(at: config) }
    let script = Executable.write(
      """
      #!/bin/sh
      stty -g > "$(dirname "$0")/stty.opener"
      echo "OPENER-RAN"
      read line
      """, to: config.appendingPathComponent("opener.sh").path)
    let tmux = try await E2E.launch(
      environment: "XDG_CONFIG_HOME=\(config.path) GALLERY_OPENER=\(script)")
    defer { tmux.kill() }
    try await tmux.sendKeys("o")
    try await tmux.waitUntil(contains: "OPENER-RAN")
    try await tmux.sendKeys("Enter")
    try await tmux.waitUntil("the gallery back") { E2E.statusLine($0).contains("opener.sh") }
    try await Self.expectProgramModes(tmux, "after the opener")
    try await tmux.sendKeys("C-s")
    try await tmux.waitUntil("ctrl-s after the opener") {
      E2E.statusLine($0).contains("kitchen-1.jpg")
    }
    try await tmux.sendKeys("C-c")
    try await E2E.expectRestored(tmux, status: 130)
    let before = try Data(contentsOf: tmux.directory.appendingPathComponent("stty.before"))
    let opener = try Data(contentsOf: config.appendingPathComponent("stty.opener"))
    #expect(
      opener == before,
      "the opener's modes \(String(decoding: opener, as: UTF8.self)) are the shell's")
  }

  /// tmux sends End as `CSI 4~`, which xterm's terminfo entry (`kend=\EOF`) does not
  /// name: before the variants were taught to ncurses it arrived as Escape, `[`, `4`, `~`.
  @Test func keysArriveInEveryCommonVariantUnderXterm256color() async throws {
    let tmux = try await CursesDemoTests.launch(term: "xterm-256color")
    defer { tmux.kill() }
    try await tmux.sendKeys("End")
    try await tmux.waitUntil(contains: "event #1: key end ")
    let variants: [(String, String)] = [
      ("\u{1B}[4~", "end"), ("\u{1B}[8~", "end"), ("\u{1B}[F", "end"), ("\u{1B}OF", "end"),
      ("\u{1B}[1~", "home"), ("\u{1B}[7~", "home"), ("\u{1B}[H", "home"), ("\u{1B}OH", "home"),
      ("\u{1B}[5~", "pageup"), ("\u{1B}[6~", "pagedown"), ("\u{1B}OA", "up"), ("\u{1B}[B", "down"),
      ("\u{1B}OC", "right"), ("\u{1B}[D", "left"),
    ]
    for (index, (bytes, name)) in variants.enumerated() {
      try await tmux.type(bytes)
      try await tmux.waitUntil(contains: "event #\(index + 2): key \(name) ")
    }
    try await tmux.sendKeys("q")
    try await CursesDemoTests.expectRestored(tmux, status: 0)
  }

  @Test func drawsOnTheControllingTerminalWhenOutputIsAFile() async throws {
    let binary = try BuiltProduct.path("curses-demo")
    let tmux = try await Tmux.start(width: 100, height: 30)
    defer { tmux.kill() }
    try await tmux.run("stty -g > stty.before")
    try await tmux.run("TERM=xterm-256color \(binary) > out.txt < /dev/null")
    try await tmux.waitUntil(contains: "| q quits")
    try await tmux.sendKeys("Down")
    try await tmux.waitUntil(contains: "event #1: key down ")
    try await tmux.sendKeys("q")
    try await CursesDemoTests.expectRestored(tmux, status: 0)
    let out = try Data(contentsOf: tmux.directory.appendingPathComponent("out.txt"))
    #expect(out.isEmpty, "the screen went to /dev/tty, not to the file")
  }

  @Test func withoutAnyTerminalTheErrorSaysWhy() async throws {
    let binary = try BuiltProduct.path("curses-demo")
    let tmux = try await Tmux.start(width: 160, height: 20)
    defer { tmux.kill() }
    // setsid leaves the program without a controlling terminal.
    try await tmux.run(
      "TERM=xterm-256color setsid -w \(binary) < /dev/null > out.txt; echo \"status=$?\"")
    let screen = try await tmux.waitUntil("the exit status") {
      $0.split(separator: "\n").contains { $0.hasPrefix("status=") }
    }
    #expect(screen.contains("status=2"))
    #expect(screen.contains("no terminal to draw on"), "screen:\n\(screen)")
  }
}

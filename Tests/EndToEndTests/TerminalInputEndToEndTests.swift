import Foundation
import TestSupport
import Testing

/// The terminal layer end to end with `curses-demo`: keys in every common variant whatever
/// `TERM` says, and the screen on `/dev/tty` when standard output is not a terminal.
@Suite struct TerminalInputEndToEndTests {
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

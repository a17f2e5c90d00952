import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every catchable signal that would end the gallery, and crashes: the terminal is given
/// back (the alternate screen left, the cursor shown, the shell's modes), a crash says
/// what happened and where to report it, the status is the signal's; `-o`'s marks are
/// kept in the state folder when they cannot be printed.
@Suite struct SignalsEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// tmux's own view of the pane: whether it is on the alternate screen, whether the
  /// cursor is shown.
  static func paneModes(_ tmux: Tmux) async throws -> (alternate: Bool, cursor: Bool) {
    let text = try await tmux.tmux(
      ["display-message", "-p", "-t", tmux.target, "#{alternate_on} #{cursor_flag}"])
    let parts = text.split(whereSeparator: \.isWhitespace)
    return (parts.first == "1", parts.dropFirst().first == "1")
  }

  /// Starts `gallery` as `GalleryEndToEndTests.launch` does, with core dumps allowed
  /// (`ulimit -c unlimited`) so that "no core" means something: the kernel's pattern here
  /// (`/proc/sys/kernel/core_pattern`) is a plain name, so a core lands in the pane's
  /// scratch directory, its working directory.
  static func launch(
    width: Int, height: Int, arguments: String = "", environment: String = "",
    waitForFrame: Bool = true, cores: Bool = true
  ) async throws -> Tmux {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: width, height: height)
    do {
      try await tmux.run("ulimit -c \(cores ? "unlimited" : "0"); stty -g > stty.before")
      try await tmux.run(
        "\(environment) TERM=xterm-256color \(binary) --no-cache \(arguments)")
      if waitForFrame { try await tmux.waitUntil("the first frame") { E2E.isDrawn($0) } }
    } catch {
      tmux.kill()
      throw error
    }
    return tmux
  }

  /// No core dump: the shell did not say "core dumped" (from the wait status, whatever the
  /// kernel does with the core) and no core file is in the working directory. When the
  /// kernel pipes cores to a program (`|` in `core_pattern`), only the first proves it.
  static func expectNoCore(_ tmux: Tmux, _ screen: String) throws {
    #expect(!screen.contains("core dumped"), "no core for a quit asked for:\n\(screen)")
    let cores = try FileManager.default.contentsOfDirectory(atPath: tmux.directory.path)
      .filter { $0.hasPrefix("core") }
    #expect(cores.isEmpty, "core files: \(cores)")
  }

  /// After the gallery ended: the prompt back with the tty modes, the status, the main
  /// screen and the cursor.
  static func expectGivenBack(_ tmux: Tmux, status: Int) async throws {
    try await E2E.expectRestored(tmux, status: status)
    let modes = try await paneModes(tmux)
    #expect(
      !modes.alternate && modes.cursor,
      "alternate screen \(modes.alternate), cursor \(modes.cursor)")
  }

  @Test(arguments: [
    ("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP), ("QUIT", SIGQUIT), ("USR1", SIGUSR1),
    ("USR2", SIGUSR2), ("ALRM", SIGALRM), ("VTALRM", SIGVTALRM), ("XCPU", SIGXCPU),
    ("PROF", SIGPROF), ("XFSZ", SIGXFSZ), ("IO", SIGIO), ("PWR", SIGPWR), ("STKFLT", SIGSTKFLT),
    ("RTMIN+3", __libc_current_sigrtmin() + 3), ("RTMAX", __libc_current_sigrtmax()),
  ])
  func aQuittingSignalGivesTheTerminalBack(name: String, signal: Int32) async throws {
    let tmux = try await Self.launch(width: 90, height: 30)
    defer { tmux.kill() }
    let before = try await Self.paneModes(tmux)
    #expect(before.alternate && !before.cursor, "drawing: the alternate screen, no cursor")
    try await tmux.signalProgram(signal)
    try await Self.expectGivenBack(tmux, status: 128 + Int(signal))
    let screen = try await tmux.capture()
    #expect(!screen.contains("gallery: stopped by"), "a quit asked for is no crash:\n\(screen)")
    try Self.expectNoCore(tmux, screen)
  }

  /// Ctrl-\ where the browser's trap is not installed (`--print` reading the paths from
  /// standard input, the terminal): the program ends by SIGQUIT (status 131), with no
  /// core and none of Swift's crash backtracer.
  @Test func ctrlBackslashWithoutTheScreenQuitsQuietly() async throws {
    let tmux = try await Self.launch(
      width: 120, height: 30, arguments: "--print -", waitForFrame: false)
    defer { tmux.kill() }
    // Reading standard input (read(2) on descriptor 0): past the start-up, where the
    // handlers are installed.
    #if arch(x86_64)
      let reading = "0 0x0 "
    #else
      let reading = "63 0x0 "
    #endif
    let clock = ContinuousClock()
    let end = clock.now + .seconds(10)
    while true {
      let pids = try await tmux.programPIDs()
      let calls = pids.map {
        (try? String(contentsOfFile: "/proc/\($0)/syscall", encoding: .utf8)) ?? ""
      }
      if calls.contains(where: { $0.hasPrefix(reading) }) { break }
      try #require(clock.now < end, "gallery does not read standard input: \(calls)")
      try await Task.sleep(for: .milliseconds(20))
    }
    try await tmux.sendKeys("C-\\")
    try await E2E.expectRestored(tmux, status: 131)
    let screen = try await tmux.capture()
    #expect(!screen.contains("crashed"), "no backtracer:\n\(screen)")
    #expect(!screen.contains("Backtrace") && !screen.contains("Press space"), "\(screen)")
    #expect(!screen.contains("gallery: stopped by"), "a quit asked for is no crash:\n\(screen)")
    try Self.expectNoCore(tmux, screen)
  }

  /// While a waited opener has the terminal, a crash (here a fault another process sends)
  /// leaves the opener's screen and modes alone: the gallery's reset (which leaves the
  /// alternate screen) is not written over it.
  @Test func aCrashWhileAnOpenerHasTheTerminalLeavesItsScreen() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gallery-held-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = Executable.write(
      """
      #!/bin/sh
      printf '\\033[?1049hOPENER-SCREEN\\n'
      read line
      """, to: folder.appendingPathComponent("opener.sh").path)
    let tmux = try await Self.launch(
      width: 120, height: 30, environment: "GALLERY_OPENER=\(script)", cores: false)
    defer { tmux.kill() }
    let gallery = try await tmux.programPIDs()
    try #require(gallery.count == 1)
    try await tmux.sendKeys("o")
    try await tmux.waitUntil(contains: "OPENER-SCREEN")
    #expect(try await Self.paneModes(tmux).alternate, "the opener's alternate screen")
    _ = Foundation.kill(gallery[0], SIGSEGV)
    let clock = ContinuousClock()
    let end = clock.now + .seconds(10)
    while FileManager.default.fileExists(atPath: "/proc/\(gallery[0])/task") {
      let stat = (try? String(contentsOfFile: "/proc/\(gallery[0])/stat", encoding: .utf8)) ?? ""
      if stat.contains(") Z") { break }
      try #require(clock.now < end, "the gallery did not end")
      try await Task.sleep(for: .milliseconds(20))
    }
    let screen = try await tmux.waitUntil(contains: "stopped by SIGSEGV")
    #expect(try await Self.paneModes(tmux).alternate, "the opener's screen kept:\n\(screen)")
  }

  /// SIGPIPE is ignored while browsing: a write to a closed pipe fails and is reported
  /// instead.
  @Test func sigpipeIsIgnored() async throws {
    let tmux = try await E2E.launch(width: 90, height: 30)
    defer { tmux.kill() }
    try await tmux.signalProgram(SIGPIPE)
    try await tmux.sendKeys("Right")
    try await tmux.waitUntil("still running") { E2E.statusLine($0).contains("office-2.jpg") }
    try await tmux.sendKeys("q")
    try await Self.expectGivenBack(tmux, status: 0)
  }

  /// The signal a Swift trap raises on this machine.
  static let trapSignal: Int32 = {
    #if arch(x86_64)
      return SIGILL
    #else
      return SIGTRAP
    #endif
  }()

  /// A crash forced at the first key (`GALLERY_TEST_TRAP`), and SIGSEGV sent by `kill`.
  @Test(arguments: [
    ("precondition", trapSignal, "Precondition failed"),
    ("index", trapSignal, "Fatal error: Index out of range"),
    ("segfault", SIGSEGV, ""), ("stack", SIGSEGV, ""), ("abort", SIGABRT, ""),
    ("kill", SIGSEGV, "sent by another process"),
    ("controls", trapSignal, "with controls [?2J] [?] [?] end"),
    ("worker-stack", SIGSEGV, ""),
  ])
  func aCrashGivesTheTerminalBackAndSaysWhereToReportIt(
    trap: String, signal: Int32, detail: String
  ) async throws {
    let tmux = try await E2E.launch(
      width: 120, height: 30, environment: trap == "kill" ? "" : "GALLERY_TEST_TRAP=\(trap)")
    defer { tmux.kill() }
    if trap == "kill" {
      try await tmux.signalProgram(SIGSEGV)
    } else {
      try await tmux.sendKeys("x")
    }
    try await Self.expectGivenBack(tmux, status: 128 + Int(signal))
    let screen = try await tmux.capture()
    let names = [SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT"]
    #expect(screen.contains("gallery: stopped by \(names[signal] ?? "?")"), "screen:\n\(screen)")
    let joined = screen.replacingOccurrences(of: "\n", with: "")
    #expect(detail.isEmpty || joined.contains(detail), "screen:\n\(screen)")
    // Another process's signal is no bug of the gallery's, nor a crash the tests forced:
    // no request for a report; the forced one says so.
    let sent = trap == "kill"
    #expect(!screen.contains("This is a bug in gallery."), "screen:\n\(screen)")
    #expect(!screen.contains("`gallery --version`"), "screen:\n\(screen)")
    #expect(
      joined.contains("(forced by GALLERY_TEST_TRAP)") != sent, "screen:\n\(screen)")
    #expect(!screen.contains("Press space"), "no interactive backtracer:\n\(screen)")
  }

  /// The file the marks were kept in, named on `screen`, and its bytes.
  static func keptMarks(_ tmux: Tmux, _ screen: String) throws -> [UInt8] {
    let folder = tmux.directory.appendingPathComponent(".local/state/gallery")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("marked-") }
    try #require(names.count == 1, "\(names)")
    #expect(
      screen.replacingOccurrences(of: "\n", with: "").contains(names[0]), "screen:\n\(screen)")
    return [UInt8](try Data(contentsOf: folder.appendingPathComponent(names[0])))
  }

  /// `gallery -o | cat` with `cat` gone before the quit: the write fails (EPIPE, not a
  /// silent SIGPIPE), the marks are kept in the state folder and the message says where;
  /// status 1.
  @Test func marksThatCannotBePrintedAreKept() async throws {
    let tmux = try await E2E.launch(width: 120, height: 30, arguments: "-o | cat")
    defer { tmux.kill() }
    try await tmux.sendKeys("m", "Right", "m")
    try await tmux.waitUntil("two marks") { E2E.statusLine($0).contains("2 marked") }
    let cat = try await tmux.programPIDs().filter {
      (try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8))?.hasPrefix("cat") == true
    }
    try #require(cat.count == 1)
    _ = Foundation.kill(cat[0], SIGTERM)
    // Gone (or a zombie) before the quit: a reader alive at the write would take the bytes.
    let clock = ContinuousClock()
    let end = clock.now + .seconds(10)
    while let stat = try? String(contentsOfFile: "/proc/\(cat[0])/stat", encoding: .utf8),
      !stat.contains(") Z")
    {
      try #require(clock.now < end, "cat did not end")
      try await Task.sleep(for: .milliseconds(20))
    }
    try await tmux.sendKeys("q")
    try await tmux.waitUntilProgramExits()
    try await tmux.run(#"printf 'PIPE:%s\n' "${PIPESTATUS[0]}""#)
    let screen = try await tmux.waitUntil("the status") {
      $0.split(separator: "\n").contains { $0.hasPrefix("PIPE:") }
    }
    #expect(screen.contains("PIPE:1"), "screen:\n\(screen)")
    #expect(screen.contains("the 2 marked paths are kept in"), "screen:\n\(screen)")
    #expect(screen.contains("standard output is closed (Broken pipe)"), "screen:\n\(screen)")
    let kept = String(decoding: try Self.keptMarks(tmux, screen), as: UTF8.self)
    #expect(kept.hasSuffix("/Office/office-1.jpg\n") || kept.contains("office-2.jpg"), "\(kept)")
    #expect(kept.split(separator: "\n").count == 2, "\(kept)")
    let modes = try await Self.paneModes(tmux)
    #expect(!modes.alternate && modes.cursor)
  }

  /// Ctrl-\ in `gallery -o | cat`: the terminal sends SIGQUIT to both; the gallery gives
  /// the terminal back, keeps the marks and dies by SIGQUIT (no core).
  @Test func ctrlBackslashQuitsAndKeepsTheMarks() async throws {
    let tmux = try await E2E.launch(width: 120, height: 30, arguments: "-o | cat")
    defer { tmux.kill() }
    try await tmux.sendKeys("m")
    try await tmux.waitUntil("a mark") { E2E.statusLine($0).contains("1 marked") }
    try await tmux.sendKeys("C-\\")
    try await tmux.waitUntilProgramExits()
    try await tmux.run(#"printf 'PIPE:%s\n' "${PIPESTATUS[0]}""#)
    let screen = try await tmux.waitUntil("the status") {
      $0.split(separator: "\n").contains { $0.hasPrefix("PIPE:") }
    }
    #expect(screen.contains("PIPE:131"), "screen:\n\(screen)")
    #expect(screen.contains("the marked path is kept in"), "screen:\n\(screen)")
    #expect(screen.contains("stopped by SIGQUIT"), "screen:\n\(screen)")
    let kept = String(decoding: try Self.keptMarks(tmux, screen), as: UTF8.self)
    #expect(kept.hasSuffix("/Office/office-1.jpg\n"), "\(kept)")
    let modes = try await Self.paneModes(tmux)
    #expect(!modes.alternate && modes.cursor)
  }
}

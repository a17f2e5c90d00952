import Foundation
import TestSupport
import Testing

/// Doing things with pictures, end to end: marks printed with `-o`, sort, filter, the
/// opener, the clipboard through tmux, the configuration file, zoom and the slideshow, and
/// End under a `TERM` that names another sequence for it.
@Suite struct ActionsEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  static func file(_ tmux: Tmux, _ name: String) throws -> Data {
    try Data(contentsOf: tmux.directory.appendingPathComponent(name))
  }

  @Test func threeMarksGoToStandardOutputAndTheScreenDoesNot() async throws {
    let tmux = try await E2E.launch(arguments: "-o > marked.txt")
    defer { tmux.kill() }
    try await tmux.sendKeys("m", "Right", "m", "Right", "m")
    try await tmux.waitUntil("three marks") {
      E2E.statusLine($0).contains("✓ office-3.jpg") && E2E.statusLine($0).contains("3 marked")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
    let output = String(decoding: try Self.file(tmux, "marked.txt"), as: UTF8.self)
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "output:\n\(output)")
    for (line, name) in zip(lines, ["office-1.jpg", "office-2.jpg", "office-3.jpg"]) {
      #expect(line.hasPrefix("/") && line.hasSuffix("/Office/" + name))
    }
    #expect(!output.contains("\u{1B}"), "no escape sequence: the screen went to /dev/tty")
  }

  @Test func exitStatusesWithoutATerminalForTheScreen() async throws {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: 200, height: 20)
    defer { tmux.kill() }
    func status(_ command: String, _ name: String) async throws -> String {
      try await tmux.run("clear; \(command); echo \"\(name)=$?\"")
      return try await tmux.waitUntil("the exit status") {
        $0.split(separator: "\n").contains { $0.hasPrefix("\(name)=") }
      }
    }
    // Output to a file without -o: a usage error naming both ways out.
    let file = try await status("TERM=xterm-256color \(binary) > out.txt", "file")
    #expect(file.contains("file=2") && file.contains("or -o to print"), "screen:\n\(file)")
    // With -o but no controlling terminal at all (setsid): a runtime error saying why.
    let none = try await status(
      "TERM=xterm-256color setsid -w \(binary) -o < /dev/null > out.txt", "none")
    #expect(none.contains("none=1") && none.contains("no terminal to draw on"), "screen:\n\(none)")
  }

  @Test func sortBySizeAndBack() async throws {
    let tmux = try await E2E.launch()
    defer { tmux.kill() }
    try await tmux.sendKeys("s", "s", "s")
    try await tmux.waitUntil("the order by size") {
      E2E.statusLine($0).contains("size ↑") && E2E.statusLine($0).contains("office-1.jpg")
    }
    // The smallest of the Office pictures comes first.
    try await tmux.sendKeys("g")
    try await tmux.waitUntil("the smallest first") {
      E2E.statusLine($0).contains("office-11.jpg") && E2E.statusLine($0).contains("1/15")
    }
    try await tmux.sendKeys("S", "g")
    try await tmux.waitUntil("the largest first") {
      E2E.statusLine($0).contains("office-7.jpg") && E2E.statusLine($0).contains("size ↓")
    }
    // On round to names: s cycles, S restores ascending.
    try await tmux.sendKeys("s", "S", "g")
    try await tmux.waitUntil("back to names") {
      E2E.statusLine($0).contains("office-1.jpg  ") && !E2E.statusLine($0).contains("size")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func aFilterThatLeavesOnePicture() async throws {
    let tmux = try await E2E.launch()
    defer { tmux.kill() }
    try await tmux.sendKeys("/")
    try await tmux.type("kitchen-12")
    let typing = try await tmux.waitUntil("the filter typed") {
      E2E.statusLine($0).contains("/kitchen-12") && E2E.statusLine($0).contains("1 of 70 pictures")
    }
    #expect(typing.contains("Kitchen  1 picture"), "screen:\n\(typing)")
    #expect(!typing.contains("Office") && !typing.contains("MacBook"), "screen:\n\(typing)")
    try await tmux.sendKeys("Enter")
    try await tmux.waitUntil("the filter kept") {
      E2E.statusLine($0).contains("kitchen-12.jpg") && E2E.statusLine($0).contains("1/1")
    }
    try await tmux.sendKeys("Escape")
    try await tmux.waitUntil("the filter cleared") {
      E2E.statusLine($0).contains("kitchen-12.jpg") && E2E.statusLine($0).contains("12/25")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func theOpenerGetsTheMarkedPathsAndTheTerminal() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gallery-opener-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = URL(
      fileURLWithPath: Executable.write(
        """
        #!/bin/sh
        printf '%s\\n' "$@" > "$(dirname "$0")/args.txt"
        echo "OPENER-RAN with $# files"
        read line
        """, to: folder.appendingPathComponent("opener.sh").path))
    let tmux = try await E2E.launch(environment: "GALLERY_OPENER=\(script.path)")
    defer { tmux.kill() }
    try await tmux.sendKeys("m", "Right", "m", "o")
    // The terminal is handed over: the script's words on the shell's screen, its read
    // waiting for a key.
    try await tmux.waitUntil(contains: "OPENER-RAN with 2 files")
    try await tmux.sendKeys("Enter")
    try await tmux.waitUntil("the gallery back") {
      E2E.statusLine($0).contains("opened 2 pictures with opener.sh")
    }
    let args = String(
      decoding: try Data(contentsOf: folder.appendingPathComponent("args.txt")), as: UTF8.self)
    let lines = args.split(separator: "\n")
    #expect(lines.count == 2, "arguments:\n\(args)")
    #expect(lines.first?.hasSuffix("/Office/office-1.jpg") == true)
    #expect(lines.last?.hasSuffix("/Office/office-2.jpg") == true)
    // Keys work again once the terminal is taken back.
    try await tmux.sendKeys("Down")
    try await tmux.waitUntil("kitchen focused") { E2E.statusLine($0).contains("kitchen-1.jpg") }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  /// The same program run twice leaves the same frame behind it: the gallery's screen
  /// comes back after every return, not only the first, from the opener and from a `run`
  /// binding alike.
  @Test func theScreenComesBackAfterEveryReturn() async throws {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: 100, height: 30)
    defer { tmux.kill() }
    let folder = tmux.directory.appendingPathComponent(".config/gallery")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("bind E = run echo BINDING-RAN; read line\n".utf8)
      .write(to: folder.appendingPathComponent("config"))
    let opener = Executable.write(
      "#!/bin/sh\necho OPENER-RAN\nread line\n",
      to: tmux.directory.appendingPathComponent("opener.sh").path)
    try await tmux.run("stty -g > stty.before")
    try await tmux.run("GALLERY_OPENER=\(opener) TERM=xterm-256color \(binary) --no-cache")
    try await tmux.waitUntil("the first frame") { E2E.isDrawn($0) }
    for (key, words, status) in [
      ("o", "OPENER-RAN", "opened 1 picture with opener.sh"),
      ("E", "BINDING-RAN", "echo ran"),
    ] {
      for round in 1...3 {
        // Nothing left to draw (the thumbnails decoded): only the return itself can
        // bring the screen back.
        try await tmux.waitUntilSteady()
        try await tmux.sendKeys(key)
        try await tmux.waitUntil(contains: words)
        try await tmux.sendKeys("Enter")
        try await tmux.waitUntil("the gallery back after \(key), return \(round)") {
          E2E.statusLine($0).contains(status) && $0.contains("Office") && !$0.contains(words)
        }
      }
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func copyPutsThePathOnTmuxsClipboard() async throws {
    let tmux = try await E2E.launch()
    defer { tmux.kill() }
    try await tmux.tmux(["set-option", "-g", "set-clipboard", "on"])
    try await tmux.sendKeys("y")
    try await tmux.waitUntil("the confirmation") {
      E2E.statusLine($0).contains("path copied to the clipboard")
    }
    let deadline = ContinuousClock.now + .seconds(10)
    var buffer = ""
    while !buffer.hasSuffix("/Office/office-1.jpg") {
      try #require(ContinuousClock.now < deadline, "tmux's buffer: \(buffer)")
      buffer = (try? await tmux.tmux(["show-buffer"])) ?? ""
      try await Task.sleep(for: .milliseconds(40))
    }
    #expect(buffer.hasPrefix("/"))
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func aConfigFileRebindsAKeyAndShowsItsBadLine() async throws {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: 100, height: 30)
    defer { tmux.kill() }
    // HOME is the session's folder: the file goes to ~/.config/gallery/config.
    let folder = tmux.directory.appendingPathComponent(".config/gallery")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("# keys\nbind x = down\nlayuot = grid\n".utf8)
      .write(to: folder.appendingPathComponent("config"))
    try await tmux.run("stty -g > stty.before")
    try await tmux.run("TERM=xterm-256color \(binary) --no-cache")
    try await tmux.waitUntil("the bad line in the status line") {
      E2E.statusLine($0).contains("⚠ config line 3: unknown setting 'layuot'")
    }
    try await tmux.sendKeys("x")
    try await tmux.waitUntil("x moves down") { E2E.statusLine($0).contains("kitchen-1.jpg") }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func endArrivesUnderXterm256colorInsideTmux() async throws {
    // tmux sends End as CSI 4~; xterm's terminfo entry names SS3 F.
    let tmux = try await E2E.launch(term: "xterm-256color")
    defer { tmux.kill() }
    try await tmux.sendKeys("End")
    try await tmux.waitUntil("the last picture") {
      E2E.statusLine($0).contains("macbook-30.jpg") && E2E.statusLine($0).contains("30/30")
    }
    try await tmux.sendKeys("Home")
    try await tmux.waitUntil("the first picture") {
      E2E.statusLine($0).contains("office-1.jpg")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func zoomAndSlideshowInTheDetailView() async throws {
    let tmux = try await E2E.launch()
    defer { tmux.kill() }
    try await tmux.sendKeys("Enter", "+", "+")
    try await tmux.waitUntil("zoomed") { E2E.statusLine($0).contains("zoom ×2") }
    try await tmux.sendKeys("Right")
    try await tmux.waitUntil("panned, not turned") {
      $0.contains("×2  arrows pan  W fits") && E2E.statusLine($0).contains("office-1.jpg")
    }
    try await tmux.sendKeys("W", "p")
    try await tmux.waitUntil("playing") { E2E.statusLine($0).contains("▶ 3 s") }
    try await tmux.sendKeys("+", "+")
    try await tmux.waitUntil("a second a picture") { E2E.statusLine($0).contains("▶ 1 s") }
    try await tmux.waitUntil("the next picture") { E2E.statusLine($0).contains("office-2.jpg") }
    try await tmux.sendKeys("p")
    try await tmux.waitUntil("stopped") { !E2E.statusLine($0).contains("▶") }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }
}

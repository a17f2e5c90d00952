import Foundation
import TestSupport
import Testing

/// The gallery itself, end to end: the real binary in tmux, and `--print` as a process.
@Suite struct GalleryEndToEndTests {
  /// Starts `gallery` (built-in pictures, no disk cache) under `term` in a fresh
  /// session of `width × height`, the tty modes saved for `expectRestored`, and waits
  /// for the first frame's status line.
  static func launch(
    width: Int = 100, height: Int = 30, term: String = "xterm-256color", arguments: String = "",
    environment: String = "", times: String = "×"
  ) async throws -> Tmux {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: width, height: height)
    do {
      try await tmux.run("stty -g > stty.before")
      try await tmux.run("\(environment) TERM=\(term) \(binary) --no-cache \(arguments)")
      try await tmux.waitUntil("the first frame") { isDrawn($0) }
    } catch {
      tmux.kill()
      throw error
    }
    return tmux
  }

  /// Whether the gallery's first frame is on `screen`: its status line gives the focused
  /// picture's position (`1/15`) or says there is none, once the scan has ended.
  static func isDrawn(_ screen: String) -> Bool {
    let status = statusLine(screen)
    guard !status.hasPrefix(Tmux.prompt) else { return false }
    return status.contains("no pictures found") || status.contains("no picture matches")
      || status.range(of: #" \d+/\d+( |$)"#, options: .regularExpression) != nil
  }

  /// Waits until the gallery draws for a screen of `width × height`: the help's bottom
  /// edge names the size once it shows its last line (`?` opens it, End goes there, Esc
  /// closes it); the status line does not.
  static func waitForSize(_ tmux: Tmux, width: Int, height: Int, deadline: Duration = .seconds(10))
    async throws
  {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: deadline)
    while true {
      try await tmux.sendKeys("?")
      try await tmux.waitUntil(deadline: .seconds(5), "the help") { $0.contains(" Keys ") }
      let screen = try await helpsEnd(tmux)
      try await tmux.sendKeys("Escape")
      try await tmux.waitUntil("the help closed") { !$0.contains(" Keys ") }
      if screen.contains(" \(width)×\(height) ") { return }
      guard clock.now < end else {
        throw Tmux.Failure(
          description: "the gallery did not draw for \(width)×\(height):\n\(screen)")
      }
      try await Task.sleep(for: .milliseconds(200))
    }
  }

  /// Scrolls the open help to its end and returns that screen. End is pressed again while
  /// "↓ more" shows: a resize still on its way lengthens the scroll after the key.
  static func helpsEnd(_ tmux: Tmux) async throws -> String {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: .seconds(10))
    while true {
      try await tmux.sendKeys("End")
      do {
        return try await tmux.waitUntil(deadline: .seconds(1), "the help's end") {
          !$0.contains("↓ more")
        }
      } catch let failure as Tmux.Failure {
        guard clock.now < end else { throw failure }
      }
    }
  }

  /// The last non-blank line of the screen: the status line while the gallery runs.
  static func statusLine(_ screen: String) -> String {
    screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map(String.init) ?? ""
  }

  /// After the gallery left: the prompt is back, the exit status is `status` and the
  /// tty modes are exactly those from before.
  static func expectRestored(_ tmux: Tmux, status: Int, alternateScreen: Bool = true)
    async throws
  {
    try await tmux.waitUntilProgramExits()
    try await tmux.waitUntil("the prompt") { statusLine($0).hasPrefix("READY>") }
    let screen = try await tmux.shellReport()
    #expect(screen.contains("RESULT:\(status):same-tty"), "screen:\n\(screen)")
    if alternateScreen {
      #expect(!screen.contains("pictures ───"), "the gallery's screen is gone:\n\(screen)")
    }
  }

  /// How many of `prefix`-named pictures share the line of the first one: the section's
  /// columns as drawn.
  static func columnsOnScreen(_ screen: String, prefix: String) -> Int {
    guard let line = screen.split(separator: "\n").first(where: { $0.contains("\(prefix)-1.") })
    else { return 0 }
    return line.components(separatedBy: "\(prefix)-").count - 1
  }

  @Test(arguments: [(80, 24, 2, 4), (90, 50, 2, 4), (160, 50, 3, 6), (200, 60, 3, 6)])
  func columnsOnScreenFollowTheSizeClasses(width: Int, height: Int, kitchen: Int, macbook: Int)
    async throws
  {
    let tmux = try await Self.launch(width: width, height: height)
    defer { tmux.kill() }
    let office = try await tmux.capture()
    let perPage = width >= 120 ? 2 : 1
    #expect(Self.columnsOnScreen(office, prefix: "office") == perPage, "screen:\n\(office)")
    try await tmux.sendKeys("Tab")
    let kitchenScreen = try await tmux.waitUntil("kitchen-1 focused") {
      Self.statusLine($0).contains("kitchen-1.jpg")
    }
    #expect(
      Self.columnsOnScreen(kitchenScreen, prefix: "kitchen") == kitchen, "screen:\n\(kitchenScreen)"
    )
    try await tmux.sendKeys("Tab")
    let macbookScreen = try await tmux.waitUntil("macbook-1 focused") {
      Self.statusLine($0).contains("macbook-1.jpg")
    }
    #expect(
      Self.columnsOnScreen(macbookScreen, prefix: "macbook") == macbook, "screen:\n\(macbookScreen)"
    )
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test func arrowsMoveTheFocusAndTheStatusLineFollows() async throws {
    let tmux = try await Self.launch(width: 100, height: 30)
    defer { tmux.kill() }
    #expect(Self.statusLine(try await tmux.capture()).contains("office-1.jpg"))
    try await tmux.sendKeys("Down")
    try await tmux.waitUntil("kitchen-1 focused") { Self.statusLine($0).contains("kitchen-1.jpg") }
    try await tmux.sendKeys("Right")
    try await tmux.waitUntil("kitchen-2 focused") { Self.statusLine($0).contains("kitchen-2.jpg") }
    try await tmux.sendKeys("j")
    try await tmux.waitUntil("kitchen-4 focused") {
      Self.statusLine($0).contains("kitchen-4.jpg") && Self.statusLine($0).contains("4/25")
    }
    try await tmux.sendKeys("Up", "Up")
    try await tmux.waitUntil("back in the office row") {
      Self.statusLine($0).contains("office-1.jpg")
    }
    let screen = try await tmux.capture()
    #expect(screen.contains("╭") && screen.contains("╯"), "a rounded focus frame:\n\(screen)")
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  /// Clicks focus, a double click opens, the wheel scrolls, a click on a header folds it.
  @Test func theMouseFocusesOpensScrollsAndFolds() async throws {
    let tmux = try await Self.launch(width: 100, height: 30)
    defer { tmux.kill() }
    // At 100×30 the Kitchen grid starts on row 20 with two pictures a row.
    try await tmux.mouse(.click, x: 75, y: 24)
    try await tmux.waitUntil("kitchen-2 focused") { Self.statusLine($0).contains("kitchen-2.") }
    try await tmux.mouse(.doubleClick, x: 10, y: 24)
    let detail = try await tmux.waitUntil(contains: "Esc back")
    #expect(detail.contains(" kitchen-1."), "screen:\n\(detail)")
    try await tmux.sendKeys("Escape")
    let grid = try await tmux.waitUntil("the grid") {
      $0.contains("Kitchen  25 pictures") && !$0.contains("Esc back")
    }
    func kitchenRow(_ screen: String) -> Int? {
      screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.contains("Kitchen  25 pictures")
      }
    }
    let before = try #require(kitchenRow(grid))
    // Three rows a wheel step.
    try await tmux.mouse(.wheelUp, x: 50, y: 15)
    try await tmux.waitUntil("the view scrolled up") { kitchenRow($0) == before + 3 }
    #expect(Self.statusLine(try await tmux.capture()).contains("kitchen-1."), "the focus stays")
    try await tmux.mouse(.wheelDown, x: 50, y: 15)
    try await tmux.waitUntil("the view scrolled back") { kitchenRow($0) == before }
    try await tmux.mouse(.click, x: 20, y: before)
    try await tmux.waitUntil(contains: "Kitchen  25 pictures, folded")
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  /// What the screen shows after many incremental frames (lines moved by scroll
  /// regions, only changed cells written) is what a full repaint of the same frame shows.
  @Test func scrolledFramesLeaveTheScreenAsAFullRepaintWould() async throws {
    let tmux = try await Self.launch(width: 120, height: 40, environment: "COLORTERM=truecolor")
    defer { tmux.kill() }
    try await tmux.waitUntil("thumbnails loaded") { !Self.statusLine($0).contains("loading") }
    for key in ["j", "j", "j", "j", "j", "j", "k", "k", "NPage", "l", "PPage", "j", "j", "Down"] {
      let before = Self.statusLine(try await tmux.capture())
      try await tmux.sendKeys(key)
      try await tmux.waitUntil("the focus moved on \(key)") { Self.statusLine($0) != before }
    }
    // Late thumbnails (of the rows scrolled to) land after the status line settles.
    let incremental = try await tmux.waitUntilSteady()
    try await tmux.clearBehindTheProgram()
    try await tmux.waitUntil("a blank pane") { !$0.contains("Kitchen") }
    try await tmux.sendKeys("C-l")
    try await tmux.waitUntil("the repaint") { Self.isDrawn($0) }
    let repainted = try await tmux.captureWithEscapes(keepingTrailingSpaces: true)
    let differing = ScreenModel(capture: incremental, width: 120, height: 40).differingRows(
      from: ScreenModel(capture: repainted, width: 120, height: 40))
    #expect(
      differing.isEmpty, "rows \(differing) differ:\n\(incremental)\nrepainted:\n\(repainted)")
    #expect(try await tmux.capture().contains("Kitchen"))
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test func pageDownScrollsAndTheOfficeRowPages() async throws {
    let tmux = try await Self.launch(width: 160, height: 50)
    defer { tmux.kill() }
    // The row shows two pictures a page; the third pages the row.
    #expect(try await tmux.capture().contains("office-2.jpg"))
    try await tmux.sendKeys("Right", "Right")
    let paged = try await tmux.waitUntil("the next page of the row") {
      Self.statusLine($0).contains("office-3.") && !$0.contains("office-1.")
    }
    #expect(paged.contains("office-4."), "screen:\n\(paged)")
    try await tmux.sendKeys("PageDown")
    // The screen is written top to bottom: wait for the status line too, not only the top.
    let scrolled = try await tmux.waitUntil("a page down") {
      !$0.hasPrefix(" ▾ Office") && !Self.statusLine($0).contains("office-")
    }
    #expect(!scrolled.contains("office-1.jpg"), "screen:\n\(scrolled)")
    try await tmux.sendKeys("PageUp")
    try await tmux.waitUntil("back at the top") { $0.hasPrefix(" ▾ Office") }
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test func enterOpensTheDetailAndEscapeCloses() async throws {
    let tmux = try await Self.launch(width: 100, height: 30)
    defer { tmux.kill() }
    try await tmux.sendKeys("Enter")
    let detail = try await tmux.waitUntil(contains: "Esc back")
    #expect(detail.contains("path   "), "screen:\n\(detail)")
    #expect(detail.contains("JPEG") || detail.contains("PNG"), "screen:\n\(detail)")
    try await tmux.sendKeys("Right")
    try await tmux.waitUntil("the next picture") {
      $0.contains(" office-2.") && $0.contains("Esc back")
    }
    try await tmux.sendKeys("Escape")
    try await tmux.waitUntil("the grid") {
      $0.contains("Kitchen  25 pictures") && !$0.contains("Esc back")
    }
    #expect(Self.statusLine(try await tmux.capture()).contains("office-2."))
    try await tmux.sendKeys("?")
    let help = try await tmux.waitUntil(contains: " Keys ")
    #expect(help.contains("move a page"), "screen:\n\(help)")
    try await tmux.sendKeys("?")
    try await tmux.waitUntil("help closed") { !$0.contains(" Keys ") }
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test func aResizeReflowsAndFiftyResizesLeaveItResponsive() async throws {
    let tmux = try await Self.launch(width: 80, height: 24)
    defer { tmux.kill() }
    try await tmux.resize(width: 200, height: 60)
    try await tmux.waitUntil("the reflow") { Self.columnsOnScreen($0, prefix: "office") == 2 }
    try await Self.waitForSize(tmux, width: 200, height: 60)
    let sizes = [(60, 20), (130, 40), (90, 50), (200, 60), (100, 30)]
    for index in 0..<50 {
      let (width, height) = sizes[index % sizes.count]
      try await tmux.resize(width: width, height: height)
    }
    try await tmux.resize(width: 120, height: 40)
    try await Self.waitForSize(tmux, width: 120, height: 40)
    try await tmux.sendKeys("Tab")
    let screen = try await tmux.waitUntil("kitchen-1 focused") {
      Self.statusLine($0).contains("kitchen-1.jpg")
    }
    #expect(Self.columnsOnScreen(screen, prefix: "kitchen") == 3, "screen:\n\(screen)")
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 120 })
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test func aTinyTerminalSaysSoAndRecovers() async throws {
    let tmux = try await Self.launch(width: 80, height: 24)
    defer { tmux.kill() }
    try await tmux.resize(width: 20, height: 5)
    try await tmux.waitUntil(contains: "too small")
    try await tmux.resize(width: 80, height: 24)
    try await tmux.waitUntil("redrawn") { Self.isDrawn($0) }
    try await Self.waitForSize(tmux, width: 80, height: 24)
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test(arguments: [("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP)])
  func signalsLeaveTheTerminalRestored(name: String, signal: Int32) async throws {
    let tmux = try await Self.launch(width: 90, height: 30)
    defer { tmux.kill() }
    try await tmux.signalProgram(signal)
    try await Self.expectRestored(tmux, status: 128 + Int(signal))
  }

  @Test(arguments: ["xterm-256color", "tmux-256color", "xterm", "vt100"])
  func worksUnderCommonTerminalTypes(term: String) async throws {
    let tmux = try await Self.launch(width: 90, height: 30, term: term)
    defer { tmux.kill() }
    try await tmux.sendKeys("Down")
    try await tmux.waitUntil("the focus moved") { Self.statusLine($0).contains("kitchen-1.jpg") }
    try await tmux.sendKeys("q")
    // vt100 has no alternate screen: the last frame stays above the prompt.
    try await Self.expectRestored(tmux, status: 0, alternateScreen: term != "vt100")
  }

  @Test func aLocaleWithoutUTF8GetsASCIIBordersAndArt() async throws {
    let tmux = try await Self.launch(
      width: 90, height: 30, environment: "LANG=C LC_ALL=C", times: "x")
    defer { tmux.kill() }
    try await tmux.waitUntil(deadline: .seconds(20), "thumbnails loaded") {
      !Self.statusLine($0).contains("loading")
    }
    let screen = try await tmux.capture()
    #expect(screen.contains("+---"), "ASCII focus frame:\n\(screen)")
    #expect(screen.unicodeScalars.allSatisfy { $0.isASCII }, "only ASCII on screen:\n\(screen)")
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }

  @Test func anUnsetOrUnknownTermIsAClearError() async throws {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: 100, height: 30)
    defer { tmux.kill() }
    func outcome(_ marker: String) async throws -> String {
      try await tmux.waitUntil("the status after \(marker)") {
        $0.split(separator: "\n").contains { $0.hasPrefix(marker + ":") }
      }
    }
    try await tmux.run("env -u TERM \(binary); echo UNSET:$?")
    let unset = try await outcome("UNSET")
    #expect(unset.contains("TERM is not set") && unset.contains("UNSET:1"), "screen:\n\(unset)")
    try await tmux.run("TERM=no-such-terminal \(binary); echo UNKNOWN:$?")
    let unknown = try await outcome("UNKNOWN")
    #expect(
      unknown.contains("unknown terminal type") && unknown.contains("UNKNOWN:1"),
      "screen:\n\(unknown)")
  }

  /// A terminal type whose entry cannot move the cursor (`dumb`, `glasstty`: no `cup`;
  /// `lpr`: a hardcopy terminal), even with truecolor asked for, is refused before anything
  /// reaches the terminal: the message says why and what to do, the status is 1, nothing
  /// was written between the command line and the shell's report, and the tty modes are
  /// the shell's. A generic entry (`unknown`) is an unknown type, as before.
  @Test(arguments: [
    ("dumb", "", "the terminal type 'dumb' cannot move the cursor"),
    ("glasstty", "", "the terminal type 'glasstty' cannot move the cursor"),
    ("lpr", "", "the terminal type 'lpr' cannot move the cursor"),
    ("dumb", "COLORTERM=truecolor", "the terminal type 'dumb' cannot move the cursor"),
    ("unknown", "", "unknown terminal type 'unknown'"),
  ])
  func aTerminalTypeThatCannotMoveTheCursorIsAClearError(
    term: String, environment: String, message: String
  ) async throws {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: 250, height: 20)
    defer { tmux.kill() }
    try await tmux.runToCompletion("stty -g > stty.before")
    try await tmux.run(
      "\(environment) TERM=\(term) \(binary) --no-cache 2> errors.txt; "
        + #"echo "STATUS:$?:$(stty -g | cmp -s - stty.before && echo same-tty)""#)
    let screen = try await tmux.waitUntil(deadline: .seconds(15), "the exit status") {
      $0.split(separator: "\n").contains { $0.hasPrefix("STATUS:") }
    }
    let lines = screen.split(separator: "\n").map(String.init)
    let report = lines.firstIndex { $0.hasPrefix("STATUS:") } ?? 0
    // The end of the command line, then at once the report: nothing was written between.
    #expect(lines[report] == "STATUS:1:same-tty", "screen:\n\(screen)")
    #expect(
      report > 0 && lines[report - 1].hasSuffix(#"echo same-tty)""#), "screen:\n\(screen)")
    let errors = String(
      decoding: try Data(contentsOf: tmux.directory.appendingPathComponent("errors.txt")),
      as: UTF8.self)
    #expect(errors.hasPrefix("gallery: \(message)"), "standard error:\n\(errors)")
    if message.contains("cannot move the cursor") {
      #expect(errors.contains("so the gallery cannot draw on it"), "\(errors)")
      #expect(errors.contains("TERM=xterm-256color") && errors.contains("--print"), "\(errors)")
    }
  }

  @Test func idleDrawsNothing() async throws {
    let tmux = try await Self.launch(width: 100, height: 30)
    defer { tmux.kill() }
    // Once the thumbnails on screen are in, the screen holds still.
    try await tmux.waitUntil(deadline: .seconds(20), "thumbnails loaded") {
      !Self.statusLine($0).contains("loading")
    }
    let settled = try await tmux.captureWithEscapes()
    // Looked at every 100 ms (or as often as a busy machine allows) until two seconds
    // have passed, the last look after them, the screen never changes.
    let clock = ContinuousClock()
    let start = clock.now
    var unchanged = true
    repeat {
      try await Task.sleep(for: .milliseconds(100))
      unchanged = try await tmux.captureWithEscapes() == settled
    } while unchanged && clock.now < start + .seconds(2)
    #expect(unchanged, "changed after \(clock.now - start)")
    try await tmux.sendKeys("q")
    try await Self.expectRestored(tmux, status: 0)
  }
}

/// `gallery` run as a plain process: `--print`, and the errors that need no terminal.
@Suite struct GalleryCommandTests {
  struct Outcome {
    var status: Int32
    var output: String
    var errors: String
  }

  static func run(_ arguments: [String], environment: [String: String] = [:]) async throws
    -> Outcome
  {
    var variables = ProcessInfo.processInfo.environment
    variables["LANG"] = "C.UTF-8"
    variables["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "gallery-app-e2e-cache"
    variables.merge(environment) { _, new in new }
    let outcome = try await Subprocess.run(
      [try BuiltProduct.path("gallery")] + arguments, environment: variables)
    return Outcome(status: outcome.status, output: outcome.output, errors: outcome.errors)
  }

  struct Element: Decodable {
    var section: Int
    var kind: String
    var x: Int
    var y: Int
    var width: Int
  }

  struct Document: Decodable {
    var horizontalSizeClass: String
    var verticalSizeClass: String
    var elements: [Element]
  }

  @Test(arguments: [
    ("80x24", 80, "compact", 1, 2, 4), ("90x50", 90, "compact", 1, 2, 4),
    ("160x50", 160, "regular", 2, 3, 6), ("200x60", 200, "regular", 2, 3, 6),
  ])
  func printJSONColumnsFollowTheTable(
    size: String, width: Int, horizontal: String, office: Int, kitchen: Int, macbook: Int
  ) async throws {
    let outcome = try await Self.run(["--print", "--format", "json", "--size", size])
    #expect(outcome.status == 0, "\(outcome.errors)")
    let document = try JSONDecoder().decode(Document.self, from: Data(outcome.output.utf8))
    #expect(document.horizontalSizeClass == horizontal)
    func columns(_ section: Int) -> Int {
      let items = document.elements.filter { $0.kind == "item" && $0.section == section }
      let top = items.map(\.y).min()
      return items.filter { $0.y == top && $0.x + $0.width <= width }.count
    }
    let found: [Int] = [columns(0), columns(1), columns(2)]
    #expect(found == [office, kitchen, macbook])
  }

  @Test func printPlainAndANSINeedNoTerminal() async throws {
    let plain = try await Self.run(["--print", "--format", "plain"])
    #expect(plain.status == 0)
    #expect(plain.output.contains("Office  15 pictures"))
    #expect(!plain.output.contains("\u{1B}"))
    let ansi = try await Self.run(["--print", "--size", "60x20"])
    #expect(ansi.status == 0, "\(ansi.errors)")
    #expect(ansi.output.contains("\u{1B}["))
    #expect(ansi.output.split(separator: "\n").count > 20)
  }

  /// `--print` keeps its drawn art for the next run and writes no freedesktop thumbnail:
  /// a PNG for every picture of a batch cost it 30–50% more CPU.
  @Test func printKeepsItsArtButWritesNoThumbnails() async throws {
    let cache = NSTemporaryDirectory() + "gallery-print-cache-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let first = try await Self.run(
      ["--print", "--size", "100x30"], environment: ["XDG_CACHE_HOME": cache])
    #expect(first.status == 0, "\(first.errors)")
    let art = (try? FileManager.default.contentsOfDirectory(atPath: cache + "/gallery/art")) ?? []
    #expect(art.filter { $0.hasSuffix(".art") }.count >= 10, "\(art.count) entries")
    #expect(!FileManager.default.fileExists(atPath: cache + "/thumbnails"))
    // The second run draws the same from the art alone.
    let second = try await Self.run(
      ["--print", "--size", "100x30"], environment: ["XDG_CACHE_HOME": cache])
    #expect(second.status == 0 && second.output == first.output)
  }

  @Test func withoutATerminalItPointsToPrint() async throws {
    let outcome = try await Self.run([])
    #expect(outcome.status == 2)
    #expect(outcome.errors.contains("--print"))
  }

  @Test func unknownOptionsPrintTheUsage() async throws {
    let outcome = try await Self.run(["--no-such-option"])
    #expect(outcome.status == 2)
    #expect(outcome.errors.contains("usage: gallery"))
    #expect(outcome.output.isEmpty)
    let help = try await Self.run(["--help"])
    #expect(help.status == 0 && help.output.contains("--print"))
    let version = try await Self.run(["--version"])
    #expect(version.status == 0 && version.output.hasPrefix("gallery "))
  }

  @Test func aMissingFolderIsAClearError() async throws {
    let outcome = try await Self.run(["--print", "/no/such/folder"])
    #expect(outcome.status == 1)
    #expect(outcome.errors.contains("/no/such/folder"))
  }
}

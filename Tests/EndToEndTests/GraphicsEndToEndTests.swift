import Foundation
import TestSupport
import Testing

/// Pictures in real terminals: `curses-demo --pictures` in a sixel xterm and in
/// kitty under Xvfb, checked by the pixels of screenshots. The demo reports
/// after each frame where its pictures are (in cells) and the cell size.
@Suite(
  .enabled(
    if: XTerminal.shouldRun,
    "no X server here: \(XTerminal.unavailableReason ?? "") (under CI these tests run and fail)"))
struct GraphicsEndToEndTests {
  static let colors: [String: (Int, Int, Int)] = [
    "red": (220, 30, 30), "green": (30, 200, 60), "blue": (40, 70, 230),
    "yellow": (240, 220, 40), "magenta": (210, 40, 200), "cyan": (40, 210, 220),
  ]

  /// The demo's report: cell size, protocol, pictures, frame number.
  struct Report {
    var cellWidth = 0
    var cellHeight = 0
    var graphics = ""
    var frame = -1
    var pictures: [String: (x: Int, y: Int, columns: Int, rows: Int)] = [:]
    var text = ""

    init(_ text: String) {
      self.text = text
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let first = words.first else { continue }
        switch first {
        case "cell":
          let size = words[1].split(separator: "x").compactMap { Int($0) }
          if size.count == 2 { (cellWidth, cellHeight) = (size[0], size[1]) }
        case "graphics": graphics = words.dropFirst().joined(separator: " ")
        case "frame": frame = Int(words[1]) ?? -1
        case "picture" where words.count == 6:
          let numbers = words[2...].compactMap { Int($0) }
          if numbers.count == 4 {
            pictures[String(words[1])] = (numbers[0], numbers[1], numbers[2], numbers[3])
          }
        default: break
        }
      }
    }
  }

  /// Launches the demo in `kind`, waits for its first frame in `graphics`.
  static func launch(_ kind: XTerminal.Kind, graphics: String) async throws -> (XTerminal, String) {
    let binary = try BuiltProduct.path("curses-demo")
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-pictures-\(UUID().uuidString.prefix(8)).txt"
    ).path
    let term = kind == .kitty ? "xterm-kitty" : "xterm-256color"
    let terminal = try await XTerminal.launch(
      kind,
      command:
        "TERM=\(term) \(binary) --pictures --color always --graphics-timeout-ms 3000 --report \(scratch); sleep 30"
    )
    do {
      try await terminal.poll("the first frame in \(graphics)", deadline: .seconds(20)) {
        let report = Report((try? String(contentsOfFile: scratch, encoding: .utf8)) ?? "")
        return report.frame >= 0 && report.graphics == graphics
      }
    } catch {
      let report = (try? String(contentsOfFile: scratch, encoding: .utf8)) ?? "no report"
      terminal.close()
      throw XTerminal.Failure(description: "\(error); the demo reported:\n\(report)")
    }
    return (terminal, scratch)
  }

  static func report(_ path: String) -> Report {
    Report((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
  }

  /// Presses `key` and waits for the frame after it.
  static func press(_ key: String, _ terminal: XTerminal, report path: String) async throws
    -> Report
  {
    let before = report(path).frame
    try await terminal.key(key)
    try await terminal.poll("the frame after \(key)") { report(path).frame > before }
    return report(path)
  }

  /// Waits until every picture wholly on screen (and not under `avoiding`
  /// rows) shows its colour at its centre; returns the screenshot.
  @discardableResult
  static func expectPictures(
    _ terminal: XTerminal, _ report: Report, name: String,
    avoiding box: (x: Int, y: Int, columns: Int, rows: Int)? = nil,
    check: (Screenshot) -> Bool = { _ in true }
  ) async throws -> Screenshot {
    var last: Screenshot?
    var missing: [String] = []
    do {
      try await terminal.poll("the pictures in \(name)") {
        let shot = try await terminal.screenshot(name)
        last = shot
        missing = []
        for (name, rect) in report.pictures where rect.y >= 1 && rect.y + rect.rows < 23 {
          if let box, rect.x < box.x + box.columns, box.x < rect.x + rect.columns,
            rect.y < box.y + box.rows, box.y < rect.y + rect.rows
          {
            continue
          }
          let centre = (rect.x + rect.columns / 2, rect.y + rect.rows / 2)
          if !shot.cell(
            centre.0, centre.1, cellWidth: report.cellWidth, cellHeight: report.cellHeight,
            is: colors[name] ?? (0, 0, 0))
          {
            missing.append(name)
          }
        }
        return missing.isEmpty && check(shot)
      }
    } catch {
      Issue.record("\(name): pictures missing \(missing) or check failed\n\(report.text)")
    }
    if let last { return last }
    return try await terminal.screenshot(name)
  }

  @Test(arguments: [
    (XTerminal.Kind.sixelXterm, "sixel"), (XTerminal.Kind.kitty, "kitty"),
  ])
  func picturesAppearMoveAndLeaveNothingBehind(kind: XTerminal.Kind, graphics: String)
    async throws
  {
    let (terminal, path) = try await Self.launch(kind, graphics: graphics)
    defer { terminal.close() }
    let first = Self.report(path)
    let label = kind.rawValue
    try await Self.expectPictures(terminal, first, name: "\(label)-1-grid")

    // Scroll the page up 3 rows: the first row of pictures goes partly off the
    // top; what shows of them is kitty's crop, and nothing at all with sixel,
    // but never a stale copy.
    _ = try await Self.press("Down", terminal, report: path)
    _ = try await Self.press("Down", terminal, report: path)
    let scrolled = try await Self.press("Down", terminal, report: path)
    let red = try #require(scrolled.pictures["red"])
    try await Self.expectPictures(terminal, scrolled, name: "\(label)-2-scrolled") { shot in
      // A cell of red's visible part, below the header.
      let showsRed = shot.cell(
        red.x + 2, red.y + red.rows - 1, cellWidth: scrolled.cellWidth,
        cellHeight: scrolled.cellHeight, is: Self.colors["red"] ?? (0, 0, 0))
      // Where red's top rows were before the scroll: not red any more.
      let stale = shot.cell(
        red.x + 2, red.y + red.rows + 1, cellWidth: scrolled.cellWidth,
        cellHeight: scrolled.cellHeight, is: Self.colors["red"] ?? (0, 0, 0))
      return showsRed == (graphics == "kitty") && !stale
    }

    // An overlay over the middle: its text and grey win over the pictures.
    let covered = try await Self.press("o", terminal, report: path)
    try await Self.expectPictures(
      terminal, covered, name: "\(label)-3-overlay", avoiding: (10, 4, 30, 5)
    ) { shot in
      shot.cell(
        12, 6, cellWidth: covered.cellWidth, cellHeight: covered.cellHeight, is: (90, 90, 90),
        tolerance: 12)
    }
    // Closed again: the pictures it covered come back whole.
    let uncovered = try await Self.press("o", terminal, report: path)
    try await Self.expectPictures(terminal, uncovered, name: "\(label)-4-uncovered")

    // Sideways by 4 columns: the columns a picture left are blank again.
    let moved = try await Self.press("Right", terminal, report: path)
    let yellow = try #require(moved.pictures["yellow"])
    try await Self.expectPictures(terminal, moved, name: "\(label)-5-moved") { shot in
      !shot.cell(
        yellow.x - 2, yellow.y + 2, cellWidth: moved.cellWidth, cellHeight: moved.cellHeight,
        is: Self.colors["yellow"] ?? (0, 0, 0))
    }

    // Quitting leaves no picture behind on the terminal's screen.
    try await terminal.key("q")
    try await terminal.poll("the pictures to go") {
      let shot = try await terminal.screenshot("\(label)-6-quit")
      return Self.colors.values.allSatisfy { colour in
        stride(from: 0, to: shot.width, by: 7).allSatisfy { x in
          stride(from: 0, to: shot.height, by: 7).allSatisfy { y in
            let pixel = shot.color(x: x, y: y)
            return abs(pixel.0 - colour.0) > 30 || abs(pixel.1 - colour.1) > 30
              || abs(pixel.2 - colour.2) > 30
          }
        }
      }
    }
  }

  /// Inside tmux in kitty: with `allow-passthrough on` the kitty query is
  /// answered through tmux (kitty 0.26 has no placeholders, so cells, and says
  /// why); without it the report says to turn it on.
  @Test(arguments: [true, false])
  func tmuxPassthroughIsDetectedOrExplained(passthrough: Bool) async throws {
    // The probe ends at kitty's answer; a kitty just started beside other work has taken
    // over two seconds to give its first. Without passthrough no answer comes: the wait
    // is the whole timeout.
    let text = try await Self.diagnoseInTmux(
      .kitty, passthrough: passthrough, timeoutMilliseconds: passthrough ? 15000 : 2000)
    #expect(text.contains("graphics: cells"), "\(text)")
    if passthrough {
      #expect(text.contains("kitty graphics query with OK (through tmux passthrough)"), "\(text)")
      #expect(text.contains("terminal: kitty 0.26"), "\(text)")
      #expect(text.contains("only placeholders follow the panes"), "\(text)")
    } else {
      #expect(text.contains("allow-passthrough on"), "\(text)")
    }
  }

  /// In xterm with passthrough on, tmux names the terminal outside (`XTerm(379)`), which
  /// draws no pictures that follow tmux's panes: the gallery asks it nothing and waits for
  /// nothing, where it used to wait for the whole deadline.
  @Test func aTerminalTmuxNamesWithoutPlaceholdersIsNotWaitedFor() async throws {
    let text = try await Self.diagnoseInTmux(.sixelXterm, passthrough: true, product: "gallery")
    #expect(text.contains("the terminal outside is XTerm("), "\(text)")
    #expect(!text.contains("go through passthrough"), "\(text)")
    #expect(text.contains("(every answer waited for came)"), "\(text)")
  }

  /// `curses-demo --diagnose` (or `product`'s) in tmux (passthrough on or off) in a
  /// terminal under Xvfb, its report.
  static func diagnoseInTmux(
    _ kind: XTerminal.Kind, passthrough: Bool, timeoutMilliseconds: Int? = nil,
    product: String = "curses-demo"
  ) async throws -> String {
    let binary = try BuiltProduct.path(product)
    // The gallery's report ends with its leftovers; the demo's has none.
    let last = product == "gallery" ? "leftovers" : "inside tmux: yes"
    // The gallery asks tmux what the terminal outside is, which tmux learns from that
    // terminal's answer to its own question when the client attaches: started a second
    // later, as in a session already open, the answer has come even on a busy machine.
    let settle = product == "gallery" ? "sleep 1; " : ""
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-tmux-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let config = scratch.appendingPathComponent("tmux.conf").path
    try Data(
      ("set -g status off\n" + (passthrough ? "set -g allow-passthrough on\n" : "")).utf8
    ).write(to: URL(fileURLWithPath: config))
    let output = scratch.appendingPathComponent("diagnose.txt").path
    let terminal = try await XTerminal.launch(
      kind,
      command:
        "tmux -S \(scratch.path)/socket -f \(config) new-session"
        + " '\(settle)TERM=tmux-256color \(binary) --diagnose"
        + (timeoutMilliseconds.map { " --graphics-timeout-ms \($0)" } ?? "")
        + " > \(output) 2>&1; sleep 30'")
    defer {
      // The tmux server lives outside the terminal's process group; its socket is in
      // `scratch`, so the folder goes once the server has.
      terminal.close()
      let removeScratch: @Sendable () -> Void = { try? FileManager.default.removeItem(at: scratch) }
      if let pid = try? Subprocess.start(["tmux", "-S", scratch.path + "/socket", "kill-server"]) {
        Subprocess.whenEnded(pid) { _ in removeScratch() }
      } else {
        removeScratch()
      }
    }
    try await terminal.poll("the diagnosis", deadline: .seconds(40)) {
      ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains(last)
    }
    return try String(contentsOfFile: output, encoding: .utf8)
  }

  /// In a tmux session no terminal is attached to, tmux says so when asked: the probe
  /// does not wait for answers from outside that cannot come, and says why.
  @Test func aDetachedTmuxIsNotWaitedFor() async throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-detached-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let socket = scratch.path + "/socket"
    defer {
      let removeScratch: @Sendable () -> Void = { try? FileManager.default.removeItem(at: scratch) }
      if let pid = try? Subprocess.start(["tmux", "-S", socket, "kill-server"]) {
        Subprocess.whenEnded(pid) { _ in removeScratch() }
      } else {
        removeScratch()
      }
    }
    let output = scratch.path + "/diagnose.txt"
    let started = try await Subprocess.run([
      "tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "40",
      "TERM=tmux-256color \(try BuiltProduct.path("gallery")) --diagnose > \(output) 2>&1;"
        + " sleep 30",
    ])
    try #require(started.status == 0, "\(started.errors)")
    let ended = await Waiting.until(timeout: .seconds(30), interval: .milliseconds(50)) {
      ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("leftovers")
    }
    try #require(ended, "no diagnosis in \(output)")
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.contains("inside tmux: yes"), "\(text)")
    #expect(text.contains("tmux passes no queries to the terminal outside"), "\(text)")
    #expect(!text.contains("go through passthrough"), "\(text)")
  }
}

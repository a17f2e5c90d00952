import Foundation
import TestSupport
import Testing

/// Pictures in pixels that change and move, in real terminals under Xvfb: a clip plays in
/// kitty with a picture every time one looks, to its end and after; in xterm's sixel,
/// after keys that scroll the screen while pictures that decode late (videos, a raw file,
/// SVG drawings) arrive, the screen is the one a full redraw (Ctrl-L) shows.
///
/// Slow (a kitty or an xterm each, and screenshots for seconds): seconds of a real
/// terminal's drawing, which no model of a terminal can stand in for.
@Suite(
  .enabled(
    if: XTerminal.shouldRun,
    "no X server here: \(XTerminal.unavailableReason ?? "") (under CI these tests run and fail)"))
struct MovingPixelsEndToEndTests {
  static func folder(_ name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-\(name)-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  static func run(_ command: [String]) async throws {
    let made = try await Subprocess.run(command)
    try #require(made.status == 0, "\(command.joined(separator: " ")): \(made.errors)")
  }

  static func launch(
    _ kind: XTerminal.Kind, graphics: String, folder: String, columns: Int = 80, rows: Int = 24,
    layout: String = "--layout grid"
  ) async throws -> XTerminal {
    let binary = try BuiltProduct.path("gallery")
    let term = kind == .kitty ? "xterm-kitty" : "xterm-256color"
    return try await XTerminal.launch(
      kind,
      command:
        "unset NO_COLOR; TERM=\(term) XDG_CACHE_HOME=\(folder)/.cache "
        + "XDG_STATE_HOME=\(folder)/.state \(binary) --no-cache --graphics \(graphics) "
        + "\(layout) \(folder); sleep 30",
      columns: columns, rows: rows)
  }

  /// Sampled pixels of the detail view's picture rows (the top 18 of 24), every 7th.
  static func pictureSamples(_ shot: Screenshot) -> [(Int, Int, Int)] {
    stride(from: 3, to: shot.height * 18 / 24, by: 7).flatMap { y in
      stride(from: 3, to: shot.width - 3, by: 7).map { x in shot.color(x: x, y: y) }
    }
  }

  /// How many samples are lit (the test pattern's colours, not the black around it).
  static func lit(_ samples: [(Int, Int, Int)]) -> Int {
    samples.filter { $0.0 + $0.1 + $0.2 > 150 }.count
  }

  @Test func aClipInKittyShowsAMovingPictureEveryTimeToItsEnd() async throws {
    let folder = try Self.folder("clip-kitty")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try await Self.run([
      "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
      "testsrc2=size=320x240:rate=24:duration=5", "-c:v", "libx264", "-pix_fmt", "yuv420p",
      "\(folder)/clip.mp4",
    ])
    let terminal = try await Self.launch(.kitty, graphics: "kitty", folder: folder)
    defer { terminal.close() }
    try await terminal.poll("the poster", deadline: .seconds(20)) {
      Self.lit(Self.pictureSamples(try await terminal.screenshot("clip-0-grid"))) > 40
    }
    try await terminal.key("Return")
    // The detail view's first frame (it may show nothing while it loads).
    try await terminal.poll("the first frame", deadline: .seconds(20)) {
      Self.lit(Self.pictureSamples(try await terminal.screenshot("clip-1"))) > 40
    }
    // Across the whole clip and a little after: a picture in every screenshot.
    let clock = ContinuousClock()
    let start = clock.now
    var shots: [[(Int, Int, Int)]] = []
    // However slow the screenshots (a busy machine), at least four: the first in the clip.
    while clock.now - start < .seconds(8) || shots.count < 4 {
      let samples = Self.pictureSamples(try await terminal.screenshot("clip-\(shots.count + 2)"))
      #expect(Self.lit(samples) > 40, "screenshot \(shots.count + 2): the picture is black")
      shots.append(samples)
    }
    let changes = zip(shots, shots.dropFirst()).filter { previous, next in
      zip(previous, next).contains { abs($0.0 - $1.0) + abs($0.1 - $1.1) + abs($0.2 - $1.2) > 60 }
    }.count
    #expect(changes >= 1, "the picture never moved in \(shots.count) screenshots")
    try await terminal.key("q")
  }

  /// `a` (twelve photos, a row of its own in the standard layout), `b` (three clips and
  /// three SVG drawings, large and slow: decoded late) and `c` (five photos and a raw file):
  /// sections that Tab and Shift-Tab scroll to.
  static func mixedFolder() async throws -> String {
    let folder = try Self.folder("mixed-sixel")
    for section in ["a", "b", "c"] {
      try FileManager.default.createDirectory(
        atPath: "\(folder)/\(section)", withIntermediateDirectories: true)
    }
    for index in 0..<12 {
      try await Self.run([
        "convert", "-size", "400x300", "xc:hsl(\(index * 30),80%,45%)",
        "\(folder)/a/photo\(index).jpg",
      ])
    }
    for index in 0..<5 {
      try await Self.run([
        "convert", "-size", "400x300", "xc:hsl(\(index * 60 + 30),70%,35%)",
        "\(folder)/c/photo\(index).jpg",
      ])
    }
    for index in 0..<3 {
      try await Self.run([
        "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
        "testsrc2=size=1920x1080:rate=24:duration=2", "-vf", "hue=h=\(index * 90)", "-c:v",
        "libx264", "-pix_fmt", "yuv420p", "\(folder)/b/clip\(index).mp4",
      ])
    }
    for (index, colour) in ["#c02020", "#20a040", "#2040c0"].enumerated() {
      let drawing =
        #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="2400" "#
        + #"height="1800" viewBox="0 0 240 180"><defs><filter id="f"><feGaussianBlur "#
        + #"stdDeviation="8"/><feTurbulence baseFrequency="0.05" numOctaves="8"/>"#
        + #"<feComposite in2="SourceGraphic" operator="in"/></filter></defs>"#
        + #"<rect width="240" height="180" fill="\#(colour)"/><circle cx="120" cy="90" "#
        + #"r="60" fill="white" filter="url(#f)"/></svg>"#
      try drawing.write(
        toFile: "\(folder)/b/drawing\(index).svg", atomically: true, encoding: .utf8)
    }
    var scene = [UInt8](repeating: 255, count: 480 * 320 * 4)
    for index in 0..<(480 * 320) {
      scene[index * 4] = 40
      scene[index * 4 + 1] = 180
    }
    let raw = DNGWriter(width: 480, height: 320, scene: scene, preview: nil).bytes()
    try Data(raw).write(to: URL(fileURLWithPath: "\(folder)/c/IMG_0001.DNG"))
    return folder
  }

  /// The screen once it stands still: two screenshots a second apart the same.
  static func settled(_ terminal: XTerminal, _ name: String) async throws -> Screenshot {
    var last = try await terminal.screenshot(name)
    var result: Screenshot?
    try await terminal.poll("the screen settled (\(name))", deadline: .seconds(30)) {
      try await Task.sleep(for: .seconds(1))
      let next = try await terminal.screenshot(name)
      defer { last = next }
      guard next.rgb == last.rgb else { return false }
      result = next
      return true
    }
    return try #require(result)
  }

  /// The share of pixels that differ between two screenshots of one size.
  static func differing(_ a: Screenshot, _ b: Screenshot) -> Double {
    guard a.width == b.width, a.height == b.height else { return 1 }
    var count = 0
    for index in stride(from: 0, to: a.rgb.count, by: 3) {
      let delta =
        abs(Int(a.rgb[index]) - Int(b.rgb[index]))
        + abs(Int(a.rgb[index + 1]) - Int(b.rgb[index + 1]))
        + abs(Int(a.rgb[index + 2]) - Int(b.rgb[index + 2]))
      if delta > 60 { count += 1 }
    }
    return Double(count) / Double(a.width * a.height)
  }

  @Test(arguments: [XTerminal.Kind.sixelXterm, .sixelXtermOnWhite])
  func sixelPicturesAfterScrollingAreWhatARedrawShows(kind: XTerminal.Kind) async throws {
    let folder = try await Self.mixedFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let terminal = try await Self.launch(
      kind, graphics: "sixel", folder: folder, columns: 120, rows: 40, layout: "")
    defer { terminal.close() }
    let name = kind.rawValue
    _ = try await Self.settled(terminal, "\(name)-0-start")
    // Down to `b` and `c` and back up: each key scrolls while pictures arrive.
    var scrolled: Screenshot?
    for (step, key) in ["Tab", "Tab", "shift+Tab", "shift+Tab"].enumerated() {
      try await terminal.key(key)
      scrolled = try await Self.settled(terminal, "\(name)-\(step + 1)-\(key)")
    }
    try await terminal.key("ctrl+l")
    let redrawn = try await Self.settled(terminal, "\(name)-5-redrawn")
    let share = Self.differing(try #require(scrolled), redrawn)
    #expect(share < 0.001, "\(Int(share * 10000)) in 10000 pixels differ from the redraw")
    try await terminal.key("q")
  }
}

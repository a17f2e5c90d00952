import Foundation
import TestSupport
import Testing

/// The survey driven as a photographer drives it, in tmux: `N` on a burst, moving between
/// the panes, a reject that leaves (its sidecar read back by exiftool), a zoom on every
/// picture and on one alone, the next set, a picture opened alone and back, a resize, and
/// back to the gallery with the focus kept.
@Suite struct SurveyEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// `IMG_0001.JPG` … `IMG_0008.JPG`: a burst of one scene, each a little blurrier.
  static func makeBurst(in folder: String) async throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for index in 0..<8 {
      let made = try await Subprocess.run([
        "convert", "-size", "300x200", "pattern:checkerboard", "-fill", "orange",
        "-draw", "circle 150,100 150,40", "-blur", "0x\(index)", "-quality", "85",
        folder + String(format: "/IMG_%04d.JPG", index + 1),
      ])
      try #require(made.status == 0, "ImageMagick made the burst: \(made.errors)")
    }
  }

  /// The names of the pictures the survey shows: each pane's name on its ring.
  static func shownNames(_ screen: String) -> Set<String> {
    let body = screen.split(separator: "\n").dropLast().joined(separator: "\n")
    return Set((1...8).map { String(format: "IMG_%04d.JPG", $0) }.filter { body.contains($0) })
  }

  @Test func aBurstIsSurveyedCulledZoomedAndLeftInTmux() async throws {
    let tmux = try await Tmux.start(width: 120, height: 40)
    defer { tmux.kill() }
    let burst = tmux.directory.appendingPathComponent("burst").path
    try await Self.makeBurst(in: burst)
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run("stty -g > stty.before")
    try await tmux.run("TERM=xterm-256color \(binary) --no-cache --graphics cells burst")
    try await tmux.waitUntil(deadline: .seconds(30), "the burst, the first picture focused") {
      E2E.isDrawn($0) && E2E.statusLine($0).contains("IMG_0001.JPG")
    }
    try await tmux.sendKeys("N")
    try await tmux.waitUntil("the first four side by side") {
      E2E.statusLine($0).contains("survey 1 of 4")
        && Self.shownNames($0) == ["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG", "IMG_0004.JPG"]
    }
    // The arrows go to the pane beside; a reject there takes it out.
    try await tmux.sendKeys("Right")
    try await tmux.waitUntil("the second focused") {
      E2E.statusLine($0).contains("IMG_0002.JPG") && E2E.statusLine($0).contains("survey 2 of 4")
    }
    try await tmux.sendKeys("X")
    try await tmux.waitUntil("the reject gone from the survey") {
      E2E.statusLine($0).contains("survey 2 of 3") && !Self.shownNames($0).contains("IMG_0002.JPG")
    }
    let sidecar = burst + "/IMG_0002.JPG.xmp"
    let written = await Waiting.until(timeout: .seconds(20), interval: .milliseconds(50)) {
      FileManager.default.fileExists(atPath: sidecar)
    }
    try #require(written, "the reject's sidecar")
    let read = try await Subprocess.run(["exiftool", "-s3", "-n", "-XMP-xmp:Rating", sidecar])
    #expect(read.output.trimmingCharacters(in: .whitespacesAndNewlines) == "-1")
    // Zoom on every picture, then on the focused one alone.
    try await tmux.sendKeys("+", "+")
    try await tmux.waitUntil("zoomed together") {
      E2E.statusLine($0).contains("zoom ×2 on every picture")
    }
    try await tmux.sendKeys("L", "+")
    try await tmux.waitUntil("zoomed alone") {
      E2E.statusLine($0).contains("zoom ×2.8 on this one")
    }
    try await tmux.sendKeys("L", "W")
    try await tmux.waitUntil("whole again") { !E2E.statusLine($0).contains("zoom") }
    // The next set, then the one before.
    try await tmux.sendKeys("NPage")
    try await tmux.waitUntil("the next three") {
      Self.shownNames($0) == ["IMG_0005.JPG", "IMG_0006.JPG", "IMG_0007.JPG"]
    }
    try await tmux.sendKeys("PPage")
    try await tmux.waitUntil("back to the first") {
      Self.shownNames($0).contains("IMG_0001.JPG") && E2E.statusLine($0).contains("survey 1 of")
    }
    // Enter opens the focused picture alone; Esc comes back to the survey.
    try await tmux.sendKeys("Tab", "Enter")
    try await tmux.waitUntil("the detail view") {
      $0.contains("previous/next") && !E2E.statusLine($0).contains("survey")
    }
    try await tmux.sendKeys("Escape")
    try await tmux.waitUntil("the survey again") { E2E.statusLine($0).contains("survey 2 of") }
    // A narrow, tall terminal: the panes reflow, every one still shown.
    try await tmux.resize(width: 60, height: 50)
    try await tmux.waitUntil("reflowed") {
      E2E.statusLine($0).contains("survey 2 of") && Self.shownNames($0).count >= 3
    }
    try await tmux.resize(width: 120, height: 40)
    // Esc leaves, the focus on the picture focused in the survey.
    try await tmux.sendKeys("Escape")
    try await tmux.waitUntil("the gallery, the survey's focus kept") {
      !E2E.statusLine($0).contains("survey") && E2E.statusLine($0).contains("IMG_0003.JPG")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }
}

/// The survey in kitty under Xvfb, dark and light, read by its pixels and kept as
/// screenshots (`GALLERY_SHOTS=DIR` copies them out):
/// - `survey-4up-KIND`: four pictures in a 2×2, each pane's middle its own colour;
/// - `survey-4up-zoomed-KIND`: every picture zoomed four times, panned right together;
/// - `survey-4up-histogram-clipping-KIND`: the histograms under them and the clipping
///   overlay: the first picture's white middle painted red, the fourth's black one blue;
/// - `survey-2up-KIND`: two marked pictures side by side.
@Suite struct SurveyPixelsEndToEndTests {
  /// Four 600×400 JPEGs, each of one colour with a square in the middle: white (clipped)
  /// in the first, black (clipped) in the fourth, their own colour in the others.
  static let pictures: [(name: String, base: String, middle: String)] = [
    ("IMG_0001.JPG", "rgb(200,60,60)", "white"),
    ("IMG_0002.JPG", "rgb(60,170,60)", "rgb(60,170,60)"),
    ("IMG_0003.JPG", "rgb(60,90,200)", "rgb(60,90,200)"),
    ("IMG_0004.JPG", "rgb(150,150,150)", "black"),
  ]

  static func make(in folder: String) async throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for picture in pictures {
      let made = try await Subprocess.run([
        "convert", "-size", "600x400", "xc:\(picture.base)", "-fill", picture.middle, "-draw",
        "rectangle 200,100 400,300", "-quality", "95", folder + "/" + picture.name,
      ])
      try #require(made.status == 0, "ImageMagick: \(made.errors)")
    }
  }

  /// The middle of each pane of a 2×2 (or of two side by side), in the window's pixels:
  /// the pane's rectangle of a screen of `columns × rows` cells less the status line.
  /// The middles of the panes' pictures, in the screenshot's pixels. Two panes go side
  /// by side or one above the other, whichever shows the burst's 3:2 pictures larger on
  /// this window's cells (the survey's rule); four make a 2×2.
  static func middles(_ shot: Screenshot, columns: Int, rows: Int, panes: Int) -> [(Int, Int)] {
    let cellWidth = Double(shot.width) / Double(columns)
    let cellHeight = Double(shot.height) / Double(rows)
    let area = (width: Double(columns), height: Double(rows - 1))
    /// The pictures' fitted area in a grid of `across × down` panes, ring and caption off.
    func fitted(_ across: Double, _ down: Double) -> Double {
      let width = (area.width / across - 2) * cellWidth
      let height = (area.height / down - 3) * cellHeight
      let scale = min(width / 3, height / 2)
      return scale * 3 * scale * 2
    }
    let grid =
      panes == 2 ? (fitted(2, 1) >= fitted(1, 2) ? (2, 1) : (1, 2)) : (2, 2)
    var points: [(Int, Int)] = []
    for index in 0..<panes {
      let column = Double(index % grid.0)
      let row = Double(index / grid.0)
      let paneWidth = area.width / Double(grid.0)
      let paneHeight = area.height / Double(grid.1)
      // The picture's box: the pane less its ring and its caption row.
      let x = (column * paneWidth + paneWidth / 2) * cellWidth
      let y = (row * paneHeight + (paneHeight - 1) / 2) * cellHeight
      points.append((Int(x), Int(y)))
    }
    return points
  }

  static func near(_ colour: (Int, Int, Int), _ want: (Int, Int, Int), _ tolerance: Int = 40)
    -> Bool
  {
    abs(colour.0 - want.0) <= tolerance && abs(colour.1 - want.1) <= tolerance
      && abs(colour.2 - want.2) <= tolerance
  }

  static func settled(_ trace: String) -> Int {
    let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { $0.hasPrefix("key_settled_ns ") }.count
  }

  @Test(
    .enabled(if: XTerminal.shouldRun, "X is not available"),
    arguments: [XTerminal.Kind.kitty, .kittyOnWhite])
  func aSurveyIsDrawnZoomedAndPaintedInKitty(kind: XTerminal.Kind) async throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-survey-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let folder = scratch.appendingPathComponent("burst").path
    let trace = scratch.appendingPathComponent("trace").path
    try await Self.make(in: folder)
    let binary = try BuiltProduct.path("gallery")
    let environment = [
      "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.path + "/.config",
      "XDG_DATA_HOME": scratch.path + "/data", "XDG_STATE_HOME": scratch.path + "/state",
      "XDG_CACHE_HOME": scratch.path + "/cache", "TERM": "xterm-kitty", "GALLERY_TRACE": trace,
    ].map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
    let (columns, rows) = (120, 40)
    let terminal = try await XTerminal.launch(
      kind,
      command: "unset NO_COLOR; \(environment) \(binary) --graphics kitty \(folder); sleep 30",
      columns: columns, rows: rows)
    defer { terminal.close() }
    let tone = kind == .kitty ? "dark" : "light"
    try await terminal.poll("the first screen drawn", deadline: .seconds(60)) {
      let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
      return text.contains("screen_sharp_realtime_ns")
    }
    /// Presses `key` and waits until its screen is drawn from its pictures.
    func press(_ key: String) async throws {
      let before = Self.settled(trace)
      try await terminal.key(key)
      try await terminal.poll("\(key) drawn", deadline: .seconds(30)) {
        Self.settled(trace) > before
      }
      try await Task.sleep(for: .milliseconds(300))
    }
    let colours = [(200, 60, 60), (60, 170, 60), (60, 90, 200), (150, 150, 150)]
    let middle = [(255, 255, 255), (60, 170, 60), (60, 90, 200), (0, 0, 0)]
    try await press("N")
    let four = try await terminal.screenshot("survey-4up-\(tone)")
    let points = Self.middles(four, columns: columns, rows: rows, panes: 4)
    for (index, point) in points.enumerated() {
      let seen = four.color(x: point.0, y: point.1)
      #expect(Self.near(seen, middle[index]), "pane \(index + 1): \(seen)")
    }
    // Every picture four times as large as fitted, panned right together: the middle's
    // square leaves each pane's centre for the picture's own colour.
    for _ in 0..<4 { try await press("plus") }
    for _ in 0..<3 { try await press("l") }
    let zoomed = try await terminal.screenshot("survey-4up-zoomed-\(tone)")
    for (index, point) in points.enumerated() {
      let seen = zoomed.color(x: point.0, y: point.1)
      #expect(Self.near(seen, colours[index]), "zoomed pane \(index + 1): \(seen)")
    }
    try await press("W")
    try await press("H")
    try await press("J")
    let painted = try await terminal.screenshot("survey-4up-histogram-clipping-\(tone)")
    let paintedPoints = Self.middles(painted, columns: columns, rows: rows, panes: 4)
    let first = painted.color(x: paintedPoints[0].0, y: paintedPoints[0].1)
    let fourth = painted.color(x: paintedPoints[3].0, y: paintedPoints[3].1)
    #expect(Self.near(first, (255, 0, 0)), "the clipped white painted red: \(first)")
    #expect(Self.near(fourth, (0, 0, 250)), "the clipped black painted blue: \(fourth)")
    let second = painted.color(x: paintedPoints[1].0, y: paintedPoints[1].1)
    #expect(Self.near(second, colours[1]), "nothing clipped, nothing painted: \(second)")
    // Two marked ones, side by side or one above the other.
    try await press("J")
    try await press("H")
    try await press("Escape")
    try await terminal.key("Home", "m", "Right", "Right", "m")
    try await press("N")
    let two = try await terminal.screenshot("survey-2up-\(tone)")
    let pair = Self.middles(two, columns: columns, rows: rows, panes: 2)
    #expect(Self.near(two.color(x: pair[0].0, y: pair[0].1), middle[0]))
    #expect(Self.near(two.color(x: pair[1].0, y: pair[1].1), middle[2]))
    try await terminal.key("q")
  }
}

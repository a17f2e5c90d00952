import Foundation
import TestSupport
import Testing

/// The gallery itself in real terminals under Xvfb: a picture of one-pixel stripes
/// shows as stripes (real pixels: cell art can only average them to grey), and with
/// `--graphics cells` it does not.
@Suite(
  .enabled(
    if: XTerminal.shouldRun,
    "no X server here: \(XTerminal.unavailableReason ?? "") (under CI these tests run and fail)"))
struct GalleryPixelsEndToEndTests {
  /// A folder holding `stripes.png`: 48×32 pixels, columns alternately black and white.
  static func stripes() async throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-stripes-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let made = try await Subprocess.run(
      ["convert", "-size", "48x32", "xc:", "-fx", "i%2", folder + "/stripes.png"])
    try #require(made.status == 0, "ImageMagick made the picture: \(made.errors)")
    return folder
  }

  /// Whether some row of the screenshot crosses `count` stripes in a row: alternately
  /// dark and bright runs of one width (±1 pixel), as the picture's columns drawn pixel
  /// for pixel make at any enlargement; text and cell art do not. `sharp` wants them
  /// near black and near white; an enlarged picture is smoothed, so there any
  /// brightness counts as dark or bright by its half.
  static func showsStripes(_ shot: Screenshot, count: Int = 30, sharp: Bool = true) -> Bool {
    // Runs of one width, one after another (the ends may be cut).
    func regular(_ runs: [(bright: Bool, length: Int)]) -> Bool {
      var regular = 0
      for index in runs.indices.dropFirst(2) {
        if abs(runs[index].length - runs[index - 1].length) <= 1 && runs[index].length < 40 {
          regular += 1
          if regular >= count { return true }
        } else {
          regular = 0
        }
      }
      return false
    }
    for y in stride(from: 0, to: shot.height, by: 2) {
      var runs: [(bright: Bool, length: Int)] = []
      for x in 0..<shot.width {
        let (r, g, b) = shot.color(x: x, y: y)
        let brightness = (r + g + b) / 3
        // A colour between (the focus frame in cyan) ends the runs so far.
        guard !sharp || brightness > 200 || brightness < 55 else {
          if regular(runs) { return true }
          runs = []
          continue
        }
        let bright = brightness > 127
        if let last = runs.last, last.bright == bright {
          runs[runs.count - 1].length += 1
        } else {
          runs.append((bright, 1))
        }
      }
      if regular(runs) { return true }
    }
    return false
  }

  static func launch(_ kind: XTerminal.Kind, graphics: String, folder: String) async throws
    -> XTerminal
  {
    let binary = try BuiltProduct.path("gallery")
    let term = kind == .kitty ? "xterm-kitty" : "xterm-256color"
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-pixels-cache-\(UUID().uuidString.prefix(8))"
    ).path
    return try await XTerminal.launch(
      kind,
      command:
        // In colour whatever the test runner set (swift test sets NO_COLOR).
        "unset NO_COLOR; TERM=\(term) XDG_CACHE_HOME=\(cache) XDG_STATE_HOME=\(cache) \(binary) "
        + "--graphics \(graphics) --layout grid \(folder); sleep 30",
      columns: 100, rows: 30)
  }

  @Test(arguments: [(XTerminal.Kind.sixelXterm, "sixel"), (XTerminal.Kind.kitty, "kitty")])
  func aPictureShowsPixelForPixel(kind: XTerminal.Kind, graphics: String) async throws {
    let folder = try await Self.stripes()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let terminal = try await Self.launch(kind, graphics: graphics, folder: folder)
    defer { terminal.close() }
    try await terminal.poll("stripes in \(graphics)", deadline: .seconds(20)) {
      Self.showsStripes(try await terminal.screenshot("\(graphics)-stripes"))
    }
    // Into the detail view and back: the picture is drawn again each time.
    try await terminal.key("Return")
    try await terminal.poll("stripes in the detail view", deadline: .seconds(20)) {
      Self.showsStripes(
        try await terminal.screenshot("\(graphics)-detail"), count: 20, sharp: false)
    }
    try await terminal.key("q")
  }

  /// On a white xterm the gallery reads the background (OSC 11): the header's text is
  /// drawn dark, and around a wide picture in its square box the bands are the
  /// terminal's white, not black.
  @Test func aWhiteTerminalShowsDarkTextAndItsOwnBackgroundAroundPictures() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-white-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let made = try await Subprocess.run(
      ["convert", "-size", "400x80", "xc:#d01010", folder + "/wide.png"])
    try #require(made.status == 0, "ImageMagick made the picture: \(made.errors)")
    let terminal = try await Self.launch(.sixelXtermOnWhite, graphics: "sixel", folder: folder)
    defer { terminal.close() }
    var shot: Screenshot?
    try await terminal.poll("the red picture", deadline: .seconds(20)) {
      let next = try await terminal.screenshot("white-terminal")
      shot = next
      return Self.redBox(next) != nil
    }
    let screen = try #require(shot)
    let red = try #require(Self.redBox(screen))
    // Just above and below the picture, inside its box: the letterbox.
    for y in [red.top - 6, red.bottom + 6] {
      let (r, g, b) = screen.color(x: (red.left + red.right) / 2, y: y)
      #expect(r > 230 && g > 230 && b > 230, "the letterbox at y \(y) is (\(r), \(g), \(b))")
    }
    // The header's name (bold, the terminal's own foreground): dark pixels in its row.
    let dark = (0..<(screen.width / 3)).flatMap { x in (0..<14).map { (x, $0) } }
      .filter {
        let (r, g, b) = screen.color(x: $0.0, y: $0.1)
        return r + g + b < 240
      }.count
    #expect(dark > 40, "\(dark) dark pixels in the header's row")
    try await terminal.key("q")
  }

  /// The bounds of the red picture's pixels, when some show.
  static func redBox(_ shot: Screenshot) -> (left: Int, top: Int, right: Int, bottom: Int)? {
    var box: (left: Int, top: Int, right: Int, bottom: Int)?
    for y in stride(from: 0, to: shot.height, by: 2) {
      for x in stride(from: 0, to: shot.width, by: 2) {
        let (r, g, b) = shot.color(x: x, y: y)
        guard r > 180, g < 70, b < 70 else { continue }
        box = (
          min(box?.left ?? x, x), min(box?.top ?? y, y), max(box?.right ?? x, x),
          max(box?.bottom ?? y, y)
        )
      }
    }
    guard let box, box.right - box.left > 40 else { return nil }
    return box
  }

  @Test func cellArtAveragesTheStripes() async throws {
    let folder = try await Self.stripes()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let terminal = try await Self.launch(.sixelXterm, graphics: "cells", folder: folder)
    defer { terminal.close() }
    // Wait for the picture's cell art: grey cells where the stripes are.
    var shot: Screenshot?
    try await terminal.poll("the cell art", deadline: .seconds(20)) {
      let next = try await terminal.screenshot("cells-stripes")
      shot = next
      return (0..<next.width).contains { x in
        let (r, g, b) = next.color(x: x, y: next.height / 3)
        return abs(r - 128) < 60 && abs(g - r) < 10 && abs(b - r) < 10 && r > 60
      }
    }
    #expect(shot.map { !Self.showsStripes($0) } == true)
    try await terminal.key("q")
  }
}

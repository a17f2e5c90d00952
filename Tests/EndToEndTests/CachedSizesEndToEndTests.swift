import Foundation
import TestSupport
import Testing

/// The status line's width×height with the caches on, in runs one after another (the
/// first cold, the rest warm): a video with an attached cover gives its frames' size, a
/// turned picture its new one. The real binary, with its own cache and state folders.
@Suite struct CachedSizesEndToEndTests {
  /// A folder of six photos and, last, `z-cover.mp4`: a 320×240 clip with a 300×300 cover.
  static func library() async throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-sizes-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let quiet = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y"]
    var commands = [
      quiet + [
        "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=24:duration=2", "-c:v", "libx264",
        "-pix_fmt", "yuv420p", "\(folder)/.frames.mp4",
      ],
      quiet + [
        "-f", "lavfi", "-i", "color=c=yellow:s=300x300:d=1", "-frames:v", "1",
        "\(folder)/.cover.jpg",
      ],
      quiet + [
        "-i", "\(folder)/.frames.mp4", "-i", "\(folder)/.cover.jpg", "-map", "0", "-map", "1",
        "-c", "copy", "-disposition:v:1", "attached_pic", "\(folder)/z-cover.mp4",
      ],
    ]
    for index in 1...6 {
      commands.append(["convert", "-size", "64x48", "xc:#30\(index)080", "\(folder)/a\(index).jpg"])
    }
    for command in commands {
      let made = try await Subprocess.run(command)
      try #require(made.status == 0, "\(command.joined(separator: " ")): \(made.errors)")
    }
    for helper in [".frames.mp4", ".cover.jpg"] {
      try FileManager.default.removeItem(atPath: "\(folder)/\(helper)")
    }
    return folder
  }

  /// The gallery on `folder` with the caches in `cache`, drawn.
  static func launch(_ folder: String, cache: String, graphics: String = "cells") async throws
    -> Tmux
  {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: 100, height: 30)
    do {
      try await tmux.run(
        "XDG_CACHE_HOME=\(cache) XDG_STATE_HOME=\(cache)/state TERM=xterm-256color "
          + "\(binary) --graphics \(graphics) \(folder)")
      try await tmux.waitUntil("the first frame") { GalleryEndToEndTests.isDrawn($0) }
    } catch {
      tmux.kill()
      throw error
    }
    return tmux
  }

  /// Waits until the status line gives `name` and `size` (`150×300`); returns the screen.
  @discardableResult
  static func waitForSize(_ tmux: Tmux, _ name: String, _ size: String) async throws -> String {
    try await tmux.waitUntil("\(name) at \(size)") {
      let status = GalleryEndToEndTests.statusLine($0)
      return status.contains(" \(name)  ") && status.contains("  \(size)  ")
    }
  }

  /// Runs the gallery on `folder` with the caches in `cache`, focuses the last picture and
  /// returns its status line once the line gives a size; quits.
  static func statusOfTheLast(
    _ folder: String, cache: String, name: String, graphics: String = "cells"
  ) async throws -> String {
    let tmux = try await launch(folder, cache: cache, graphics: graphics)
    defer { tmux.kill() }
    try await tmux.sendKeys("End")
    let screen = try await tmux.waitUntil("the size of \(name)") {
      let status = GalleryEndToEndTests.statusLine($0)
      return status.contains(" \(name)  ")
        && status.range(of: #"\d+×\d+"#, options: .regularExpression) != nil
    }
    try await tmux.sendKeys("q")
    try await tmux.waitUntilProgramExits()
    return GalleryEndToEndTests.statusLine(screen)
  }

  /// Cold, warm, warm with the drawn art gone (the freedesktop thumbnails alone), and
  /// warm again (the art drawn from them): the frames' size each time, not the cover's.
  @Test func aCoveredVideoGivesItsFramesSizeWithEveryCache() async throws {
    let folder = try await Self.library()
    let cache = folder + "-cache"
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: cache)
    }
    var lines: [String] = []
    for round in 0..<4 {
      if round == 2 { try FileManager.default.removeItem(atPath: cache + "/gallery/art") }
      lines.append(try await Self.statusOfTheLast(folder, cache: cache, name: "z-cover.mp4"))
    }
    lines.append(
      try await Self.statusOfTheLast(folder, cache: cache, name: "z-cover.mp4", graphics: "kitty"))
    for (round, line) in lines.enumerated() {
      #expect(line.contains("320×240") && !line.contains("300×300"), "run \(round + 1): \(line)")
    }
  }

  /// A 300×150 PNG (turned by its pixels) and JPEG (by its tag) turned right in a first
  /// run and again in a second, the caches warm: the status line gives each new size, and
  /// still after the focus went away and came back.
  @Test func aTurnedPicturesSizeFollowsItsTurnsFromRunToRun() async throws {
    let folder = try await Self.library()
    let cache = folder + "-cache"
    defer {
      try? FileManager.default.removeItem(atPath: folder)
      try? FileManager.default.removeItem(atPath: cache)
    }
    for name in ["wide.png", "wide.jpg"] {
      let made = try await Subprocess.run([
        "convert", "-size", "300x150", "gradient:red-blue", "\(folder)/\(name)",
      ])
      try #require(made.status == 0, "\(made.errors)")
    }
    // By name: a1.jpg … a6.jpg, wide.jpg, wide.png, z-cover.mp4.
    for (round, sizes) in [("300×150", "150×300"), ("150×300", "300×150")].enumerated() {
      let tmux = try await Self.launch(folder, cache: cache)
      defer { tmux.kill() }
      try await tmux.sendKeys("End", "Left")
      try await Self.waitForSize(tmux, "wide.png", sizes.0)
      try await tmux.sendKeys(">")
      try await Self.waitForSize(tmux, "wide.png", sizes.1)
      try await tmux.sendKeys("Left")
      try await Self.waitForSize(tmux, "wide.jpg", sizes.0)
      try await tmux.sendKeys(">")
      try await Self.waitForSize(tmux, "wide.jpg", sizes.1)
      try await tmux.sendKeys("Right", "Right", "Left")
      let line = try await Self.waitForSize(tmux, "wide.png", sizes.1)
      #expect(line.contains(sizes.1), "run \(round + 1): \(line)")
      try await tmux.sendKeys("Left")
      try await Self.waitForSize(tmux, "wide.jpg", sizes.1)
      try await tmux.sendKeys("q")
      try await tmux.waitUntilProgramExits()
    }
  }
}

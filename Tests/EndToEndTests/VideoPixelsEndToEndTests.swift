import Foundation
import TestSupport
import Testing

/// A video plays in pixels: the gallery in a real kitty under Xvfb, the detail view of a
/// clip of ffmpeg's moving test pattern. Its picture changes while it plays, stands still
/// once `Space` pauses it, and is gone at quit.
@Suite struct VideoPixelsEndToEndTests {
  /// Sampled pixels of the picture's rows (the detail view's top 18 of 24), every 9th.
  static func samples(_ shot: Screenshot) -> [(Int, Int, Int)] {
    let bottom = shot.height * 18 / 24
    return stride(from: 4, to: bottom, by: 9).flatMap { y in
      stride(from: 4, to: shot.width - 4, by: 9).map { x in shot.color(x: x, y: y) }
    }
  }

  /// How many samples differ between two screenshots.
  static func changed(_ a: [(Int, Int, Int)], _ b: [(Int, Int, Int)]) -> Int {
    zip(a, b).filter { abs($0.0 - $1.0) + abs($0.1 - $1.1) + abs($0.2 - $1.2) > 60 }.count
  }

  @Test func aClipPlaysInKittysPicturesAndSpacePausesIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-play-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let made = try await Subprocess.run([
      "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
      "testsrc2=size=320x240:rate=24:duration=30", "-c:v", "libx264", "-pix_fmt", "yuv420p",
      "\(folder)/clip.mp4",
    ])
    try #require(made.status == 0, "\(made.errors)")
    let binary = try BuiltProduct.path("gallery")
    let terminal = try await XTerminal.launch(
      .kitty,
      command: "TERM=xterm-kitty \(binary) --no-cache --graphics kitty \(folder); sleep 30")
    defer { terminal.close() }
    // The tile first (the poster), then the detail view.
    try await terminal.poll("the poster", deadline: .seconds(20)) {
      let shot = try await terminal.screenshot("play-0-grid")
      return Self.samples(shot).contains { $0.0 + $0.1 + $0.2 > 200 }
    }
    try await terminal.key("Return")
    var previous = Self.samples(try await terminal.screenshot("play-1"))
    var moves = 0
    // Frames change while it plays: seen between screenshots taken apart.
    try await terminal.poll("the picture moving", deadline: .seconds(20)) {
      try await Task.sleep(for: .milliseconds(300))
      let now = Self.samples(try await terminal.screenshot("play-2"))
      if Self.changed(previous, now) > 20 { moves += 1 }
      previous = now
      return moves >= 2
    }
    try await terminal.key("space")
    // Paused: two screenshots 600 ms apart show the same picture.
    try await terminal.poll("the picture standing still", deadline: .seconds(10)) {
      let first = Self.samples(try await terminal.screenshot("play-3-paused"))
      try await Task.sleep(for: .milliseconds(600))
      let second = Self.samples(try await terminal.screenshot("play-4-paused"))
      return Self.changed(first, second) == 0 && first.contains { $0.0 + $0.1 + $0.2 > 200 }
    }
    try await terminal.key("q")
    try await terminal.poll("the picture gone at quit") {
      let shot = try await terminal.screenshot("play-5-quit")
      return !Self.samples(shot).contains { $0.0 + $0.1 + $0.2 > 400 }
    }
  }
}

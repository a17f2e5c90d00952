import Foundation
import TestSupport
import Testing

/// A phone's export is a folder of pictures and videos: a video's tile has its length,
/// the detail view its codec and frame rate, a file of sound alone is broken with the
/// reason, and `--print --format json` names the format. The real binary.
@Suite struct VideoEndToEndTests {
  /// A 5-second clip (ffmpeg's test pattern, H.264, 320×240 at 24 frames a second), a
  /// second of sound named like a video, and a photo.
  static func export() async throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-export-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let quiet = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y"]
    for command in [
      quiet + [
        "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=24:duration=5", "-c:v", "libx264",
        "-pix_fmt", "yuv420p", "\(folder)/IMG_0002.MOV",
      ],
      quiet + ["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "aac", "\(folder)/IMG_0003.MP4"],
      ["convert", "-size", "64x48", "xc:orange", "\(folder)/IMG_0001.JPG"],
    ] {
      let made = try await Subprocess.run(command)
      try #require(made.status == 0, "\(command.joined(separator: " ")): \(made.errors)")
    }
    return folder
  }

  @Test func aVideosTileHasItsLengthAndTheDetailViewItsCodec() async throws {
    let folder = try await Self.export()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try await GalleryEndToEndTests.launch(width: 100, height: 30, arguments: folder)
    defer { tmux.kill() }
    let screen = try await tmux.waitUntil("the clip's length, the sound broken") { screen in
      screen.contains("3 pictures") && screen.contains("▶ 0:05") && screen.contains("✗")
    }
    #expect(screen.components(separatedBy: "✗").count - 1 == 1, "\(screen)")
    try await tmux.sendKeys("Right", "Enter")
    let detail = try await tmux.waitUntil("the clip's details") {
      $0.contains("video · 320×240 pixels · 0:05 · H.264 · 24 fps")
    }
    #expect(detail.contains("IMG_0002.MOV"), "\(detail)")
    try await tmux.sendKeys("Right")
    try await tmux.waitUntil("the sound's reason") {
      $0.contains("The file holds sound alone, no pictures")
    }
    try await tmux.sendKeys("Escape")
    try await tmux.waitUntil("the grid") { !$0.contains("Esc back") }
    try await tmux.sendKeys("q")
    try await GalleryEndToEndTests.expectRestored(tmux, status: 0)
  }

  @Test func theDetailViewPlaysTheClipAndSpacePausesIt() async throws {
    let folder = try await Self.export()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try await GalleryEndToEndTests.launch(width: 100, height: 30, arguments: folder)
    defer { tmux.kill() }
    try await tmux.waitUntil("the clip's tile") { $0.contains("▶ 0:05") }
    try await tmux.sendKeys("Right", "Enter")
    // The clock in the hint goes on: frames are drawn as the video plays.
    try await tmux.waitUntil("the clip playing", moving: true) {
      $0.contains("0:01 / 0:05  Space pause")
    }
    try await tmux.waitUntil("the clip further on", moving: true) {
      $0.contains("0:02 / 0:05  Space pause")
    }
    try await tmux.sendKeys("Space")
    let paused = try await tmux.waitUntil("paused") { $0.contains("Space play") }
    #expect(!paused.contains("♥"), "Space on a video is no favourite")
    try await tmux.sendKeys("Space")
    try await tmux.waitUntil(deadline: .seconds(20), "played to its end") {
      $0.contains("Space again")
    }
    try await tmux.sendKeys("Escape")
    try await tmux.waitUntil("the grid") { !$0.contains("Esc back") }
    try await tmux.sendKeys("q")
    try await GalleryEndToEndTests.expectRestored(tmux, status: 0)
  }

  @Test func printJSONNamesTheFormat() async throws {
    let folder = try await Self.export()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outcome = try await GalleryCommandTests.run(["--print", "--format", "json", folder])
    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(outcome.output.components(separatedBy: #""format": "video""#).count - 1 == 2)
    #expect(outcome.output.contains(#""format": "jpeg""#))
  }
}

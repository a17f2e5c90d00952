import Foundation
import Testing

/// Videos for the decoding tests and the `video` fuzz target's seeds, made once per run
/// with ffmpeg (`make test-deps` installs it) into a temporary folder, by the first test
/// that asks.
///
/// The scene: blue for the first second, red for the nine after, 320×240 at 24 frames a
/// second with a key frame each second, so a poster taken a tenth in (at the key frame of
/// 1 s) is red and the first frame is blue.
enum VideoFixtures {
  static let making = Task { await make() }

  /// The path of a fixture; records an issue naming the failure when it was not made.
  static func path(_ name: String, sourceLocation: SourceLocation = #_sourceLocation)
    async throws -> String
  {
    let made = await making.value
    let path = made.folder + "/" + name
    guard FileManager.default.fileExists(atPath: path) else {
      try #require(
        Bool(false),
        "\(name) was not made; run `make test-deps`.\n\(made.problems.joined(separator: "\n"))",
        sourceLocation: sourceLocation)
      return path
    }
    return path
  }

  /// The bytes of a fixture.
  static func bytes(_ name: String) async throws -> [UInt8] {
    try [UInt8](Data(contentsOf: URL(fileURLWithPath: try await path(name))))
  }

  /// Every fixture's name, for the fuzz seeds.
  static let names = [
    "poster.mp4", "turned.mp4", "clip.webm", "cover.mp4", "sound.mp4", "cut.mp4", "late-index.mp4",
  ]

  private static func make() async -> (folder: String, problems: [String]) {
    let folder = Fixtures.makeFolder("videos")
    var problems: [String] = []
    func ffmpeg(_ arguments: [String]) async {
      let quiet = ["-hide_banner", "-loglevel", "error", "-y"]
      if let problem = await Tools.run("ffmpeg", quiet + arguments, in: folder) {
        problems.append(problem)
      }
    }
    let scene = [
      "-f", "lavfi", "-i", "color=c=blue:s=320x240:r=24:d=1",
      "-f", "lavfi", "-i", "color=c=red:s=320x240:r=24:d=9",
      "-filter_complex", "[0:v][1:v]concat=n=2:v=1[v]", "-map", "[v]",
      "-c:v", "libx264", "-g", "24", "-keyint_min", "24", "-sc_threshold", "0",
      "-pix_fmt", "yuv420p", "-metadata", "creation_time=2024-05-01T12:34:56Z",
    ]
    await ffmpeg(scene + ["-movflags", "+faststart", "poster.mp4"])
    // The index (moov) after the frames, as a camera writes while recording.
    await ffmpeg(scene + ["late-index.mp4"])
    // Display matrix rotation -90 (ffprobe's figure), as a phone held upright records:
    // shown a quarter turn clockwise. FFmpeg 5.1 writes the tag's 270 so.
    await ffmpeg(["-i", "poster.mp4", "-c", "copy", "-metadata:s:v:0", "rotate=270", "turned.mp4"])
    await ffmpeg([
      "-f", "lavfi", "-i", "color=c=green:s=160x120:r=24:d=2", "-c:v", "libvpx-vp9",
      "-b:v", "200k", "-deadline", "realtime", "-cpu-used", "8", "clip.webm",
    ])
    await ffmpeg([
      "-f", "lavfi", "-i", "color=c=yellow:s=100x100:d=1", "-frames:v", "1", "cover.jpg",
    ])
    await ffmpeg([
      "-i", "poster.mp4", "-i", "cover.jpg", "-map", "0", "-map", "1", "-c", "copy",
      "-disposition:v:1", "attached_pic", "cover.mp4",
    ])
    await ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", "sound.mp4"])
    // One tiny stream mapped 999 times: a container that declares 999 tracks.
    await ffmpeg([
      "-f", "lavfi", "-i", "color=c=red:s=16x16:r=1:d=1", "-c:v", "libx264",
      "-pix_fmt", "yuv420p", "tiny.mp4",
    ])
    await ffmpeg(
      ["-i", "tiny.mp4"] + Array(repeating: ["-map", "0:v"], count: 999).flatMap { $0 }
        + ["-c", "copy", "tracks-999.mp4"])
    // Cut in half: the frames' first half, and no index, which was to come last.
    if let whole = FileManager.default.contents(atPath: folder + "/late-index.mp4") {
      _ = FileManager.default.createFile(
        atPath: folder + "/cut.mp4", contents: whole.prefix(whole.count / 2))
    }
    return (folder, problems)
  }
}

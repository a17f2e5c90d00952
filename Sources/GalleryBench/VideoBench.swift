import Foundation
import Pictures
import Thumbnails

/// Videos: a phone-sized clip (1920×1080, 30 s, H.264 at 30 frames a second, a key frame
/// every 2 s, made by ffmpeg from its test pattern), its poster for a 320×192 tile and for
/// a 1920×1080 detail view, its details alone, beside `ffmpegthumbnailer -s 320` (the
/// thumbnailer file managers call) on the same file, in CPU.
@MainActor let videoBenchmarks = BenchmarkGroup(name: "video") {
  let folder = NSTemporaryDirectory() + "gallery-bench-video-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let path = "\(folder)/clip.mp4"
  let made = runTool(
    "/usr/bin/ffmpeg",
    [
      "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i",
      "testsrc2=size=1920x1080:rate=30:duration=30", "-c:v", "libx264", "-preset", "veryfast",
      "-g", "60", "-pix_fmt", "yuv420p", "-movflags", "+faststart", path,
    ])
  guard made == 0 else {
    print("video: could not make the clip (make bench installs ffmpeg)")
    return
  }
  let decoder = ImageDecoder()
  let tile = medianNanoseconds(runs: 7) { _ = try? decoder.decode(path: path, target: (320, 192)) }
  report("video.poster_tile_320x192", tile / 1e6, "ms")
  let detail = medianNanoseconds(runs: 5) {
    _ = try? decoder.decode(path: path, target: (1920, 1080))
  }
  report("video.poster_detail_1920x1080", detail / 1e6, "ms")
  let details = medianNanoseconds(runs: 7) { _ = try? decoder.metadata(path: path) }
  report("video.details_only", details / 1e6, "ms")
  let thumbnailer = "/usr/bin/ffmpegthumbnailer"
  guard access(thumbnailer, X_OK) == 0 else {
    print("video: no ffmpegthumbnailer (make bench installs it)")
    return
  }
  let ours =
    cpuNanoseconds(RUSAGE_SELF.rawValue) {
      for _ in 0..<5 { _ = try? decoder.decode(path: path, target: (320, 192)) }
    } / 5
  let theirs =
    cpuNanoseconds(RUSAGE_CHILDREN.rawValue) {
      for _ in 0..<5 { runTool(thumbnailer, ["-i", path, "-o", "\(folder)/t.png", "-s", "320"]) }
    } / 5
  report("video.poster_tile_cpu", ours / 1e6, "ms")
  report("video.ffmpegthumbnailer_cpu", theirs / 1e6, "ms")
  report("video.poster_tile_vs_ffmpegthumbnailer_cpu", ours / theirs, "ratio")
  // Wall, as the goal has it: a 256-pixel thumbnail each, one after the other.
  let oursWall = medianNanoseconds(runs: 7) {
    _ = try? decoder.decode(path: path, target: (256, 256))
  }
  let theirsWall = medianNanoseconds(runs: 7) {
    runTool(thumbnailer, ["-i", path, "-o", "\(folder)/t.png", "-s", "256"])
  }
  report("video.poster_256_wall", oursWall / 1e6, "ms")
  report("video.ffmpegthumbnailer_256_wall", theirsWall / 1e6, "ms")
  report("video.poster_256_vs_ffmpegthumbnailer_wall", oursWall / theirsWall, "ratio")
  benchPlayback(folder: folder)
}

/// Playing in the detail view of a 160×50 screen: an 8-second 1080p clip at 30 frames a
/// second into its 158×44-cell picture, as cell art (1264×704 working pixels) and as kitty
/// pictures (1580×880, 10×20 cells), with a terminal that takes each frame at once: the
/// share of frames shown (the rest left out to keep to the clock), the frames shown a
/// second, the CPU a second of video costs, and how far the playing ran past its length.
@MainActor func benchPlayback(folder: String) {
  let path = "\(folder)/play.mp4"
  let made = runTool(
    "/usr/bin/ffmpeg",
    [
      "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i",
      "testsrc2=size=1920x1080:rate=30:duration=8", "-c:v", "libx264", "-preset", "veryfast",
      "-g", "60", "-pix_fmt", "yuv420p", path,
    ])
  guard made == 0 else { return }
  let size = TileSize(columns: 158, rows: 44)
  let fit = CellFit.fitting(width: 1920, height: 1080, in: size, cellAspect: 2)
  let ways: [(String, (Int, Int), @Sendable (PixelImage, ImageMetadata) -> VideoFrame.Content)] = [
    (
      "cells", (1264, 704),
      { image, _ in
        .cells(
          CellArtRenderer.render(image, size: size, fit: fit, mode: .truecolor, symbols: .blocks))
      }
    ),
    (
      "kitty", (1580, 880),
      { image, _ in
        .image(PictureEncoder.encode(image, format: .kitty, id: 1, columns: 158, rows: 44))
      }
    ),
  ]
  for (name, box, render) in ways {
    final class Tally: @unchecked Sendable {
      let lock = NSLock()
      var shown = 0
      var dropped = 0
      var player: (any VideoPlaying)?
      let done = DispatchSemaphore(value: 0)
    }
    let tally = Tally()
    let began = ContinuousClock.now
    let cpu = cpuNanoseconds(RUSAGE_SELF.rawValue) {
      let player = VideoPlayer(
        path: path, box: box, limits: .standard, render: render,
        deliver: { event in
          switch event {
          case .frame(let frame):
            tally.lock.lock()
            tally.shown += 1
            tally.dropped = frame.dropped
            let player = tally.player
            tally.lock.unlock()
            player?.frameShown()
          case .ended, .failed:
            tally.done.signal()
          }
        })
      tally.lock.lock()
      tally.player = player
      tally.lock.unlock()
      // A first frame handed over before the player was kept is shown too.
      player.frameShown()
      tally.done.wait()
    }
    let wall =
      Double((ContinuousClock.now - began).components.seconds)
      + Double((ContinuousClock.now - began).components.attoseconds) / 1e18
    let total = tally.shown + tally.dropped
    report(
      "video.play_\(name)_frames_shown", Double(tally.shown) / Double(max(1, total)) * 100, "%")
    report("video.play_\(name)_frames_a_second", Double(tally.shown) / max(1, wall), "fps")
    report("video.play_\(name)_cpu_per_second", cpu / 8 / 1e6, "ms")
    report("video.play_\(name)_wall_past_length", (wall - 8) * 1000, "ms")
  }
}

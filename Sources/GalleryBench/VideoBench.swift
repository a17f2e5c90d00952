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
}

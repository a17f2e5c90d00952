import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A phone's folder of videos: 50 clips of 1920×1080 at 30 frames a second, 10 to 60 s
/// long (five lengths, ten copies each: each copy its own file to the caches), made once
/// by ffmpeg from its test pattern and kept under `$XDG_CACHE_HOME/gallery-bench`. The
/// real binary in a 160×50 pseudo-terminal (`--graphics cells`, as `speed` runs it): the
/// first screen drawn from the posters, cold (empty thumbnail caches) and warm (the same
/// caches, a second launch). Rounds: `SPEED_BENCH_ROUNDS` (5). Medians.
@MainActor let videoFolderBenchmarks = BenchmarkGroup(name: "video-folder") {
  let environment = ProcessInfo.processInfo.environment
  let rounds = Int(environment["SPEED_BENCH_ROUNDS"] ?? "") ?? 5
  guard let binary = ScaleBench.galleryBinary() else {
    print("video-folder: build gallery first (swift build -c release)")
    return
  }
  guard let root = VideoSet.make() else { return }
  let scratch = NSTemporaryDirectory() + "gallery-bench-videos-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  func launch(cache: String) -> TracedSession? {
    TracedSession(
      binary: binary, arguments: ["--graphics", "cells", root],
      environment: ["XDG_CACHE_HOME": cache, "XDG_STATE_HOME": scratch + "/state"])
  }
  var cold: [Double] = []
  var warm: [Double] = []
  for round in 0..<rounds {
    let cache = scratch + "/cache-\(round)"
    // The first launch fills the cache; the second finds it.
    for isWarm in [false, true] {
      guard let session = launch(cache: cache) else { continue }
      session.wait(for: "screen_sharp_realtime_ns", seconds: 60)
      if let value = session.millisecondsSinceLaunch("screen_sharp_realtime_ns") {
        if isWarm { warm.append(value) } else { cold.append(value) }
      }
      _ = session.quit()
    }
  }
  if let value = medianOf(cold) {
    report("video_folder.first_screen_cold_160x50", value, "ms")
    report("video_folder.first_screen_cold_vs_1s_goal", value / 1000, "ratio")
  }
  if let value = medianOf(warm) {
    report("video_folder.first_screen_warm_160x50", value, "ms")
    report("video_folder.first_screen_warm_vs_100ms_goal", value / 100, "ratio")
  }

  // The first clip played for 8 s in the detail view of the same screen: the frames the
  // gallery drew a second (each one diffed and written to the terminal), those it left
  // out, and the CPU of the whole process while it played.
  var rates: [Double] = []
  var cores: [Double] = []
  var left: [Double] = []
  for round in 0..<max(1, rounds / 2) {
    guard let session = launch(cache: scratch + "/cache-\(round)") else { continue }
    session.wait(for: "screen_sharp_realtime_ns", seconds: 60)
    session.type("\r")
    session.wait(for: "video_frame_dropped", seconds: 10)
    let before = ScaleBench.cpuTicks(pid: session.pid)
    let shownBefore = session.values("video_frame_dropped")
    usleep(8_000_000)
    let after = ScaleBench.cpuTicks(pid: session.pid)
    let shown = session.values("video_frame_dropped")
    if let before, let after, let first = shownBefore.last, let last = shown.last {
      rates.append(Double(shown.count - shownBefore.count) / 8)
      left.append((last - first) / 8)
      cores.append(Double(after - before) / Double(sysconf(Int32(_SC_CLK_TCK))) / 8)
    }
    _ = session.quit()
  }
  if let value = medianOf(rates) { report("video_folder.play_frames_drawn_a_second", value, "fps") }
  if let value = medianOf(left) {
    report("video_folder.play_frames_left_out_a_second", value, "fps")
  }
  if let value = medianOf(cores) { report("video_folder.play_cpu", value, "cores") }
}

/// The 50 clips, made once and kept (a stamp file says the set is whole); never committed.
enum VideoSet {
  static let name = "videos-50-1080p-v1"
  static let lengths = [10, 20, 30, 45, 60]

  /// The folder of clips, made if missing; nil with the reason printed when ffmpeg fails.
  static func make() -> String? {
    let root = benchCacheFolder() + "/" + name
    let stamp = root + "/.complete"
    if FileManager.default.fileExists(atPath: stamp) { return root + "/DCIM" }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
      print("# videos: no ffmpeg (make bench installs it)")
      return nil
    }
    print("# videos: making 50 clips in \(root) (once; a few minutes)")
    try? FileManager.default.removeItem(atPath: root)
    let folder = root + "/DCIM"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (index, seconds) in lengths.enumerated() {
      let source = root + "/source-\(index).mp4"
      let made = runTool(
        "/usr/bin/ffmpeg",
        [
          "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i",
          "testsrc2=size=1920x1080:rate=30:duration=\(seconds)", "-c:v", "libx264",
          "-preset", "ultrafast", "-crf", "30", "-g", "60", "-pix_fmt", "yuv420p",
          "-movflags", "+faststart", source,
        ])
      guard made == 0 else {
        print("# videos: ffmpeg failed")
        return nil
      }
      for copy in 0..<10 {
        let clip = folder + String(format: "/VID_%02d.mp4", copy * lengths.count + index + 1)
        guard (try? FileManager.default.copyItem(atPath: source, toPath: clip)) != nil else {
          return nil
        }
      }
      try? FileManager.default.removeItem(atPath: source)
    }
    _ = FileManager.default.createFile(atPath: stamp, contents: Data())
    return folder
  }
}

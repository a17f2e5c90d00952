import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Stacks at the scale of a day's shooting: `gallery --group-by day` on 5,000 pictures
/// taken on one day in bursts (`StacksDay`), the release binary in a 160×50
/// pseudo-terminal that answers as a terminal does (`KittyResponder`), in cell art,
/// timed from the launch by its own trace
/// (`stacked_frame_realtime_ns`: the first frame showing a stack).
///
/// A first launch reads every date and every perceptual hash into the library index and
/// runs until the process goes idle; then warm rounds, each a fresh launch on that index:
/// the goal is 200 ms to the first frame with stacks. Then one cold round (an empty
/// cache), for comparison. State and configuration in a scratch folder.
/// Rounds: `STACKS_BENCH_ROUNDS` (5). Medians, with each figure's range.
@MainActor let stacksBenchmarks = BenchmarkGroup(name: "stacks") {
  let environment = ProcessInfo.processInfo.environment
  let rounds = max(1, Int(environment["STACKS_BENCH_ROUNDS"] ?? "") ?? 5)
  guard let binary = ScaleBench.galleryBinary() else {
    print("# stacks: no gallery binary beside gallery-bench; run `swift build -c release` first")
    return
  }
  print("# stacks: load average at the start \(Timeline.load())")
  guard let (root, bursts) = StacksDay.make() else { return }
  report("stacks.day_pictures", Double(StacksDay.total), "pictures")
  report("stacks.day_bursts", Double(bursts), "bursts")
  let scratch = NSTemporaryDirectory() + "gallery-bench-stacks-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  for folder in ["state", "config", "warm", "cold"] {
    try? FileManager.default.createDirectory(
      atPath: scratch + "/" + folder, withIntermediateDirectories: true)
  }
  func launch(cache: String) -> TracedSession? {
    TracedSession(
      binary: binary, arguments: ["--graphics", "cells", "--group-by", "day", root],
      environment: [
        "XDG_CACHE_HOME": cache, "XDG_STATE_HOME": scratch + "/state",
        "XDG_CONFIG_HOME": scratch + "/config",
      ],
      // A terminal that answers its questions, as every terminal does: one that answers
      // nothing is waited for until the probe's deadline.
      answersAsKitty: true)
  }
  let stackedLine = "stacked_frame_realtime_ns"
  // The first launch: every date and hash read and kept, the files in the page cache.
  if let session = launch(cache: scratch + "/warm") {
    let (stacked, idle) = Timeline.waitOrIdle(
      session, for: "never_written", seconds: 600, idleAfter: 3)
    let first = session.millisecondsSinceLaunch(stackedLine)
    Timeline.finish(session)
    print(
      "# stacks: first launch (reads the dates and hashes into the index): first stack "
        + "\(Timeline.text(first ?? stacked)) ms, idle at \(Timeline.text(idle)) ms")
  }
  var warm: [Double] = []
  var warmFirstFrames: [Double] = []
  for _ in 0..<rounds {
    guard let session = launch(cache: scratch + "/warm") else { continue }
    if let frame = Timeline.wait(session, for: "first_frame_realtime_ns", seconds: 60) {
      warmFirstFrames.append(frame)
    }
    if let stacked = Timeline.wait(session, for: stackedLine, seconds: 60) {
      warm.append(stacked)
    } else {
      print("# stacks: a warm launch showed no stack within a minute")
    }
    Timeline.finish(session)
  }
  Timeline.summarize("stacks.first_stacked_frame_warm_ms", warm, goal: 200, goalName: "200ms")
  Timeline.summarize("stacks.first_frame_warm_ms", warmFirstFrames)
  if let session = launch(cache: scratch + "/cold") {
    let stacked = Timeline.wait(session, for: stackedLine, seconds: 600)
    Timeline.finish(session)
    Timeline.summarize("stacks.first_stacked_frame_cold_ms", stacked.map { [$0] } ?? [])
  }
  print("# stacks: load average at the end \(Timeline.load())")
}

/// A day's shooting: 5,000 small JPEGs in one folder, all taken on 2025-06-14 between
/// 08:00 and 20:00, in bursts of 1 to 12 frames a few tenths of a second apart (each
/// burst's frames alike: one scene, `TimelineJPEG` with the burst's palette), bursts
/// 30 to 80 seconds apart. Each file's EXIF `DateTimeOriginal` and mtime are its
/// time, to the second. Seeded, made once (a few seconds) under
/// `$XDG_CACHE_HOME/gallery-bench/stacks-day-v1` with a stamp written last; never committed.
enum StacksDay {
  static let name = "stacks-day-v1"
  static let total = 5_000
  /// 2025-06-14 08:00, in seconds since 1970.
  static let start = 20_253 * 86_400 + 8 * 3600

  /// The folder to open and the number of bursts; nil with the reason printed when the
  /// set cannot be written.
  static func make() -> (root: String, bursts: Int)? {
    let base = benchCacheFolder() + "/" + name
    let stamp = base + "/.complete"
    let root = base + "/2025-06-14"
    if let text = try? String(contentsOfFile: stamp, encoding: .utf8),
      let bursts = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      return (root, bursts)
    }
    print("# stacks: making \(total) pictures in \(root) (once; a few seconds)")
    try? FileManager.default.removeItem(atPath: base)
    do {
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    } catch {
      print("# stacks: cannot create \(root): \(error)")
      return nil
    }
    var random = SplitMix64(seed: 2025_0614)
    var tenths = 0
    var bursts = 0
    var number = 0
    while number < total {
      let frames = min(total - number, 1 + random.below(12))
      let palette = random.next()
      for frame in 0..<frames {
        number += 1
        let seconds = start + tenths / 10
        let jpeg = TimelineJPEG.bytes(
          date: TimelineSet.exifDate(seconds), comment: "gallery-bench stacks \(number)",
          palette: palette, index: 0, camera: ("FUJIFILM", "X-T5"), iso: 400)
        let file = root + String(format: "/DSCF%04d.JPG", number)
        guard TimelineSet.write(jpeg, to: file, mtime: seconds) else {
          print("# stacks: cannot write \(file)")
          return nil
        }
        // A few tenths between frames of a burst; 30 to 80 seconds between bursts, so the
        // day's 770 or so fit in its twelve hours.
        tenths += frame + 1 < frames ? 2 + random.below(7) : 300 + random.below(500)
      }
      bursts += 1
    }
    guard FileManager.default.createFile(atPath: stamp, contents: Data("\(bursts)\n".utf8))
    else { return nil }
    return (root, bursts)
  }
}

import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The timeline at scale: `gallery --group-by day` on `TimelineSet` (100,000 pictures in
/// 300 folders, five years of EXIF dates), the release binary in a 160×50
/// pseudo-terminal in cell art, its own times read from `GALLERY_TRACE`
/// (`dated_frame_realtime_ns`: the first frame with a picture in a dated section;
/// `dates_complete_realtime_ns`: the last date applied), from the launch.
///
/// A first launch reads every date and fills the dates cache (it runs to
/// `dates_complete` and quits with `q`); it also brings the files into the page cache.
/// Then cold rounds (an empty `XDG_CACHE_HOME` each), warm rounds (that first launch's
/// cache), and one warm session typed into: a few hundred keys (Down, Right, PgDn, Up,
/// End, Home, seeded), each sent once the one before it is drawn, timed by `key_ns`,
/// and the session's peak resident memory (VmHWM) read before it quits. State and
/// configuration in a scratch folder, so no favourites or settings of the user's count.
///
/// Rounds: `TIMELINE_BENCH_ROUNDS` (warm, 5), `TIMELINE_BENCH_COLD_ROUNDS` (3), keys:
/// `TIMELINE_BENCH_KEYS` (300). Medians, with each figure's range. Without `--group-by`
/// in the binary (before the feature), the same launches in the folder view, timed by
/// `first_frame_realtime_ns`, under `timeline.ungrouped.`.
@MainActor let timelineBenchmarks = BenchmarkGroup(name: "timeline") {
  let environment = ProcessInfo.processInfo.environment
  let rounds = max(1, Int(environment["TIMELINE_BENCH_ROUNDS"] ?? "") ?? 5)
  let coldRounds = max(1, Int(environment["TIMELINE_BENCH_COLD_ROUNDS"] ?? "") ?? 3)
  let keyCount = max(1, Int(environment["TIMELINE_BENCH_KEYS"] ?? "") ?? 300)
  guard let binary = ScaleBench.galleryBinary() else {
    print("# timeline: no gallery binary beside gallery-bench; run `swift build -c release` first")
    return
  }
  print("# timeline: load average at the start \(Timeline.load())")
  guard let (root, summary) = TimelineSet.make() else { return }
  let facts = Dictionary(
    summary.compactMap { line -> (String, Double)? in
      let parts = line.split(separator: " ")
      guard parts.count == 2, let value = Double(parts[1]) else { return nil }
      return (String(parts[0]), value)
    }, uniquingKeysWith: { $1 })
  report("timeline.set_pictures", facts["pictures"] ?? 0, "pictures")
  report("timeline.set_folders", facts["folders"] ?? 0, "folders")
  report("timeline.set_days_with_pictures", facts["days"] ?? 0, "days")
  report("timeline.set_undated", (facts["pictures"] ?? 0) - (facts["dated"] ?? 0), "pictures")
  report("timeline.set_bytes", (facts["bytes"] ?? 0) / 1e6, "MB")
  report("timeline.set_disk", (facts["disk_bytes"] ?? 0) / 1e6, "MB")
  report("timeline.set_generate", facts["generate_seconds"] ?? 0, "s")

  let grouped = Timeline.acceptsGroupBy(binary)
  let prefix = grouped ? "timeline." : "timeline.ungrouped."
  if !grouped {
    print(
      "# timeline: this gallery has no --group-by; timing the folder view's first frame "
        + "(first_frame_realtime_ns) instead, under timeline.ungrouped.")
  }
  let scratch = NSTemporaryDirectory() + "gallery-bench-timeline-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  for folder in ["state", "config", "warm"] {
    try? FileManager.default.createDirectory(
      atPath: scratch + "/" + folder, withIntermediateDirectories: true)
  }
  let arguments = ["--graphics", "cells"] + (grouped ? ["--group-by", "day"] : []) + [root]
  func launch(cache: String) -> TracedSession? {
    TracedSession(
      binary: binary, arguments: arguments,
      environment: [
        "XDG_CACHE_HOME": cache, "XDG_STATE_HOME": scratch + "/state",
        "XDG_CONFIG_HOME": scratch + "/config",
      ])
  }
  let datedLine = grouped ? "dated_frame_realtime_ns" : "first_frame_realtime_ns"
  let completeLine = grouped ? "dates_complete_realtime_ns" : "screen_sharp_realtime_ns"
  var missing = Set<String>()
  /// One launch: its times from the launch, in ms, waiting for the end of the dates (or,
  /// without the line, for the process to go idle) when `complete`.
  func measure(_ session: TracedSession, complete: Bool) -> Timeline.Times {
    var times = Timeline.Times()
    times.firstFrame = Timeline.wait(session, for: "first_frame_realtime_ns", seconds: 60)
    // A binary that never traces the line loses a minute once, not every launch.
    times.dated = Timeline.wait(
      session, for: datedLine, seconds: missing.contains(datedLine) ? 3 : 60)
    if times.dated == nil { missing.insert(datedLine) }
    guard complete else { return times }
    // The dates of 100,000 files, read cold: allow ten minutes, but give up soon after
    // the process goes idle without the line.
    let (complete, idle) = Timeline.waitOrIdle(
      session, for: completeLine, seconds: 600, idleAfter: 5)
    times.complete = complete
    if complete == nil {
      missing.insert(completeLine)
      times.idle = idle
    }
    return times
  }

  // The first launch: every date read, the cache written, the files in the page cache.
  if let session = launch(cache: scratch + "/warm") {
    let times = measure(session, complete: true)
    Timeline.finish(session)
    print(
      "# timeline: first launch (fills the dates cache and the page cache): "
        + "first frame \(Timeline.text(times.firstFrame)) ms, \(datedLine) "
        + "\(Timeline.text(times.dated)) ms, \(completeLine) \(Timeline.text(times.complete)) ms"
        + (times.idle.map { ", idle at \(Timeline.text($0)) ms" } ?? ""))
  }

  var cold: [Timeline.Times] = []
  for round in 0..<coldRounds {
    let cache = scratch + "/cold-\(round)"
    guard let session = launch(cache: cache) else { continue }
    cold.append(measure(session, complete: true))
    Timeline.finish(session)
    try? FileManager.default.removeItem(atPath: cache)
  }
  var warm: [Timeline.Times] = []
  for _ in 0..<rounds {
    guard let session = launch(cache: scratch + "/warm") else { continue }
    warm.append(measure(session, complete: true))
    Timeline.finish(session)
  }

  Timeline.summarize(
    prefix + "first_frame_warm_ms", warm.compactMap(\.dated), goal: 1000, goalName: "1s")
  Timeline.summarize(prefix + "first_frame_any_warm_ms", warm.compactMap(\.firstFrame))
  Timeline.summarize(
    prefix + (grouped ? "dates_complete_warm_ms" : "screen_sharp_warm_ms"),
    warm.compactMap(\.complete))
  Timeline.summarize(
    prefix + "first_dated_screen_cold_ms", cold.compactMap(\.dated), goal: 2000, goalName: "2s")
  Timeline.summarize(prefix + "first_frame_any_cold_ms", cold.compactMap(\.firstFrame))
  Timeline.summarize(
    prefix + (grouped ? "dates_complete_cold_ms" : "screen_sharp_cold_ms"),
    cold.compactMap(\.complete))
  Timeline.summarize(prefix + "idle_cold_ms", cold.compactMap(\.idle))
  Timeline.summarize(prefix + "idle_warm_ms", warm.compactMap(\.idle))

  // Keys in the warm session, each once the one before it is drawn.
  if let session = launch(cache: scratch + "/warm") {
    _ = measure(session, complete: true)
    usleep(500_000)
    print("# timeline: load average before the keys \(Timeline.load())")
    let typed = Timeline.typeKeys(session, count: keyCount)
    let peak = ScaleBench.peakKilobytes(pid: session.pid)
    Timeline.finish(session)
    let all = typed.flatMap(\.value)
    report(prefix + "keys_sent", Double(keyCount), "keys")
    report(prefix + "keys_drawn", Double(all.count), "keys")
    Timeline.summarizeKeys(prefix + "key", all)
    for (name, _, _) in Timeline.keys {
      let values = (typed[name] ?? []).sorted()
      guard let median = medianOf(values) else { continue }
      print(
        "# \(prefix)key \(name): \(values.count) drawn, median "
          + "\(Timeline.text(median)) ms, max \(Timeline.text(values.last)) ms")
    }
    if let peak {
      let megabytes = Double(peak) / 1024
      report(prefix + "peak_rss_mb", megabytes, "MB")
      // The scale bench's goal is for 10,000 pictures; this library has ten times as many.
      report(prefix + "peak_rss_vs_150MB_scale_goal", megabytes / 150, "ratio")
    }
  }
  for line in missing.sorted() {
    print("# timeline: \(line) never traced by this binary (figures from it left out)")
  }
  print("# timeline: load average at the end \(Timeline.load())")
  print("# reproduce: .build/release/gallery-bench timeline  (TIMELINE_BENCH_ROUNDS=N)")
  print(
    "# by hand: GALLERY_TRACE=/tmp/trace .build/release/gallery --graphics cells "
      + "--group-by day \(root); cat /tmp/trace")
}

/// What the timeline bench shares between its launches.
enum Timeline {
  /// Times of one launch, in milliseconds from it.
  struct Times {
    var firstFrame: Double?
    var dated: Double?
    var complete: Double?
    /// When the process went idle, where `complete`'s line was never traced.
    var idle: Double?
  }

  /// The keys typed, and how often each (in a hundred).
  static let keys: [(name: String, sequence: String, weight: Int)] = [
    ("down", "\u{1b}[B", 40), ("right", "\u{1b}[C", 20), ("pgdn", "\u{1b}[6~", 15),
    ("up", "\u{1b}[A", 15), ("end", "\u{1b}[F", 5), ("home", "\u{1b}[H", 5),
  ]

  /// `/proc/loadavg`'s three averages.
  static func load() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  /// Whether `binary --help` lists `--group-by`.
  static func acceptsGroupBy(_ binary: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["--help"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self).contains("--group-by")
  }

  /// Whether the session's process still runs: neither gone nor a zombie (read from
  /// `/proc`, so the process is left for `finish` to reap).
  static func running(_ session: TracedSession) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(session.pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
  }

  /// Milliseconds from the launch to the first `name` line, waiting up to `seconds`; nil
  /// when it never comes or the process ends first.
  static func wait(_ session: TracedSession, for name: String, seconds: Double) -> Double? {
    waitOrIdle(session, for: name, seconds: seconds, idleAfter: nil).at
  }

  /// Milliseconds from the launch to the first `name` line (`at`), or, when the process
  /// goes idle for `idleAfter` seconds first, to when it went idle (`idleAt`).
  static func waitOrIdle(
    _ session: TracedSession, for name: String, seconds: Double, idleAfter: Double?
  ) -> (at: Double?, idleAt: Double?) {
    let deadline = Date(timeIntervalSinceNow: seconds)
    var idle = IdleWatch(session, seconds: idleAfter ?? 0)
    var polls = 0
    while Date() < deadline {
      if let value = session.millisecondsSinceLaunch(name) { return (value, nil) }
      if !running(session) { break }
      polls += 1
      if idleAfter != nil, polls % 20 == 0, let since = idle.isIdle() {
        return (session.millisecondsSinceLaunch(name), (since - session.started) / 1e6)
      }
      usleep(5000)
    }
    return (session.millisecondsSinceLaunch(name), nil)
  }

  /// Whether a process has been idle for a while: at most 20 ms of CPU (two clock ticks)
  /// over the last `seconds`, so a timer's light work does not count.
  struct IdleWatch {
    let session: TracedSession
    let seconds: Double
    /// (wall clock in ns, CPU ticks), the oldest first.
    var samples: [(Double, Int)] = []

    init(_ session: TracedSession, seconds: Double) {
      self.session = session
      self.seconds = seconds
    }

    /// When the idle time began (wall clock, ns) once it has lasted `seconds`, else nil.
    mutating func isIdle() -> Double? {
      guard let ticks = ScaleBench.cpuTicks(pid: session.pid) else { return nil }
      let now = TracedSession.realtime()
      samples.append((now, ticks))
      samples.removeAll { now - $0.0 > (seconds + 1) * 1e9 }
      guard let first = samples.first(where: { now - $0.0 <= seconds * 1e9 }),
        now - first.0 >= (seconds - 0.6) * 1e9, ticks - first.1 <= 2
      else { return nil }
      return first.0
    }
  }

  /// Types `count` keys from `keys` (seeded), each once the one before it is drawn (its
  /// `key_ns` line; a second at most) and 20 ms more; the times drawn, by key, in ms.
  static func typeKeys(_ session: TracedSession, count: Int) -> [String: [Double]] {
    var random = SplitMix64(seed: 5)
    var drawn: [String: [Double]] = [:]
    for _ in 0..<count {
      var pick = random.below(100)
      var key = keys[0]
      for candidate in keys {
        if pick < candidate.weight {
          key = candidate
          break
        }
        pick -= candidate.weight
      }
      let before = session.values("key_ns").count
      session.type(key.sequence)
      let deadline = Date(timeIntervalSinceNow: 1)
      var values = session.values("key_ns")
      while values.count <= before, Date() < deadline, running(session) {
        usleep(2000)
        values = session.values("key_ns")
      }
      if values.count > before { drawn[key.name, default: []].append(values[before] / 1e6) }
      usleep(20_000)
    }
    return drawn
  }

  /// Quits with `q`, reads nothing more, and waits for the process (30 s, then kills it,
  /// by its pid); then lets the session close its terminal and remove its trace.
  static func finish(_ session: TracedSession) {
    session.type("q")
    let deadline = Date(timeIntervalSinceNow: 30)
    var status: Int32 = 0
    var reaped = false
    while Date() < deadline {
      let result = waitpid(session.pid, &status, WNOHANG)
      if result == session.pid || (result < 0 && errno != EINTR) {
        reaped = true
        break
      }
      usleep(10_000)
    }
    if !reaped {
      print("# timeline: gallery \(session.pid) did not quit within 30 s; killed")
      kill(session.pid, SIGKILL)
      while waitpid(session.pid, &status, 0) < 0 && errno == EINTR {}
    }
    // The process is reaped: `quit` finds no memory to read and no child to wait for.
    session.quit()
  }

  /// `value` in ms with three figures, or `-`.
  static func text(_ value: Double?) -> String {
    guard let value else { return "-" }
    return value >= 100 ? String(format: "%.0f", value) : String(format: "%.3g", value)
  }

  /// The median of `values` as `name`, their range and count beside it, and its ratio to
  /// `goal` (ms) when given.
  static func summarize(
    _ name: String, _ values: [Double], goal: Double? = nil, goalName: String = ""
  ) {
    let sorted = values.sorted()
    guard let median = medianOf(sorted) else { return }
    report(name, median, "ms")
    print(
      "# \(name): \(text(sorted.first))–\(text(sorted.last)) ms over \(sorted.count) rounds ("
        + values.map { text($0) }.joined(separator: ", ") + ")")
    if let goal {
      report(
        name.replacingOccurrences(of: "_ms", with: "") + "_vs_\(goalName)_goal", median / goal,
        "ratio")
    }
  }

  /// The keys' median, 95th percentile and slowest, against 2 and 5 ms.
  static func summarizeKeys(_ prefix: String, _ values: [Double]) {
    let sorted = values.sorted()
    guard let median = medianOf(sorted), let slowest = sorted.last else { return }
    let p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
    report(prefix + "_median_ms", median, "ms")
    report(prefix + "_p95_ms", p95, "ms")
    report(prefix + "_max_ms", slowest, "ms")
    report(prefix + "_median_vs_2ms_goal", median / 2, "ratio")
    report(prefix + "_p95_vs_5ms_goal", p95 / 5, "ratio")
  }
}

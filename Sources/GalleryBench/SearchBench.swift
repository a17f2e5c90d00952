import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The search at scale: a query typed into the filter over `TimelineSet` (100,000
/// pictures, each with a camera and an ISO speed, 99 % with a date), the release binary
/// in a 160×50 pseudo-terminal in cell art, grouped by day so the trace says when every
/// picture's details are in (`dates_complete_realtime_ns`).
///
/// A first launch reads every picture's details into the library index and quits; then
/// one warm session (that index) types `/`, then a query a character at a time, then as
/// many Backspaces, then Esc, for each of the queries (`SEARCH_BENCH_QUERIES`, separated
/// by `;`), each new to the session, each key sent once the one before it is drawn (its
/// `key_ns`). Goal: key to frame, median ≤ 10 ms, 95th percentile ≤ 25 ms, over the
/// queries' keys and the Backspaces.
@MainActor let searchBenchmarks = BenchmarkGroup(name: "search") {
  let environment = ProcessInfo.processInfo.environment
  let queries =
    (environment["SEARCH_BENCH_QUERIES"]
    ?? "camera:x100v iso>=3200;camera:nikon iso<=400;date:2024-08 -camera:iphone")
    .split(separator: ";").map(String.init)
  guard let binary = ScaleBench.galleryBinary() else {
    print("# search: no gallery binary beside gallery-bench; run `swift build -c release` first")
    return
  }
  print("# search: load average at the start \(Timeline.load())")
  guard let (root, _) = TimelineSet.make() else { return }
  let scratch = NSTemporaryDirectory() + "gallery-bench-search-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  for folder in ["state", "config", "warm"] {
    try? FileManager.default.createDirectory(
      atPath: scratch + "/" + folder, withIntermediateDirectories: true)
  }
  func launch() -> TracedSession? {
    TracedSession(
      binary: binary, arguments: ["--graphics", "cells", "--group-by", "day", root],
      environment: [
        "XDG_CACHE_HOME": scratch + "/warm", "XDG_STATE_HOME": scratch + "/state",
        "XDG_CONFIG_HOME": scratch + "/config",
      ])
  }
  /// Waits for every picture's details (ten minutes at most); false when they never came.
  func complete(_ session: TracedSession) -> Bool {
    _ = Timeline.wait(session, for: "first_frame_realtime_ns", seconds: 60)
    return Timeline.wait(session, for: "dates_complete_realtime_ns", seconds: 600) != nil
  }
  // The first launch: every picture's details read into the index, the files in the page
  // cache.
  if let session = launch() {
    let read = complete(session)
    Timeline.finish(session)
    if !read { print("# search: the first launch never read every picture's details") }
  }
  guard let session = launch() else { return }
  guard complete(session) else {
    print("# search: the warm launch never had every picture's details; no figures")
    Timeline.finish(session)
    return
  }
  usleep(500_000)
  print("# search: load average before the keys \(Timeline.load())")
  var opening: [Double] = []
  var typing: [Double] = []
  var erasing: [Double] = []
  var keysSent = 0
  for query in queries {
    let typed = query.map { String($0) }
    opening += Search.type(session, ["/"])
    let times = Search.type(session, typed + Array(repeating: "\u{7f}", count: typed.count))
    keysSent += 2 * typed.count
    typing += times.prefix(typed.count)
    erasing += times.dropFirst(typed.count)
    // Esc: the prompt closed, the filter cleared, for the next query.
    _ = Search.type(session, ["\u{1b}"])
    usleep(300_000)
  }
  Timeline.finish(session)
  let all = typing + erasing
  report("search.keys_sent", Double(keysSent), "keys")
  report("search.keys_drawn", Double(all.count), "keys")
  let sorted = all.sorted()
  if let median = medianOf(sorted) {
    let p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
    report("search.key_median_ms", median, "ms")
    report("search.key_p95_ms", p95, "ms")
    report("search.key_max_ms", sorted.last ?? p95, "ms")
    report("search.key_median_vs_10ms_goal", median / 10, "ratio")
    report("search.key_p95_vs_25ms_goal", p95 / 25, "ratio")
  }
  for (name, values) in [("/", opening), ("typed", typing), ("backspace", erasing)] {
    let sorted = values.sorted()
    guard let median = medianOf(sorted) else { continue }
    print(
      "# search key \(name): \(values.count) drawn, median \(Timeline.text(median)) ms, "
        + "max \(Timeline.text(sorted.last)) ms")
  }
  print("# search: each typed key (ms): " + typing.map { Timeline.text($0) }.joined(separator: " "))
  print("# search: load average at the end \(Timeline.load())")
  print("# reproduce: .build/bench/release/gallery-bench search  (SEARCH_BENCH_QUERIES='a;b')")
}

/// What the search bench types.
enum Search {
  /// Types each of `keys`, each once the one before it is drawn (its `key_ns` line; two
  /// seconds at most) and 20 ms more; the times drawn, in ms, in order.
  static func type(_ session: TracedSession, _ keys: [String]) -> [Double] {
    var drawn: [Double] = []
    for key in keys {
      let before = session.values("key_ns").count
      session.type(key)
      let deadline = Date(timeIntervalSinceNow: 2)
      var values = session.values("key_ns")
      while values.count <= before, Date() < deadline, Timeline.running(session) {
        usleep(1000)
        values = session.values("key_ns")
      }
      if values.count > before { drawn.append(values[before] / 1e6) }
      usleep(20_000)
    }
    return drawn
  }
}

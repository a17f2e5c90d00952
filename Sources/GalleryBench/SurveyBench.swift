import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The survey in the release binary, in a 160×50 pseudo-terminal that answers as a kitty
/// on this machine does (`KittyResponder`: pictures go by file, 10×20-pixel cells),
/// pictures in kitty's protocol (`SURVEY_BENCH_GRAPHICS` for another): 24-megapixel DNGs
/// (their 1616×1080 previews), phone JPEGs (4032×3024) as the camera writes them
/// (baseline), and the same re-saved progressive, which take libjpeg about four times as
/// long; `SURVEY_BENCH_SETS` names some of `raws,jpegs,progressive_jpegs`. Each folder is
/// opened with `--no-cache` and, once its first screen is drawn, `N`:
/// - the survey cold, key to the frame with all four drawn (`key_settled_ns`); goals
///   150 ms (raws) and 250 ms (JPEGs);
/// - a synchronized pan at the actual size (`=`, then the arrows), key to frame written
///   (`key_ns`) and to every pane drawn; goal: median 30 ms;
/// - the next picture in the detail view (`Enter`, a second idle, then `→`), key to the
///   picture drawn; goal 20 ms.
/// Rounds: `SURVEY_BENCH_ROUNDS` (3); medians over them. `SURVEY_BENCH_MEMORY` gives the
/// memory budget (`--memory`, default 128M): panning at 100 % keeps a whole decoded copy
/// of each picture, which four 24-megapixel ones need 400 MB for.
@MainActor let surveyBenchmarks = BenchmarkGroup(name: "survey") {
  let environment = ProcessInfo.processInfo.environment
  let rounds = max(1, Int(environment["SURVEY_BENCH_ROUNDS"] ?? "") ?? 3)
  let graphics = environment["SURVEY_BENCH_GRAPHICS"] ?? "kitty"
  // The memory budget (`--memory`): four pictures at 100 % are four whole decoded copies.
  let memory = environment["SURVEY_BENCH_MEMORY"].map { ["--memory", $0] } ?? []
  guard let binary = ScaleBench.galleryBinary() else {
    print("# survey: no gallery binary beside gallery-bench; run `swift build -c release` first")
    return
  }
  let scratch = NSTemporaryDirectory() + "gallery-bench-survey-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  let raws = scratch + "/raws"
  try? FileManager.default.createDirectory(atPath: raws, withIntermediateDirectories: true)
  guard let dng = makeBenchDNG(in: scratch) else {
    print("# survey: could not make the DNG (is cjpeg installed?)")
    return
  }
  for index in 1...6 {
    _ = try? FileManager.default.copyItem(
      atPath: dng, toPath: raws + String(format: "/IMG_%04d.DNG", index))
  }
  let assets = (binary as NSString).deletingLastPathComponent + "/gallery-assets"
  var sets = [("raws", raws, 150.0)]
  // A phone writes baseline JPEGs; a progressive one (an export, a re-save) takes its
  // decoder about four times as long, so the two are surveyed apart.
  if let phones = PhoneSet.make(assets: assets) {
    // The set's photos take turns: baseline, then progressive.
    for (name, turn) in [("jpegs", 0), ("progressive_jpegs", 1)] {
      let folder = scratch + "/" + name
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      for (number, photo) in phones.photos.prefix(16).enumerated() where number % 2 == turn {
        _ = try? FileManager.default.copyItem(
          atPath: photo, toPath: folder + "/" + (photo as NSString).lastPathComponent)
      }
      sets.append((name, folder, 250))
    }
  }
  if let only = environment["SURVEY_BENCH_SETS"] {
    let names = Set(only.split(separator: ",").map(String.init))
    sets = sets.filter { names.contains($0.0) }
  }
  print(
    "# survey: load average at the start \(Timeline.load()), \(graphics), \(rounds) rounds, "
      + "memory \(environment["SURVEY_BENCH_MEMORY"] ?? "128M")")
  for (name, folder, goal) in sets {
    var cold: [Double] = []
    var pansDrawn: [Double] = []
    var pansSettled: [Double] = []
    var next: [Double] = []
    for _ in 0..<rounds {
      guard
        let session = TracedSession(
          binary: binary, arguments: ["--no-cache", "--graphics", graphics] + memory + [folder],
          environment: [
            "XDG_CACHE_HOME": scratch + "/cache", "XDG_STATE_HOME": scratch + "/state",
            "XDG_CONFIG_HOME": scratch + "/config",
          ], answersAsKitty: graphics == "kitty")
      else { continue }
      guard session.wait(for: "screen_sharp_realtime_ns", seconds: 60).first != nil else {
        print("# survey: \(name): the first screen was never drawn")
        Timeline.finish(session)
        continue
      }
      // Decoding ahead, which starts once the user is idle, done before the survey.
      usleep(UInt32(Double(environment["SURVEY_BENCH_IDLE"] ?? "") ?? 3_000_000))
      if let settled = SurveyKeys.settle(session, "N") { cold.append(settled) }
      _ = SurveyKeys.settle(session, "=")
      for key in ["l", "l", "j", "h", "l", "k", "j", "h"] {
        let drawnBefore = session.values("key_ns").count
        if let settled = SurveyKeys.settle(session, key) { pansSettled.append(settled) }
        let drawn = session.values("key_ns")
        if drawn.count > drawnBefore { pansDrawn.append(drawn[drawnBefore] / 1e6) }
      }
      _ = SurveyKeys.settle(session, "W")
      _ = SurveyKeys.settle(session, "\r")
      // A second idle: what decoding ahead does while the user looks.
      usleep(1_200_000)
      if let settled = SurveyKeys.settle(session, "l") { next.append(settled) }
      Timeline.finish(session)
    }
    func median(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
    report("survey.\(name)_cold_4_drawn", median(cold), "ms")
    report("survey.\(name)_cold_vs_\(Int(goal))ms_goal", median(cold) / goal, "ratio")
    report("survey.\(name)_pan_key_to_frame_median", median(pansDrawn), "ms")
    report("survey.\(name)_pan_key_to_all_drawn_median", median(pansSettled), "ms")
    report("survey.\(name)_detail_next_prefetched", median(next), "ms")
    print(
      "# survey: \(name): cold \(cold.map { String(format: "%.1f", $0) }), next \(next.map { String(format: "%.1f", $0) })"
    )
  }
  print("# survey: load average at the end \(Timeline.load())")
}

/// Keys typed into a traced session, timed to the screen they lead to.
enum SurveyKeys {
  /// Types `key` and waits (ten seconds at most) for its screen drawn from its pictures:
  /// the milliseconds of its `key_settled_ns`, nil when it never came.
  static func settle(_ session: TracedSession, _ key: String) -> Double? {
    let before = session.values("key_settled_ns").count
    session.type(key)
    let values = session.wait(for: "key_settled_ns", count: before + 1, seconds: 10)
    return values.count > before ? values[before] / 1e6 : nil
  }

}

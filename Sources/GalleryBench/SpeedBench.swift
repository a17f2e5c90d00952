import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Speed where users feel it (issue 15), on the phone set (`PhoneSet`: 70 photos of
/// 4032×3024 with EXIF previews) in a 160×50 pseudo-terminal (`--graphics cells`), the
/// real binary reporting its own moments through `GALLERY_TRACE`, times from the spawn:
///
/// - the first screen, cold (empty thumbnail caches; the photos themselves in the page
///   cache after the first round): when every picture on it is drawn (`filled`, previews
///   allowed) and drawn from the picture itself (`sharp`); beside the same binary with
///   `GALLERY_NO_PREVIEWS=1` (read by a bench build only: `BenchBuild`), and
///   `GALLERY_BENCH_BASELINE=BINARY` when given (the baseline is launched without any
///   switch, so any build works);
/// - PgDn to a page not yet seen after the screen has been idle 2 s: from the key read to
///   the frame where that page is sharp (`key_settled_ns`); beside `GALLERY_NO_PREFETCH=1`
///   (the page above and below asked for at once, no waiting for idleness, as before).
///
/// Outside a bench build only the variants without a switch run (`previews`, `baseline`,
/// `prefetch`), and no ratio is reported (each is reported with a switched variant).
///
/// Rounds: `SPEED_BENCH_ROUNDS` (5). Medians.
@MainActor let speedBenchmarks = BenchmarkGroup(name: "speed") {
  let environment = ProcessInfo.processInfo.environment
  let rounds = Int(environment["SPEED_BENCH_ROUNDS"] ?? "") ?? 5
  guard let binary = ScaleBench.galleryBinary() else {
    print("# speed: no gallery binary beside gallery-bench; run `make bench` first")
    return
  }
  // The variants without previews or decoding ahead need a bench build's switches.
  let switches = BenchBuild.hasSwitches(for: "speed's no_previews and no_prefetch")
  let assets = (binary as NSString).deletingLastPathComponent + "/gallery-assets"
  guard let set = PhoneSet.make(assets: assets) else { return }
  print("# \(set.photos.count) phone photos in \(set.root); 160x50, truecolor")
  let scratch = NSTemporaryDirectory() + "gallery-bench-speed-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: scratch) }

  /// A launch on a fresh, empty cache folder.
  func launch(_ variant: [String: String], _ round: Int, binary: String = binary)
    -> TracedSession?
  {
    let cache = scratch + "/cache-\(round)-\(UUID().uuidString.prefix(6))"
    var extra = variant
    extra["XDG_CACHE_HOME"] = cache
    extra["XDG_STATE_HOME"] = scratch + "/state"
    // No graphics queries: a pseudo-terminal never answers them, and the wait for the
    // answer (150 ms) is not what a real terminal costs (0–7 ms).
    return TracedSession(
      binary: binary, arguments: ["--graphics", "cells", set.root], environment: extra)
  }

  // The first screen, cold.
  var variants: [(String, [String: String], String)] = [("previews", [:], binary)]
  if switches {
    variants.append(("no_previews", ["GALLERY_NO_PREVIEWS": "1"], binary))
  }
  if let baseline = environment["GALLERY_BENCH_BASELINE"] {
    variants.append(("baseline", [:], baseline))
  }
  var filled: [String: [Double]] = [:]
  var sharp: [String: [Double]] = [:]
  var firstFrame: [String: [Double]] = [:]
  for round in 0..<rounds {
    // Alternate the order, so that neither variant always runs on a machine just warmed.
    for (name, variant, program) in round % 2 == 0 ? variants : variants.reversed() {
      guard let session = launch(variant, round, binary: program) else { continue }
      // A baseline without these trace lines is only timed to its first frame.
      if session.wait(for: "first_frame_realtime_ns", seconds: 10).isEmpty {
        session.quit()
        continue
      }
      session.wait(for: "screen_sharp_realtime_ns", seconds: program == binary ? 60 : 3)
      if let value = session.millisecondsSinceLaunch("first_frame_realtime_ns") {
        firstFrame[name, default: []].append(value)
      }
      if let value = session.millisecondsSinceLaunch("screen_filled_realtime_ns") {
        filled[name, default: []].append(value)
      }
      if let value = session.millisecondsSinceLaunch("screen_sharp_realtime_ns") {
        sharp[name, default: []].append(value)
      }
      session.quit()
    }
  }
  for (name, _, _) in variants {
    if let value = firstFrame[name].flatMap(medianOf) {
      report("speed.first_frame_\(name)", value, "ms")
    }
    if let value = filled[name].flatMap(medianOf) {
      report("speed.first_screen_filled_\(name)", value, "ms")
    }
    if let value = sharp[name].flatMap(medianOf) {
      report("speed.first_screen_sharp_\(name)", value, "ms")
    }
  }
  if let with = filled["previews"].flatMap(medianOf),
    let without = sharp["no_previews"].flatMap(medianOf)
  {
    report("speed.first_screen_filled_vs_without_previews", with / without, "ratio")
    report("speed.first_screen_filled_vs_200ms_goal", with / 200, "ratio")
  }
  if let with = sharp["previews"].flatMap(medianOf),
    let without = sharp["no_previews"].flatMap(medianOf)
  {
    report("speed.first_screen_sharp_vs_without_previews", with / without, "ratio")
  }

  // PgDn to an unseen page after 2 s idle: four pages a launch.
  var settled: [String: [Double]] = [:]
  var pagers: [(String, [String: String])] = [("prefetch", [:])]
  if switches {
    pagers.append(("no_prefetch", ["GALLERY_NO_PREFETCH": "1"]))
  }
  for round in 0..<max(1, rounds / 2) {
    for (name, variant) in round % 2 == 0 ? pagers : pagers.reversed() {
      guard let session = launch(variant, round) else { continue }
      session.wait(for: "screen_sharp_realtime_ns", seconds: 60)
      for page in 1...4 {
        usleep(2_000_000)
        session.type("\u{1B}[6~")
        let values = session.wait(for: "key_settled_ns", count: page, seconds: 20)
        if values.count == page, let last = values.last {
          settled[name, default: []].append(last / 1e6)
        }
      }
      session.quit()
    }
  }
  for (name, _) in pagers {
    guard let values = settled[name], let value = medianOf(values) else { continue }
    report("speed.pgdn_idle_sharp_\(name)", value, "ms (\(values.count) keys)")
    report("speed.pgdn_idle_sharp_\(name)_max", values.max() ?? 0, "ms")
  }
  if let with = settled["prefetch"].flatMap(medianOf),
    let without = settled["no_prefetch"].flatMap(medianOf)
  {
    report("speed.pgdn_idle_sharp_vs_no_prefetch", with / without, "ratio")
    report("speed.pgdn_idle_sharp_vs_60ms_goal", with / 60, "ratio")
  }
  print("# reproduce: make bench BENCH_ARGS=speed  (SPEED_BENCH_ROUNDS=N)")
}

/// The median of `values` (the upper one of an even count); nil when empty.
func medianOf(_ values: [Double]) -> Double? {
  let sorted = values.sorted()
  return sorted.isEmpty ? nil : sorted[sorted.count / 2]
}

import Foundation
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery --print` against `timg` on 70 generated 1920×1080 photos (issue 5).
///
/// The photos come from `gallery-assets --photos` and are filed as the chapter's sets
/// (Desks 15, Kitchen 25, MacBook 30: sections in name order, so the first section, the
/// horizontal row that shows 2 pictures, is the smallest and the showcase draws 57). Both
/// programs write to a file on a 160×50 screen in truecolor and a UTF-8 locale; timg
/// uses quarter blocks (`-pq`, its default outside graphics terminals; our default
/// symbols are chafa's blocks, quarters included), `--grid=4` (4 columns, each 40×12
/// cells) over all 70 files. Runs alternate timg, cold, warm, no-cache, each round
/// after one unmeasured warm-up round; medians over the rounds.
///
/// Cold: a fresh empty `XDG_CACHE_HOME` (thumbnails are written); warm: the same
/// cache again (thumbnails read); no-cache: `--no-cache` (neither read nor written).
/// Wall time and CPU time (user + system) come from `wait4`, peak memory (max RSS) from GNU
/// time (see `spawnAndWait`).
@MainActor let printBenchmarks = BenchmarkGroup(name: "print") {
  let rounds = Int(ProcessInfo.processInfo.environment["PRINT_BENCH_ROUNDS"] ?? "") ?? 7
  let bin = executableFolder()
  let gallery = bin + "/gallery"
  let assets = bin + "/gallery-assets"
  guard let timg = ["/usr/bin/timg", "/usr/local/bin/timg"].first(where: isExecutable) else {
    print("print: timg is not installed (apt-get install timg)")
    return
  }
  guard isExecutable(gallery), isExecutable(assets) else {
    print("print: build gallery and gallery-assets first (swift build -c release)")
    return
  }
  let folder = NSTemporaryDirectory() + "gallery-bench-print-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: folder) }
  guard let photos = makePhotos(assets: assets, in: folder) else {
    print("print: gallery-assets --photos failed")
    return
  }
  let photoRoot = folder + "/photos"
  let output = folder + "/out.txt"
  let base = benchEnvironment()
  let timgArguments = ["--grid=4", "-g160x50", "-pq"] + photos
  let galleryArguments = ["--print", "--size", "160x50", photoRoot]
  // The grid preset draws all 70 (5 columns of 32 cells): the like-for-like workload.
  let gridArguments = ["--print", "--layout", "grid", "--size", "160x50", photoRoot]

  print("# photos: \(photos.count) JPEGs 1920x1080 in \(photoRoot) (Desks 15, Kitchen 25,")
  print("#   MacBook 30); env: COLORTERM=truecolor TERM=xterm-256color LC_ALL=C.UTF-8")
  print("# make them: \(assets) --photos 70 1920x1080 DIR, then photo-001…015 into Desks,")
  print("#   016…040 into Kitchen, 041…070 into MacBook")
  print("# timg:     \(timg) --grid=4 -g160x50 -pq PHOTOS/*/*.jpg > out.txt")
  print("# cold:     XDG_CACHE_HOME=$(mktemp -d) \(gallery) --print --size 160x50 PHOTOS > out.txt")
  print("# warm:     the same again with the same XDG_CACHE_HOME")
  print("# no-cache: \(gallery) --print --no-cache --size 160x50 PHOTOS > out.txt")
  print("# grid_cold, grid_warm: as cold and warm with --layout grid (all 70 drawn)")

  var timgRuns: [ChildRun] = []
  var coldRuns: [ChildRun] = []
  var warmRuns: [ChildRun] = []
  var noCacheRuns: [ChildRun] = []
  var gridColdRuns: [ChildRun] = []
  var gridWarmRuns: [ChildRun] = []
  var thumbnailCount = 0
  let baseline = ProcessInfo.processInfo.environment["GALLERY_BENCH_BASELINE"]
  var versusBaseline: [String: [Double]] = [:]
  var outputBytes = (timg: 0, gallery: 0)
  for round in 0...rounds {
    let cache = folder + "/cache-\(round)"
    var cacheEnvironment = base
    cacheEnvironment["XDG_CACHE_HOME"] = cache
    let t = spawnAndWait(timg, timgArguments, environment: base, output: output)
    outputBytes.timg = fileSize(output)
    let cold = spawnAndWait(
      gallery, galleryArguments, environment: cacheEnvironment, output: output)
    let warm = spawnAndWait(
      gallery, galleryArguments, environment: cacheEnvironment, output: output)
    outputBytes.gallery = fileSize(output)
    let none = spawnAndWait(
      gallery, ["--no-cache"] + galleryArguments, environment: base, output: output)
    thumbnailCount = countFiles(in: cache + "/thumbnails", suffix: ".png")
    try? FileManager.default.removeItem(atPath: cache)
    let gridCold = spawnAndWait(
      gallery, gridArguments, environment: cacheEnvironment, output: output)
    let gridWarm = spawnAndWait(
      gallery, gridArguments, environment: cacheEnvironment, output: output)
    try? FileManager.default.removeItem(atPath: cache)
    // The baseline binary in the same round, for paired ratios (cold, warm, no cache).
    var baselineRuns: [ChildRun?] = []
    if let baseline {
      baselineRuns.append(
        spawnAndWait(baseline, galleryArguments, environment: cacheEnvironment, output: output))
      baselineRuns.append(
        spawnAndWait(baseline, galleryArguments, environment: cacheEnvironment, output: output))
      baselineRuns.append(
        spawnAndWait(
          baseline, ["--no-cache"] + galleryArguments, environment: base, output: output))
      try? FileManager.default.removeItem(atPath: cache)
    }
    guard let t, let cold, let warm, let none, let gridCold, let gridWarm else {
      print("print: a run failed to start or exited with an error")
      return
    }
    if round == 0 { continue }  // warm-up: photos into the page cache
    if baselineRuns.count == 3, let bCold = baselineRuns[0], let bWarm = baselineRuns[1],
      let bNone = baselineRuns[2]
    {
      versusBaseline["cold", default: []].append(cold.wallSeconds / bCold.wallSeconds)
      versusBaseline["warm", default: []].append(warm.wallSeconds / bWarm.wallSeconds)
      versusBaseline["nocache", default: []].append(none.wallSeconds / bNone.wallSeconds)
      versusBaseline["cold_cpu", default: []].append(cold.cpuSeconds / bCold.cpuSeconds)
    }
    timgRuns.append(t)
    coldRuns.append(cold)
    warmRuns.append(warm)
    noCacheRuns.append(none)
    gridColdRuns.append(gridCold)
    gridWarmRuns.append(gridWarm)
  }

  report("print.rounds", Double(rounds), "pairs")
  report("print.gallery_pictures_drawn", Double(thumbnailCount), "pictures (timg: \(photos.count))")
  report("print.output_timg", Double(outputBytes.timg) / 1024, "KB")
  report("print.output_gallery", Double(outputBytes.gallery) / 1024, "KB")
  let all = [
    ("timg", timgRuns), ("cold", coldRuns), ("warm", warmRuns), ("nocache", noCacheRuns),
    ("grid_cold", gridColdRuns), ("grid_warm", gridWarmRuns),
  ]
  for (name, runs) in all {
    report("print.\(name)_wall", median(runs.map(\.wallSeconds)) * 1000, "ms")
    report("print.\(name)_cpu", median(runs.map(\.cpuSeconds)) * 1000, "ms")
    report("print.\(name)_max_rss", median(runs.map(\.maxRSSKilobytes)) / 1024, "MB")
  }
  let timgWall = median(timgRuns.map(\.wallSeconds))
  let timgCPU = median(timgRuns.map(\.cpuSeconds))
  let timgRSS = median(timgRuns.map(\.maxRSSKilobytes))
  for (name, runs) in all.dropFirst() {
    let goal =
      name.hasSuffix("warm") ? " (goal <= 0.2)" : name.hasSuffix("cold") ? " (goal <= 0.7)" : ""
    report("print.\(name)_vs_timg_wall", median(runs.map(\.wallSeconds)) / timgWall, "ratio" + goal)
    report("print.\(name)_vs_timg_cpu", median(runs.map(\.cpuSeconds)) / timgCPU, "ratio")
    report(
      "print.\(name)_vs_timg_max_rss", median(runs.map(\.maxRSSKilobytes)) / timgRSS,
      "ratio (goal <= 1)")
  }
  // Pairwise ratios: each round's run over the timg run beside it, steadier under load.
  for (name, runs) in all.dropFirst() {
    let ratios = zip(runs, timgRuns).map { $0.wallSeconds / $1.wallSeconds }
    report("print.\(name)_vs_timg_wall_paired", median(ratios), "median ratio")
  }

  for (name, ratios) in versusBaseline.sorted(by: { $0.key < $1.key }) {
    report("print.\(name)_vs_baseline_paired", median(ratios), "median ratio")
  }

  // Decode per picture on these photos beside the floor, djpeg -scale 1/8 (both CPU
  // time; djpeg's includes its process start). The `thumbs` group measures the same
  // on smaller synthetic files, with wall times and the tile size too.
  let decoder = ImageDecoder()
  let ours = cpuNanoseconds(RUSAGE_SELF.rawValue) {
    for photo in photos { _ = try? decoder.decode(path: photo, target: (240, 135)) }
  }
  let djpeg = cpuNanoseconds(RUSAGE_CHILDREN.rawValue) {
    for photo in photos {
      runTool("/usr/bin/djpeg", ["-scale", "1/8", "-outfile", "/dev/null", photo])
    }
  }
  let count = Double(photos.count)
  report("print.decode_1_8_cpu", ours / count / 1e6, "ms/picture")
  report("print.djpeg_scale_1_8_cpu", djpeg / count / 1e6, "ms/picture")
  report("print.decode_1_8_vs_djpeg_cpu", ours / djpeg, "ratio")

  // Time to the first byte, warm (issue 15): the document streams band by band.
  let warmCache = folder + "/cache-first-byte"
  var warmEnvironment = base
  warmEnvironment["XDG_CACHE_HOME"] = warmCache
  _ = spawnAndWait(gallery, galleryArguments, environment: warmEnvironment, output: output)
  var firstBytes: [Double] = []
  var wholes: [Double] = []
  for _ in 0..<rounds {
    guard let run = firstByte(gallery, galleryArguments, environment: warmEnvironment) else {
      continue
    }
    firstBytes.append(run.first * 1000)
    wholes.append(run.whole * 1000)
  }
  if !firstBytes.isEmpty {
    report("print.warm_first_byte", median(firstBytes), "ms (goal < 100)")
    report("print.warm_last_byte", median(wholes), "ms")
  }

  smallPhotosBenchmark(gallery: gallery, assets: assets, timg: timg, rounds: max(3, rounds / 2))
}

/// `--print` cold on 500 small photos (640×480) against timg, CPU time (issue 15): the
/// per-picture cost of drawing, not of decoding large files. Both grid 4 wide on 160×50;
/// ours writes its drawn art (`--print` reads freedesktop thumbnails but writes none).
private func smallPhotosBenchmark(gallery: String, assets: String, timg: String, rounds: Int) {
  let folder = NSTemporaryDirectory() + "gallery-bench-small-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: folder) }
  guard runTool(assets, ["--photos", "500", "640x480", folder + "/photos"]) == 0 else {
    print("print: gallery-assets --photos 500 640x480 failed")
    return
  }
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/photos")) ?? []
  let photos = names.sorted().map { folder + "/photos/" + $0 }
  let base = benchEnvironment()
  let output = folder + "/out.txt"
  let timgArguments = ["--grid=4", "-g160x50", "-pq"] + photos
  let ourArguments = ["--print", "--layout", "grid", "--size", "160x50", folder + "/photos"]
  var timgRuns: [ChildRun] = []
  var coldRuns: [ChildRun] = []
  var noCacheRuns: [ChildRun] = []
  for round in 0...rounds {
    var cold = base
    cold["XDG_CACHE_HOME"] = folder + "/cache-\(round)"
    let t = spawnAndWait(timg, timgArguments, environment: base, output: output)
    let ours = spawnAndWait(gallery, ourArguments, environment: cold, output: output)
    let none = spawnAndWait(
      gallery, ["--no-cache"] + ourArguments, environment: base, output: output)
    // The caches stay until the end: creating files where a thousand were just deleted
    // costs ext4 several times more system time (`recently_deleted`), which no user's
    // first run pays.
    guard let t, let ours, let none else {
      print("print: a small-photos run failed")
      return
    }
    if round == 0 { continue }
    timgRuns.append(t)
    coldRuns.append(ours)
    noCacheRuns.append(none)
  }
  let timgCPU = median(timgRuns.map(\.cpuSeconds))
  report("print.small500_timg_cpu", timgCPU * 1000, "ms")
  report("print.small500_cold_cpu", median(coldRuns.map(\.cpuSeconds)) * 1000, "ms")
  report("print.small500_nocache_cpu", median(noCacheRuns.map(\.cpuSeconds)) * 1000, "ms")
  report(
    "print.small500_cold_vs_timg_cpu", median(coldRuns.map(\.cpuSeconds)) / timgCPU,
    "ratio (goal <= 1.5)")
  report(
    "print.small500_nocache_vs_timg_cpu", median(noCacheRuns.map(\.cpuSeconds)) / timgCPU,
    "ratio")
  report(
    "print.small500_cold_vs_timg_wall",
    median(coldRuns.map(\.wallSeconds)) / median(timgRuns.map(\.wallSeconds)), "ratio")
}

/// Runs `path` with its standard output on a pipe: seconds from the spawn to the first
/// byte read, and to the end of the output; nil when it cannot start or fails.
func firstByte(_ path: String, _ arguments: [String], environment: [String: String])
  -> (first: Double, whole: Double)?
{
  var pipeEnds: [Int32] = [0, 0]
  guard pipe(&pipeEnds) == 0 else { return nil }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
  posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var pid: pid_t = 0
  let start = DispatchTime.now().uptimeNanoseconds
  let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp) == 0
  close(pipeEnds[1])
  defer { close(pipeEnds[0]) }
  guard spawned else { return nil }
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  var first: UInt64?
  while true {
    let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    if count <= 0 { break }
    if first == nil { first = DispatchTime.now().uptimeNanoseconds }
  }
  let end = DispatchTime.now().uptimeNanoseconds
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  guard status == 0, let first else { return nil }
  return (Double(first - start) / 1e9, Double(end - start) / 1e9)
}

/// One finished child process: wall time, user + system CPU, peak resident memory.
struct ChildRun {
  var wallSeconds: Double
  var cpuSeconds: Double
  var maxRSSKilobytes: Double
}

/// The median of `values` (the upper one of an even count).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// Runs `path` with `arguments` through posix_spawn, standard output to `output`,
/// standard error to /dev/null; nil when it cannot start or exits non-zero.
///
/// Peak memory is read through GNU time (`/usr/bin/time -f %M`), not from our own
/// `wait4`: a child started by posix_spawn shares this process's memory until it execs,
/// and Linux carries that memory's high-water mark into the child's `ru_maxrss`, so every
/// program would seem to use at least what this benchmark holds. GNU time is small, so the
/// floor it leaves is a megabyte or two.
func spawnAndWait(
  _ path: String, _ arguments: [String], environment: [String: String], output: String
) -> ChildRun? {
  let rssFile = output + ".maxrss"
  defer { unlink(rssFile) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let timed = ["/usr/bin/time", "-f", "%M", "-o", rssFile, path] + arguments
  let argv = timed.map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var pid: pid_t = 0
  let start = DispatchTime.now().uptimeNanoseconds
  guard posix_spawn(&pid, "/usr/bin/time", &actions, nil, argv, envp) == 0 else { return nil }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
  let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  // Exited normally with status 0 (the low 7 bits are the signal, the next 8 the code).
  guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { return nil }
  let cpu =
    Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  guard let text = try? String(contentsOfFile: rssFile, encoding: .utf8),
    let maxRSS = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
  else { return nil }
  return ChildRun(wallSeconds: wall, cpuSeconds: cpu, maxRSSKilobytes: maxRSS)
}

/// This process's environment for both programs: truecolor, a UTF-8 locale, a plain
/// xterm (so timg picks no graphics protocol), no NO_COLOR.
func benchEnvironment() -> [String: String] {
  var environment = ProcessInfo.processInfo.environment
  for key in ["NO_COLOR", "KITTY_WINDOW_ID", "TERM_PROGRAM", "WEZTERM_EXECUTABLE", "TMUX"] {
    environment[key] = nil
  }
  environment["COLORTERM"] = "truecolor"
  environment["TERM"] = "xterm-256color"
  environment["LC_ALL"] = "C.UTF-8"
  return environment
}

/// Writes 70 photos with `gallery-assets --photos` and files them as the chapter's
/// sets under `folder/photos`; their paths in order, or nil.
private func makePhotos(assets: String, in folder: String) -> [String]? {
  let flat = folder + "/flat"
  let sets = [("Desks", 15), ("Kitchen", 25), ("MacBook", 30)]
  let count = sets.reduce(0) { $0 + $1.1 }
  guard runTool(assets, ["--photos", String(count), "1920x1080", flat]) == 0 else { return nil }
  let files = FileManager.default
  var paths: [String] = []
  var index = 0
  for (name, size) in sets {
    let target = folder + "/photos/" + name
    guard (try? files.createDirectory(atPath: target, withIntermediateDirectories: true)) != nil
    else { return nil }
    for _ in 0..<size {
      index += 1
      let fileName = String(format: "photo-%03d.jpg", index)
      guard rename(flat + "/" + fileName, target + "/" + fileName) == 0 else { return nil }
      paths.append(target + "/" + fileName)
    }
  }
  return paths
}

/// The folder of this executable (the release bin folder holding gallery and gallery-assets).
func executableFolder() -> String {
  let path =
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    ?? CommandLine.arguments[0]
  return (path as NSString).deletingLastPathComponent
}

func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

private func fileSize(_ path: String) -> Int {
  (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
}

/// The number of files under `folder` (recursively) whose names end in `suffix`.
private func countFiles(in folder: String, suffix: String) -> Int {
  let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
  return names.filter { $0.hasSuffix(suffix) }.count
}

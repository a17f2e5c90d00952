import Foundation
import Gallery
import GalleryRuntime
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The gallery at scale: the real `gallery` binary on a generated folder of 10,000 real
/// pictures (the built-in JPEG and PNG files, hard-linked under new names, so every
/// thumbnail is decoded), run in a pseudo-terminal of 160×50.
///
/// Figures: launch to first frame (goal 200 ms), a key handled and drawn while thumbnails
/// load (goal 5 ms), peak resident memory after thumbnails loaded (goal 150 MB), and the
/// scan throughput of the 10,000 files (the 100,000-file scan is the `library` group's
/// `library.scan_throughput`). The binary reports its own timings through
/// `GALLERY_TRACE=file` (see Sources/GalleryRuntime/Loop/RuntimeTrace.swift).
@MainActor let scaleBenchmarks = BenchmarkGroup(name: "scale") {
  let root = NSTemporaryDirectory() + "gallery-bench-scale-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: root) }
  guard let binary = ScaleBench.galleryBinary() else {
    print("# scale: no gallery binary beside gallery-bench; run `make bench` first")
    return
  }
  guard let pictures = ScaleBench.makeFolder(root: root, folders: 20, perFolder: 500) else {
    print("# scale: cannot create \(root)")
    return
  }
  report("scale.pictures", Double(pictures), "pictures")

  // Scan throughput of this folder, in process (the 100k scan: `gallery-bench library`).
  if let scanner = try? LibraryScanner(folders: [root]) {
    var library = Library()
    let nanoseconds = medianNanoseconds(runs: 3) { library = scanner.library() }
    let files = library.stats?.filesSeen ?? 0
    report("scale.scan_10k_time", nanoseconds / 1e6, "ms")
    report("scale.scan_10k_throughput", Double(files) / (nanoseconds / 1e9), "files/s")
    // Watching every folder, which the browser does before its first frame.
    let watchStart = medianNanoseconds(runs: 3) {
      let watcher = FolderWatcher(scanner: scanner) { _ in }
      _ = watcher.start()
      watcher.stop()
    }
    report("scale.watch_start", watchStart / 1e6, "ms")
    // The app's own share of a key: update and compose the frame, no terminal.
    var state = GalleryState(library: library, width: 160, height: 50)
    _ = state.update(.resize(width: 160, height: 50, cellAspect: 2))
    var samples: [Double] = []
    for index in 0..<200 {
      let start = DispatchTime.now().uptimeNanoseconds
      _ = state.update(.key(index % 50 < 40 ? .down : .right))
      _ = GalleryView.render(state)
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    }
    samples.sort()
    report("scale.key_compose_median", samples[samples.count / 2] / 1e6, "ms")
    report("scale.key_compose_p95", samples[samples.count * 95 / 100] / 1e6, "ms")
    // A rating (`1`–`5`) given and drawn, the focus moved on between them: it touches the
    // tile alone (goal 5 ms, as any key).
    var ratings: [Double] = []
    for index in 0..<100 {
      let start = DispatchTime.now().uptimeNanoseconds
      _ = state.update(.key(.character(Character(String(index % 5 + 1)))))
      _ = GalleryView.render(state)
      ratings.append(Double(DispatchTime.now().uptimeNanoseconds - start))
      _ = state.update(.key(.right))
    }
    ratings.sort()
    report("scale.rate_key_median", ratings[ratings.count / 2] / 1e6, "ms")
    report("scale.rate_key_p95", ratings[ratings.count * 95 / 100] / 1e6, "ms")
    // A filter typed and erased, and the orders in turn (twice round): each key rebuilds
    // the shown snapshot of every picture, diffs it and keeps the focus.
    var arranged = GalleryState(library: library, width: 160, height: 50)
    _ = arranged.update(.resize(width: 160, height: 50, cellAspect: 2))
    func timed(_ keys: [Key]) -> [Double] {
      keys.map { key in
        let start = DispatchTime.now().uptimeNanoseconds
        _ = arranged.update(.key(key))
        _ = GalleryView.render(arranged)
        return Double(DispatchTime.now().uptimeNanoseconds - start)
      }.sorted()
    }
    _ = arranged.update(.key(.character("/")))
    let typed = timed("img-12".map { Key.character($0) } + Array(repeating: .backspace, count: 6))
    report("scale.filter_key_median", typed[typed.count / 2] / 1e6, "ms")
    report("scale.filter_key_max", (typed.last ?? 0) / 1e6, "ms")
    _ = arranged.update(.key(.escape))
    let sorted = timed(Array(repeating: .character("s"), count: 8))
    report("scale.sort_key_median", sorted[sorted.count / 2] / 1e6, "ms")
    report("scale.sort_key_max", (sorted.last ?? 0) / 1e6, "ms")
  }

  var firstFrames: [Double] = []
  let leavesAfterFirstFrame = BenchBuild.hasSwitches(for: "scale.first_frame")
  if leavesAfterFirstFrame {
    for _ in 0..<5 {
      let run = ScaleBench.launch(binary: binary, folder: root, exitAfterFirstFrame: true)
      if let ms = run?.firstFrameMilliseconds { firstFrames.append(ms) }
    }
  }
  if !firstFrames.isEmpty {
    let median = firstFrames.sorted()[firstFrames.count / 2]
    report("scale.first_frame", median, "ms")
    report("scale.first_frame_vs_200ms_goal", median / 200, "ratio")
  }

  // In 256 colours first (fewer bytes per cell), then in truecolor, which counts.
  _ = ScaleBench.launch(
    binary: binary, folder: root, exitAfterFirstFrame: false, truecolor: false
  ).map { ScaleBench.reportKeys($0, prefix: "scale.key_256_colors") }
  // Truecolor counts; three launches pooled, since one launch gives only 65 keys and
  // its 95th percentile is its fourth slowest key.
  var pooled = ScaleBench.Run()
  for _ in 0..<3 {
    guard
      let run = ScaleBench.launch(
        binary: binary, folder: root, exitAfterFirstFrame: false, truecolor: true)
    else { continue }
    pooled.keyNanoseconds += run.keyNanoseconds
    pooled.keyBytes += run.keyBytes
    pooled.peakKilobytes = max(pooled.peakKilobytes ?? 0, run.peakKilobytes ?? 0)
  }
  if let p95 = ScaleBench.reportKeys(pooled, prefix: "scale.key") {
    let keys = pooled.keyNanoseconds.sorted()
    report("scale.key_median_vs_5ms_goal", keys[keys.count / 2] / 1e6 / 5, "ratio")
    report("scale.key_p95_vs_5ms_goal", p95 / 5, "ratio")
  }
  if let peak = pooled.peakKilobytes, peak > 0 {
    report("scale.peak_rss", Double(peak) / 1024, "MB")
    report("scale.peak_rss_vs_150MB_goal", Double(peak) / 1024 / 150, "ratio")
  }
  print("# reproduce: make bench BENCH_ARGS=scale")
  print(
    "# by hand: GALLERY_TRACE=/tmp/trace .build/bench/release/gallery --no-cache FOLDER; "
      + "grep VmHWM /proc/$(pgrep -n gallery)/status; cat /tmp/trace")
}

enum ScaleBench {
  struct Run {
    var firstFrameMilliseconds: Double?
    var keyNanoseconds: [Double] = []
    var keyBytes: [Double] = []
    var peakKilobytes: Int?
  }

  /// Prints the key-to-frame figures of `run`; returns the 95th percentile in ms.
  @discardableResult
  static func reportKeys(_ run: Run, prefix: String) -> Double? {
    let keys = run.keyNanoseconds.sorted()
    guard !keys.isEmpty else { return nil }
    let p95 = keys[min(keys.count - 1, keys.count * 95 / 100)] / 1e6
    report("\(prefix)_frames", Double(keys.count), "frames")
    report("\(prefix)_to_frame_median", keys[keys.count / 2] / 1e6, "ms")
    report("\(prefix)_to_frame_p95", p95, "ms")
    report("\(prefix)_to_frame_max", (keys.last ?? 0) / 1e6, "ms")
    let bytes = run.keyBytes.sorted()
    if !bytes.isEmpty {
      report("\(prefix)_frame_bytes_median", bytes[bytes.count / 2], "bytes")
      report(
        "\(prefix)_frame_bytes_p95", bytes[min(bytes.count - 1, bytes.count * 95 / 100)], "bytes")
    }
    return p95
  }

  /// `gallery` beside the running `gallery-bench`.
  static func galleryBinary() -> String? {
    let me = DefaultAssets.currentExecutablePath()
    let path = (me as NSString).deletingLastPathComponent + "/gallery"
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// `folders × perFolder` pictures: hard links to the built-in pictures (copies where
  /// links are refused), named `img-N` with the source's extension.
  static func makeFolder(root: String, folders: Int, perFolder: Int) -> Int? {
    guard let assets = try? DefaultAssets.locate() else { return nil }
    var sources: [String] = []
    for section in DefaultAssets.sectionNames + DefaultAssets.flowSectionNames {
      let folder = assets + "/" + section
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      sources += names.sorted().map { folder + "/" + $0 }
    }
    guard !sources.isEmpty, mkdir(root, 0o755) == 0 else { return nil }
    var count = 0
    for folder in 0..<folders {
      let path = root + "/album\(folder + 1)"
      guard mkdir(path, 0o755) == 0 else { return nil }
      for index in 0..<perFolder {
        let source = sources[count % sources.count]
        let target = path + "/img-\(index + 1)." + (source as NSString).pathExtension
        if link(source, target) != 0 {
          guard (try? FileManager.default.copyItem(atPath: source, toPath: target)) != nil else {
            return nil
          }
        }
        count += 1
      }
    }
    return count
  }

  /// Runs `gallery --no-cache folder` (no folder: the built-in pictures) in a pseudo-terminal
  /// of `columns × rows` (160×50 unless given). With
  /// `exitAfterFirstFrame` it returns once the first frame is drawn; else it types 60
  /// moves 25 ms apart while thumbnails load, pages down five times, waits for the
  /// thumbnails, reads the peak resident memory and quits with `q`.
  static func launch(
    binary: String, folder: String?, exitAfterFirstFrame: Bool, truecolor: Bool = true,
    columns: UInt16 = 160, rows: UInt16 = 50
  ) -> Run? {
    let trace = NSTemporaryDirectory() + "gallery-bench-trace-\(getpid())"
    unlink(trace)
    defer { unlink(trace) }
    guard let (master, slave) = openTerminal() else { return nil }
    defer { close(master) }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    var environment = [
      "TERM=xterm-256color", "LANG=C.UTF-8", "GALLERY_TRACE=\(trace)",
      "HOME=\(NSTemporaryDirectory())",
    ]
    if truecolor { environment.append("COLORTERM=truecolor") }
    if exitAfterFirstFrame { environment.append("GALLERY_EXIT_AFTER_FIRST_FRAME=1") }
    // Drain the terminal's output so the program never blocks writing, and answer the
    // primary device attributes query as a terminal does (a VT220, no sixel): the
    // gallery's graphics detection ends at that answer, here as in a real terminal.
    let drain = Thread {
      var buffer = [UInt8](repeating: 0, count: 65536)
      let query: [UInt8] = [0x1B, 0x5B, 0x63]
      while true {
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        let chunk = buffer[0..<count]
        if chunk.count >= 3,
          chunk.indices.dropLast(2).contains(where: { chunk[$0..<($0 + 3)].elementsEqual(query) })
        {
          _ = "\u{1b}[?62;22c".withCString { write(master, $0, strlen($0)) }
        }
      }
    }
    drain.start()
    var start = timespec()
    clock_gettime(CLOCK_REALTIME, &start)
    let arguments = [binary, "--no-cache"] + (folder.map { [$0] } ?? [])
    guard let pid = spawn(arguments, environment: environment, tty: slave)
    else { return nil }
    var run = Run()
    if !exitAfterFirstFrame {
      usleep(100_000)
      for index in 0..<60 {
        let key = index < 30 ? "j" : (index < 45 ? "l" : "k")
        _ = key.withCString { write(master, $0, 1) }
        usleep(25_000)
      }
      for _ in 0..<5 {
        _ = "\u{1b}[6~".withCString { write(master, $0, 4) }
        usleep(300_000)
      }
      usleep(2_000_000)
      run.peakKilobytes = peakKilobytes(pid: pid)
      _ = "q".withCString { write(master, $0, 1) }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
    let started = Double(Int64(start.tv_sec) * 1_000_000_000 + Int64(start.tv_nsec))
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count == 2, let value = Double(parts[1]) else { continue }
      if parts[0] == "first_frame_realtime_ns" {
        run.firstFrameMilliseconds = (value - started) / 1e6
      }
      if parts[0] == "key_ns" { run.keyNanoseconds.append(value) }
      if parts[0] == "key_bytes" { run.keyBytes.append(value) }
    }
    return run
  }

  /// A pseudo-terminal: the master's descriptor and the slave's path. Through `/dev/ptmx`
  /// and the Linux ioctls (`grantpt`, `unlockpt` and `ptsname` do not import into Swift):
  /// TIOCSPTLCK 0x40045431 unlocks, TIOCGPTN 0x80045430 gives the number.
  static func openTerminal() -> (Int32, String)? {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { return nil }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0
    else {
      close(master)
      return nil
    }
    return (master, "/dev/pts/\(number)")
  }

  /// `VmHWM` of a running process, in kilobytes.
  static func peakKilobytes(pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
    return nil
  }

  /// The CPU time the process has used, user and system, in clock ticks.
  static func cpuTicks(pid: pid_t) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // The fields after the name: state is the first, utime the 12th, stime the 13th.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }

  /// Starts `arguments` with `tty` as its standard input, output and error, no signal blocked.
  static func spawn(_ arguments: [String], environment: [String], tty: String) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, tty, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 else {
      return nil
    }
    return pid
  }
}

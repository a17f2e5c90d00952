import Foundation
import GalleryRuntime
import Thumbnails

/// What a start costs (`make bench BENCH_ARGS=startup`): `gallery --version`'s wall time
/// and peak memory, the libraries the loader maps before `main`, a warm contact sheet of
/// 70 of the built-in pictures against `timg --grid=5` (runs alternated, the ratio the
/// median of each pair's), and the time the first file of each deferred format adds for
/// opening its libraries (each measured in a fresh process of the bench's own, as a
/// gallery opens it once). Medians of `STARTUP_BENCH_ROUNDS` runs (21 by default).
@MainActor let startupBenchmarks = BenchmarkGroup(name: "startup") {
  guard let binary = ScaleBench.galleryBinary() else {
    print("startup: the gallery binary was not found")
    return
  }
  let rounds = Int(ProcessInfo.processInfo.environment["STARTUP_BENCH_ROUNDS"] ?? "") ?? 21
  print("# gallery --version, \(rounds) runs; then each codec opened in a fresh process")
  var walls: [Double] = []
  var memory: [Double] = []
  for _ in 0..<rounds {
    guard let run = StartupRun.spawn(binary, ["--version"]) else { continue }
    walls.append(run.wallSeconds * 1000)
    memory.append(run.maxRSSKilobytes / 1024)
  }
  report("startup.version_wall", median(walls), "ms (goal ≤ 10)")
  report("startup.version_max_rss", median(memory), "MB (goal ≤ 20)")
  if let loaded = StartupRun.librariesLoaded(binary) {
    report("startup.libraries_loaded", Double(loaded), "shared libraries before main")
  }
  StartupRun.contactSheet(binary, rounds: rounds)
  guard let bench = CommandLine.arguments.first.map(StartupRun.absolute) else { return }
  for codec in CodecLibrary.allCases {
    var times: [Double] = []
    for _ in 0..<max(3, rounds / 3) {
      var environment = ProcessInfo.processInfo.environment
      environment[StartupRun.openCodecVariable] = "\(codec)"
      guard let answer = StartupRun.output(bench, environment: environment),
        let milliseconds = Double(answer.trimmingCharacters(in: .whitespacesAndNewlines))
      else { continue }
      times.append(milliseconds)
    }
    report("startup.first_open_\(codec)", median(times), "ms, once (goal ≤ 30)")
  }
}

/// The bench's child processes for `startupBenchmarks`.
enum StartupRun {
  /// Set in a child's environment: the bench opens this codec, prints the milliseconds it
  /// took, and exits.
  static let openCodecVariable = "GALLERY_BENCH_OPEN_CODEC"

  /// In a child started with `openCodecVariable`: opens the codec and exits.
  static func openCodecIfAsked() {
    guard let name = ProcessInfo.processInfo.environment[openCodecVariable] else { return }
    guard let codec = CodecLibrary.allCases.first(where: { "\($0)" == name }) else { exit(2) }
    let start = DispatchTime.now().uptimeNanoseconds
    let problem = codec.problem
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    if let problem {
      FileHandle.standardError.write(Data("\(problem)\n".utf8))
      exit(1)
    }
    print(Double(elapsed) / 1e6)
    exit(0)
  }

  /// `gallery --print --layout grid --size 160x50` of 70 built-in pictures with the disk
  /// cache filled, against timg's contact sheet of the same files.
  static func contactSheet(_ binary: String, rounds: Int) {
    guard let assets = try? DefaultAssets.locate(),
      let timg = ["/usr/bin/timg", "/usr/local/bin/timg"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      print("startup: no timg (apt-get install timg) or no built-in pictures")
      return
    }
    let root = NSTemporaryDirectory() + "gallery-bench-startup-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let folder = root + "/pictures"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let names = (FileManager.default.enumerator(atPath: assets)?.compactMap { $0 as? String } ?? [])
      .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted().prefix(70)
    var files: [String] = []
    for name in names {
      let copy = folder + "/" + name.replacingOccurrences(of: "/", with: "-")
      guard (try? FileManager.default.copyItem(atPath: assets + "/" + name, toPath: copy)) != nil
      else { continue }
      files.append(copy)
    }
    var environment = benchEnvironment()
    environment["XDG_CACHE_HOME"] = root + "/cache"
    let sheet = ["--print", "--layout", "grid", "--size", "160x50", folder]
    let timgArguments = ["--grid=5", "-g160x50", "-pq"] + files
    _ = spawn(binary, sheet, environment: environment)  // fills the disk cache
    print("# \(files.count) pictures; gallery \(sheet.joined(separator: " ")) (warm) and")
    print("#   timg --grid=5 -g160x50 -pq FILES, alternated, output to /dev/null")
    var gallery: [Double] = []
    var theirs: [Double] = []
    for _ in 0..<rounds {
      guard let ours = spawn(binary, sheet, environment: environment),
        let timgRun = spawn(timg, timgArguments, environment: environment)
      else { continue }
      gallery.append(ours.wallSeconds * 1000)
      theirs.append(timgRun.wallSeconds * 1000)
    }
    report("startup.contact_sheet_warm_wall", median(gallery), "ms")
    report("startup.contact_sheet_timg_wall", median(theirs), "ms")
    report(
      "startup.contact_sheet_warm_vs_timg", median(zip(gallery, theirs).map { $0 / $1 }),
      "median ratio (goal ≤ 0.1)")
  }

  static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }

  /// Runs `path` with its output to /dev/null; wall time from spawn to reaping, and the
  /// child's peak resident memory (`wait4`'s `ru_maxrss`).
  static func spawn(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil
  ) -> ChildRun? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { for variable in envp ?? [] { free(variable) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned =
      envp.map { posix_spawn(&pid, path, &actions, nil, argv, $0) }
      ?? posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard spawned == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { return nil }
    let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let cpu =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return ChildRun(wallSeconds: wall, cpuSeconds: cpu, maxRSSKilobytes: Double(usage.ru_maxrss))
  }

  /// How many shared libraries the loader maps before `main` (its trace mode runs
  /// nothing).
  static func librariesLoaded(_ path: String) -> Int? {
    var environment = ProcessInfo.processInfo.environment
    environment["LD_TRACE_LOADED_OBJECTS"] = "1"
    return output(path, environment: environment).map {
      $0.split(separator: "\n").filter { $0.contains(".so") }.count
    }
  }

  /// Runs `path` with `environment` and returns what it printed, nil when it failed.
  static func output(_ path: String, environment: [String: String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }
}

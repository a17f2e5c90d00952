import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `--print` at scale (issue 15): peak memory of the whole gallery printed at 160×50 in
/// the showcase and the grid, for 1,000, 10,000 and 100,000 pictures (hard links to the
/// built-in pictures, in folders of 1,000, as `scale` makes them), cold (an empty cache
/// folder each run). Hard links share their file's identity, so past the first of each
/// built-in picture the drawn art comes from disk: the figure is what printing holds, not
/// decoding. With `GALLERY_BENCH_BASELINE=BINARY`, that binary too (up to 10,000: a
/// binary that holds the whole gallery takes minutes and gigabytes past that).
@MainActor let printScaleBenchmarks = BenchmarkGroup(name: "printscale") {
  guard let binary = ScaleBench.galleryBinary() else {
    print("printscale: build gallery first (swift build -c release)")
    return
  }
  let root = NSTemporaryDirectory() + "gallery-bench-printscale-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: root) }
  try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  let baseline = ProcessInfo.processInfo.environment["GALLERY_BENCH_BASELINE"]
  let base = benchEnvironment()
  print("# gallery --print --size 160x50 [--layout grid] FOLDER > file, cold; peak RSS by GNU time")
  for count in [1_000, 10_000, 100_000] {
    let folder = root + "/\(count)"
    guard ScaleBench.makeFolder(root: folder, folders: count / 1000, perFolder: 1000) == count
    else {
      print("printscale: cannot make \(count) pictures in \(folder)")
      return
    }
    var programs = [("gallery", binary)]
    if let baseline, count <= 10_000 { programs.append(("baseline", baseline)) }
    for (name, program) in programs {
      for layout in ["showcase", "grid"] {
        var environment = base
        environment["XDG_CACHE_HOME"] = root + "/cache"
        let run = spawnAndWait(
          program, ["--print", "--layout", layout, "--size", "160x50", folder],
          environment: environment, output: root + "/out.txt")
        try? FileManager.default.removeItem(atPath: root + "/cache")
        guard let run else {
          print("printscale: \(name) failed on \(count) pictures")
          continue
        }
        report(
          "printscale.\(name)_\(layout)_\(count)_max_rss", run.maxRSSKilobytes / 1024,
          "MB (goal <= 80)")
        report("printscale.\(name)_\(layout)_\(count)_wall", run.wallSeconds, "s")
      }
    }
    try? FileManager.default.removeItem(atPath: folder)
  }
}

import Foundation
import Thumbnails

/// Per-format cold thumbnail times beside `vipsthumbnail` on the same files, and the
/// gallery's start-up (`gallery --version`: wall time and peak memory).
///
/// The picture is the thumbs group's 1920×1080 scene, encoded by each format's
/// Debian tool. "Cold" is a decode to a 320×192 tile with no cache (the file in the
/// page cache), timed on the wall and in CPU. vipsthumbnail runs as a process per
/// file and is compared in CPU time (waiting for a child process is quantised to
/// tens of milliseconds); its fixed cost (start-up and writing its output, measured
/// on an 8×8 picture) is reported apart and taken off in the `_net` ratio.
func formatBenchmarks(scene jpeg: String, in folder: String) {
  let png = "\(folder)/scene.png"
  guard runTool("/usr/bin/convert", [jpeg, png]) == 0 else {
    print("thumbs: no ImageMagick convert (make bench installs it)")
    return
  }
  let encodings: [(name: String, tool: String, arguments: [String])] = [
    ("jpeg", "/usr/bin/cp", [jpeg, "\(folder)/scene-f.jpg"]),
    ("png", "/usr/bin/cp", [png, "\(folder)/scene-f.png"]),
    ("webp", "/usr/bin/cwebp", ["-quiet", "-q", "85", png, "-o", "\(folder)/scene-f.webp"]),
    ("gif", "/usr/bin/convert", [png, "\(folder)/scene-f.gif"]),
    ("heic", "/usr/bin/heif-enc", ["-q", "85", png, "-o", "\(folder)/scene-f.heic"]),
    (
      "avif", "/usr/bin/avifenc",
      ["-s", "8", "--min", "20", "--max", "30", png, "\(folder)/scene-f.avif"]
    ),
    ("tiff", "/usr/bin/convert", [png, "-compress", "lzw", "\(folder)/scene-f.tiff"]),
    ("bmp", "/usr/bin/convert", [png, "BMP3:\(folder)/scene-f.bmp"]),
    ("jxl", "/usr/bin/cjxl", ["--quiet", "-d", "1", "-e", "3", png, "\(folder)/scene-f.jxl"]),
  ]
  let decoder = ImageDecoder()
  let vips = "/usr/bin/vipsthumbnail"
  let hasVips = access(vips, X_OK) == 0
  let output = "\(folder)/vips-out.jpg"
  var fixed = 0.0
  let runs = 5
  if hasVips {
    let tiny = "\(folder)/tiny.png"
    _ = runTool("/usr/bin/convert", ["-size", "8x8", "xc:gray", tiny])
    fixed =
      cpuNanoseconds(RUSAGE_CHILDREN.rawValue) {
        for _ in 0..<runs { runTool(vips, [tiny, "-s", "320x192", "-o", output]) }
      } / Double(runs)
    report("thumbs.vipsthumbnail_fixed_cost_cpu", fixed / 1e6, "ms")
  } else {
    print("thumbs: no vipsthumbnail (make bench installs libvips-tools)")
  }
  for encoding in encodings {
    let file = "\(folder)/scene-f.\(encoding.name == "jpeg" ? "jpg" : encoding.name)"
    guard runTool(encoding.tool, encoding.arguments) == 0, access(file, R_OK) == 0 else {
      print("thumbs: could not make the \(encoding.name) picture with \(encoding.tool)")
      continue
    }
    let wall = medianNanoseconds(runs: runs) {
      _ = try? decoder.decode(path: file, target: (320, 192))
    }
    report("thumbs.\(encoding.name).cold_tile", wall / 1e6, "ms")
    let ours =
      cpuNanoseconds(RUSAGE_SELF.rawValue) {
        for _ in 0..<runs { _ = try? decoder.decode(path: file, target: (320, 192)) }
      } / Double(runs)
    report("thumbs.\(encoding.name).cold_tile_cpu", ours / 1e6, "ms")
    guard hasVips else { continue }
    let theirs =
      cpuNanoseconds(RUSAGE_CHILDREN.rawValue) {
        for _ in 0..<runs { runTool(vips, [file, "-s", "320x192", "-o", output]) }
      } / Double(runs)
    report("thumbs.\(encoding.name).vipsthumbnail_cpu", theirs / 1e6, "ms")
    report("thumbs.\(encoding.name).vs_vipsthumbnail_cpu", ours / theirs, "ratio")
    report(
      "thumbs.\(encoding.name).vs_vipsthumbnail_net_cpu", ours / max(1e5, theirs - fixed), "ratio")
  }
  startupBenchmark()
}

/// `gallery --version`: wall time (median of 21) and peak resident memory.
private func startupBenchmark() {
  let folder =
    ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      .map { ($0 as NSString).deletingLastPathComponent }) ?? "."
  let gallery = "\(folder)/gallery"
  guard access(gallery, X_OK) == 0 else {
    print("thumbs: no gallery binary beside gallery-bench (build the release products)")
    return
  }
  let wall = medianNanoseconds(runs: 21) {
    var pid: pid_t = 0
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(gallery), strdup("--version"), nil]
    defer { for argument in arguments { free(argument) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    guard posix_spawn(&pid, gallery, &actions, nil, arguments, environ) == 0 else { return }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
  }
  report("thumbs.startup_version", wall / 1e6, "ms")
  // Peak memory through GNU time: a spawned child's own rusage can count the parent's
  // pages (posix_spawn shares them until exec).
  let log = NSTemporaryDirectory() + "gallery-bench-rss-\(getpid())"
  defer { unlink(log) }
  guard runTool("/usr/bin/time", ["-f", "%M", "-o", log, gallery, "--version"]) == 0,
    let text = try? String(contentsOfFile: log, encoding: .utf8),
    let kilobytes = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
  else {
    print("thumbs: no GNU time (make bench installs it)")
    return
  }
  report("thumbs.startup_peak_rss", kilobytes / 1024, "MB")
}

import Foundation
import LibraryIndex
import Pictures
import SystemSupport
import TestSupport
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery --duplicates`: how well the labelled set is grouped (precision and recall of
/// its near-duplicate pairs at the default threshold, for the gallery's hash and the
/// difference hash), then the wall time of `gallery --duplicates --similar` over N
/// phone-size JPEGs (4032×3024, in bursts of 5), cold (the page cache dropped when the
/// bench may, no index) beside `findimagedupes` on the same files, and warm (the hashes
/// in the index). N is `DUPLICATES_BENCH_COUNT` (default 1,000; the set is made once,
/// about 3 MB a photo, and kept; 0 measures the labelled set and the hash alone).
@MainActor let duplicatesBenchmarks = BenchmarkGroup(name: "duplicates") {
  labelledSetFigures()
  hashCost()
  let count = Int(ProcessInfo.processInfo.environment["DUPLICATES_BENCH_COUNT"] ?? "") ?? 1000
  guard count > 0 else { return }
  guard let binary = ScaleBench.galleryBinary() else {
    print("duplicates: no gallery binary beside gallery-bench")
    return
  }
  guard let folder = DuplicatesSet.make(count: count) else { return }
  let scratch = NSTemporaryDirectory() + "gallery-duplicates-bench-\(getpid())"
  try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  let environment = [
    "XDG_CACHE_HOME": scratch + "/cache", "HOME": scratch, "PATH": "/usr/bin:/bin",
    "LC_ALL": "C.UTF-8",
  ]
  print("# cold: sync; echo 3 > /proc/sys/vm/drop_caches; XDG_CACHE_HOME=$(mktemp -d) \(binary)")
  print("#       --duplicates --similar \(folder)")
  let dropped = dropPageCache()
  if !dropped { print("# duplicates: the page cache could not be dropped: cold means no index") }
  guard
    let cold = spawnAndWait(
      binary, ["--duplicates", "--similar", folder], environment: environment,
      output: scratch + "/cold.txt")
  else {
    print("duplicates: gallery --duplicates failed")
    return
  }
  report("duplicates.phones_\(count)_cold", cold.wallSeconds, "s")
  report("duplicates.phones_\(count)_cold_cpu", cold.cpuSeconds, "s")
  let warm = (0..<3).compactMap { _ in
    spawnAndWait(
      binary, ["--duplicates", "--similar", folder], environment: environment,
      output: scratch + "/warm.txt")
  }.map(\.wallSeconds).sorted()
  if warm.count == 3 { report("duplicates.phones_\(count)_warm", warm[1], "s") }
  if let summary = try? String(contentsOfFile: scratch + "/cold.txt", encoding: .utf8)
    .split(separator: "\n").last
  {
    print("# gallery: \(summary)")
  }
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/findimagedupes") else {
    print("duplicates: no findimagedupes (make bench installs it)")
    return
  }
  _ = dropPageCache()
  print("# findimagedupes: findimagedupes \(folder) (its default threshold, no database)")
  guard
    let theirs = spawnAndWait(
      "/usr/bin/findimagedupes", [folder], environment: environment,
      output: scratch + "/findimagedupes.txt")
  else {
    print("duplicates: findimagedupes failed")
    return
  }
  report("duplicates.findimagedupes_\(count)", theirs.wallSeconds, "s")
  report("duplicates.findimagedupes_\(count)_cpu", theirs.cpuSeconds, "s")
  report("duplicates.cold_vs_findimagedupes", cold.wallSeconds / theirs.wallSeconds, "ratio")
  let lines =
    (try? String(contentsOfFile: scratch + "/findimagedupes.txt", encoding: .utf8))?
    .split(separator: "\n").count ?? 0
  print("# findimagedupes printed \(lines) groups")
}

/// What hashing costs beside the decode: the pixels a phone photo decodes to at 1/8
/// (504×378), and a thumbnail's (256×192), hashed of each kind.
private func hashCost() {
  for (width, height) in [(504, 378), (256, 192)] {
    let pixels = MadeScene(kind: .landscape, seed: 5).render(width: width, height: height)
    guard let rows = PixelRows.rgba(width: width, height: height) else { continue }
    for kind in PerceptualHash.Kind.allCases {
      var hash: PerceptualHash?
      let nanoseconds = medianNanoseconds(runs: 31) {
        hash = pixels.withUnsafeBytes { PerceptualHash.make(kind, $0, rows) }
      }
      guard hash != nil else { continue }
      report("duplicates.hash_\(kind)_\(width)x\(height)", nanoseconds / 1e6, "ms")
    }
  }
}

/// Drops the page cache (needs root and a writable `/proc/sys`); whether it could.
///
/// Then waits `PAGE_CACHE_SETTLE_SECONDS` (default 5): in a virtual machine that gives
/// free memory back to its host (a balloon's free page reporting), the pages freed are
/// given back a couple of seconds later, and each one touched after that costs a fault
/// on the host. A command started at once ran on memory still backed for its first
/// seconds and a longer one did not (`cp -r` of 1 GB took 0.94 s at once, 1.82 s four
/// seconds after), which favoured the shorter of two commands compared. After the wait,
/// every command starts alike.
func dropPageCache() -> Bool {
  sync()
  guard let file = fopen("/proc/sys/vm/drop_caches", "w") else { return false }
  defer { fclose(file) }
  guard fputs("3\n", file) >= 0, fflush(file) == 0 else { return false }
  let settle = Double(ProcessInfo.processInfo.environment["PAGE_CACHE_SETTLE_SECONDS"] ?? "") ?? 5
  if settle > 0 { usleep(useconds_t(min(settle, 60) * 1_000_000)) }
  return true
}

/// The labelled set's figures: the tests' set at 640×480.
private func labelledSetFigures() {
  let folder = NSTemporaryDirectory() + "gallery-likeness-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  guard
    let set = try? LikenessSet.write(
      into: folder, bases: 40, burst: 5, unrelated: 80, width: 640, height: 480)
  else {
    print("duplicates: the labelled set could not be written")
    return
  }
  print("# labelled set: 40 bases × (1 + 5 burst + resized + re-encoded + copy), 80 unrelated")
  let hasher = LikenessHasher()
  let paths = set.members.map(\.path)
  for kind in PerceptualHash.Kind.allCases {
    var hashes: [PerceptualHash] = []
    let nanoseconds = medianNanoseconds(runs: 1) {
      hashes = paths.compactMap { try? hasher.hash(path: $0, kind: kind).get() }
    }
    guard hashes.count == paths.count else {
      print("duplicates: \(kind): \(paths.count - hashes.count) files not hashed")
      continue
    }
    for threshold in [8, 10, 12, 14] {
      let found = LikenessGroups.groups(hashes, within: threshold).map { Set($0.map { paths[$0] }) }
      let score = GroupingScore(found: found, truth: set.nearGroups)
      let name = "duplicates.labelled_\(kind)_t\(threshold)"
      report(name + "_precision", score.precision, "")
      report(name + "_recall", score.recall, "")
    }
    report("duplicates.labelled_\(kind)_per_file", nanoseconds / 1e6 / Double(paths.count), "ms")
  }
}

/// N phone-size JPEGs in bursts of 5, made once and kept under the bench's cache folder.
enum DuplicatesSet {
  static func make(count: Int) -> String? {
    let root = benchCacheFolder() + "/duplicates-phones-\(count)-v1"
    let stamp = root + "/.complete"
    if FileManager.default.fileExists(atPath: stamp) { return root }
    print("# duplicates: making \(count) 4032×3024 photos in \(root) (once; minutes)")
    try? FileManager.default.removeItem(atPath: root)
    guard
      (try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true))
        != nil
    else { return nil }
    let failed = Locked(0)
    let next = Locked(0)
    DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) {
      _ in
      while true {
        let number = next.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard number < count else { return }
        let bytes = photo(number)
        let path = root + String(format: "/IMG_%05d.JPG", number)
        if bytes.isEmpty || !FileManager.default.createFile(atPath: path, contents: Data(bytes)) {
          failed.withLock { $0 += 1 }
        }
      }
    }
    guard failed.withLock({ $0 }) == 0 else {
      print("duplicates: \(failed.withLock { $0 }) photos could not be made")
      return nil
    }
    FileManager.default.createFile(atPath: stamp, contents: Data())
    return root
  }

  /// Photo `number`: frame `number % 5` of burst `number / 5`, a scene rendered at a
  /// quarter size and shifted, enlarged 4× with grain (a phone's noise and file size).
  static func photo(_ number: Int) -> [UInt8] {
    let (width, height) = (1008, 756)
    let kinds = MadeScene.Kind.allCases
    let burst = number / 5
    let scene = MadeScene(kind: kinds[burst % kinds.count], seed: UInt64(burst) &* 7919 &+ 1)
    let margin = 24
    let wide = scene.render(width: width + margin, height: height + margin)
    let frame = number % 5
    let offset = frame * margin / 5
    var grain = SplitMix64(seed: UInt64(number))
    var pixels = [UInt8](repeating: 255, count: width * 4 * height * 4 * 4)
    let big = width * 4
    for y in 0..<(height * 4) {
      let sourceRow = (y / 4 + offset) * (width + margin)
      for x in 0..<big {
        let source = (sourceRow + x / 4 + offset) * 4
        let noise = Int(grain.next() & 15) - 8
        let at = (y * big + x) * 4
        pixels[at] = UInt8(clamping: Int(wide[source]) + noise)
        pixels[at + 1] = UInt8(clamping: Int(wide[source + 1]) + noise)
        pixels[at + 2] = UInt8(clamping: Int(wide[source + 2]) + noise)
      }
    }
    return MadeJPEG.encode(pixels, width: big, height: height * 4, quality: 90)
  }
}

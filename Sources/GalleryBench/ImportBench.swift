import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery import`: a made card of N camera files of M MB each (JPEGs with an EXIF date
/// and camera over a filling of their own: what is read and copied, not decoded), made
/// once and kept. With the page cache dropped before each (when the bench may), the wall
/// time of an import to one destination beside `cp -r` (alone, and followed by `sync`,
/// since the import's copies are on the disk when it ends), of an import with a backup
/// beside `cp -r` twice (the cache dropped before the first), then of a second import
/// of the same card (nothing to copy). N is `IMPORT_BENCH_COUNT` (default 1,000), M
/// `IMPORT_BENCH_MB` (default 1): 1 GB.
@MainActor let importBenchmarks = BenchmarkGroup(name: "import") {
  let environment = ProcessInfo.processInfo.environment
  let count = Int(environment["IMPORT_BENCH_COUNT"] ?? "") ?? 1000
  let megabytes = Int(environment["IMPORT_BENCH_MB"] ?? "") ?? 1
  guard let binary = ScaleBench.galleryBinary() else {
    print("import: no gallery binary beside gallery-bench")
    return
  }
  guard let card = ImportCardSet.make(count: count, megabytes: megabytes) else { return }
  let scratch = ImportCardSet.temporaryFolder + "gallery-import-bench-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  let childEnvironment = [
    "XDG_CACHE_HOME": scratch + "/cache", "HOME": scratch, "PATH": "/usr/bin:/bin",
    "LC_ALL": "C.UTF-8",
  ]
  func fresh(_ name: String) -> String {
    let path = scratch + "/" + name
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
  func timed(_ program: String, _ arguments: [String], cold: Bool) -> Double? {
    if cold, !dropPageCache() { print("# import: the page cache could not be dropped") }
    return spawnAndWait(
      program, arguments, environment: childEnvironment, output: scratch + "/out.txt")?
      .wallSeconds
  }
  let label = "\(count)x\(megabytes)MB"
  print("# card: \(card); each run's destination new, the cache dropped before it")

  // One destination.
  try? FileManager.default.removeItem(atPath: scratch + "/cache")
  guard let imported = timed(binary, ["import", card, "--to", fresh("one")], cold: true) else {
    print("import: gallery import failed")
    return
  }
  report("import.\(label)_one", imported, "s")
  guard let copied = timed("/bin/cp", ["-r", card, fresh("cp") + "/card"], cold: true) else {
    return
  }
  let synced = (timed("/bin/sync", [], cold: false) ?? 0) + copied
  report("import.\(label)_cp", copied, "s")
  report("import.\(label)_cp_sync", synced, "s")
  report("import.one_vs_cp", imported / copied, "ratio")
  report("import.one_vs_cp_sync", imported / synced, "ratio")

  // Two destinations.
  try? FileManager.default.removeItem(atPath: scratch + "/cache")
  guard
    let both = timed(
      binary, ["import", card, "--to", fresh("two"), "--backup", fresh("backup")], cold: true)
  else { return }
  report("import.\(label)_with_backup", both, "s")
  guard let first = timed("/bin/cp", ["-r", card, fresh("cp1") + "/card"], cold: true),
    let second = timed("/bin/cp", ["-r", card, fresh("cp2") + "/card"], cold: false)
  else { return }
  let twiceSynced = first + second + (timed("/bin/sync", [], cold: false) ?? 0)
  report("import.\(label)_cp_twice", first + second, "s")
  report("import.\(label)_cp_twice_sync", twiceSynced, "s")
  report("import.backup_vs_cp_twice", both / (first + second), "ratio")
  report("import.backup_vs_cp_twice_sync", both / twiceSynced, "ratio")

  // The same card again: nothing to copy (the index of the runs above).
  let again = (0..<3).compactMap { _ in
    timed(
      binary, ["import", card, "--to", scratch + "/two", "--backup", scratch + "/backup"],
      cold: false)
  }
  if again.count == 3 { report("import.\(label)_again", median(again), "s") }
  if let summary = try? String(contentsOfFile: scratch + "/out.txt", encoding: .utf8) {
    print("# gallery: \(summary.split(separator: "\n").last ?? "")")
  }
}

/// The made card: `DCIM/100BENCH/IMG_NNNN.JPG`, kept under the temporary folder by its
/// count and size, so later runs reuse it.
enum ImportCardSet {
  /// `TMPDIR`, else `/tmp/`, ending with `/`.
  static var temporaryFolder: String {
    let folder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    return folder.hasSuffix("/") ? folder : folder + "/"
  }

  static func make(count: Int, megabytes: Int) -> String? {
    let root = temporaryFolder + "gallery-import-card-\(count)x\(megabytes)"
    let folder = root + "/DCIM/100BENCH"
    let done = root + "/.made"
    if FileManager.default.fileExists(atPath: done) { return root }
    try? FileManager.default.removeItem(atPath: root)
    guard
      (try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)) != nil
    else {
      print("import: the card cannot be made in \(root)")
      return nil
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let size = megabytes << 20
    for number in 1...count {
      let second = number % 60
      let minute = number / 60 % 60
      let taken =
        "2024:08:0\(1 + number % 3) 10:\(minute < 10 ? "0" : "")\(minute):"
        + "\(second < 10 ? "0" : "")\(second)"
      var bytes = [0xFF, 0xD8] + exif(taken: taken)
      bytes.reserveCapacity(size)
      while bytes.count < size {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        withUnsafeBytes(of: state) { bytes += $0 }
      }
      let name = String(number)
      let path =
        folder + "/IMG_" + String(repeating: "0", count: max(0, 4 - name.count)) + name
        + ".JPG"
      guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        print("import: the card cannot be written in \(root)")
        return nil
      }
    }
    FileManager.default.createFile(atPath: done, contents: Data())
    return root
  }

  /// An APP1 segment of a little-endian EXIF with the model and the date taken.
  static func exif(taken: String) -> [UInt8] {
    func short(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    func long(_ value: Int) -> [UInt8] { short(value & 0xFFFF) + short(value >> 16) }
    let model = Array("BENCH".utf8) + [0]
    let date = Array(taken.utf8) + [0]
    var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + long(8)
    tiff += short(2)
    tiff += short(0x0110) + short(2) + long(model.count) + long(56 + date.count)
    tiff += short(0x8769) + short(4) + long(1) + long(38)
    tiff += long(0) + short(1)
    tiff += short(0x9003) + short(2) + long(date.count) + long(56)
    tiff += long(0) + date + model
    let body = Array("Exif".utf8) + [0, 0] + tiff
    return [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
  }
}

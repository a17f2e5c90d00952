import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery import`, on made cards (JPEGs with an EXIF date and camera, raws with a CR2
/// head, over a filling of their own: what is read and copied, not decoded), made once and
/// kept. With the page cache dropped before each (when the bench may; see
/// `dropPageCache`):
/// - a camera's card of about 1 GB (28 RAW+JPEG pairs of 25 and 8 MB, 10 JPEGs alone):
///   an import to one destination beside `cp -r` (alone, and followed by `sync`, since the
///   import's copies are on the disk when it ends), and the same with
///   `--verify-from-disk`; an import with a backup beside `cp -r` twice (the cache dropped
///   before each, as a card larger than memory is read twice); each pair side by side,
///   `IMPORT_BENCH_ROUNDS` times (default 3), and the medians;
/// - the same card read as a card reader reads it (`CardReader`: a read-only loop device
///   read at `IMPORT_BENCH_CARD_MBS`, default 90; 0 skips it), the same pairs, where the
///   reading of the card weighs most, as on a photographer's machine;
/// - a card of N small files of M MB (N `IMPORT_BENCH_COUNT`, default 1,000; M
///   `IMPORT_BENCH_MB`, default 1): an import to one destination beside `cp -r`, where
///   what is done for each file weighs most; then a second import of it (nothing to copy).
@MainActor let importBenchmarks = BenchmarkGroup(name: "import") {
  let environment = ProcessInfo.processInfo.environment
  let count = Int(environment["IMPORT_BENCH_COUNT"] ?? "") ?? 1000
  let megabytes = Int(environment["IMPORT_BENCH_MB"] ?? "") ?? 1
  let rounds = max(1, Int(environment["IMPORT_BENCH_ROUNDS"] ?? "") ?? 3)
  guard let binary = ScaleBench.galleryBinary() else {
    print("import: no gallery binary beside gallery-bench")
    return
  }
  guard let camera = ImportCardSet.makeCamera(),
    let card = ImportCardSet.make(count: count, megabytes: megabytes)
  else { return }
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
  /// An import of `source` to new destinations, with no index of an earlier run.
  func imported(_ source: String, _ destinations: [String], _ extra: [String] = []) -> Double? {
    try? FileManager.default.removeItem(atPath: scratch + "/cache")
    var arguments = ["import", source, "--to", fresh(destinations[0])]
    if destinations.count > 1 { arguments += ["--backup", fresh(destinations[1])] }
    return timed(binary, arguments + extra, cold: true)
  }
  /// `cp -r` of `source` into a new folder.
  func copied(_ source: String, _ name: String, cold: Bool = true) -> Double? {
    timed("/bin/cp", ["-r", source, fresh(name) + "/card"], cold: cold)
  }
  print("# cards: \(camera), \(card); each run's destination new, the cache dropped before it")

  /// The camera's card at `source`, each pair of commands side by side, `rounds` times,
  /// the medians reported as `import.PREFIX_…`; false when a command failed.
  func cameraRounds(_ source: String, prefix: String, fromDisk: Bool) -> Bool {
    var figures: [String: [Double]] = [:]
    for _ in 0..<rounds {
      guard let one = imported(source, ["one"]), let cp = copied(source, "cp") else {
        print("import: gallery import failed")
        return false
      }
      let synced = (timed("/bin/sync", [], cold: false) ?? 0) + cp
      figures["one", default: []].append(one)
      figures["cp", default: []].append(cp)
      figures["cp_sync", default: []].append(synced)
      figures["one_vs_cp", default: []].append(one / cp)
      figures["one_vs_cp_sync", default: []].append(one / synced)
      if fromDisk, let checked = imported(source, ["disk"], ["--verify-from-disk"]) {
        figures["one_verify_from_disk", default: []].append(checked)
        figures["one_verify_from_disk_vs_cp", default: []].append(checked / cp)
      }
      // Two destinations; `cp` twice reads the card twice.
      guard let both = imported(source, ["two", "backup"]), let first = copied(source, "cp1"),
        let second = copied(source, "cp2")
      else { return false }
      let twiceSynced = first + second + (timed("/bin/sync", [], cold: false) ?? 0)
      figures["with_backup", default: []].append(both)
      figures["cp_twice", default: []].append(first + second)
      figures["cp_twice_sync", default: []].append(twiceSynced)
      figures["backup_vs_cp_twice", default: []].append(both / (first + second))
      figures["backup_vs_cp_twice_sync", default: []].append(both / twiceSynced)
    }
    for name in [
      "one", "cp", "cp_sync", "one_verify_from_disk", "with_backup", "cp_twice",
      "cp_twice_sync",
    ] {
      if let values = figures[name] { report("import.\(prefix)_\(name)", median(values), "s") }
    }
    for name in [
      "one_vs_cp", "one_vs_cp_sync", "one_verify_from_disk_vs_cp", "backup_vs_cp_twice",
      "backup_vs_cp_twice_sync",
    ] {
      guard let values = figures[name] else { continue }
      report("import.\(prefix)_\(name)", median(values), "ratio")
      print("#   \(prefix)_\(name) each round: \(values.map { String(format: "%.2f", $0) })")
    }
    return true
  }
  guard cameraRounds(camera, prefix: "camera", fromDisk: true) else { return }
  // The same card behind a card reader's speed, where reading it twice costs twice.
  let readerSpeed = Int(environment["IMPORT_BENCH_CARD_MBS"] ?? "") ?? 90
  if readerSpeed > 0,
    let reader = CardReader.attach(
      copying: camera, bytesPerSecond: readerSpeed * 1_000_000, scratch: scratch)
  {
    print("# the camera's card read at \(readerSpeed) MB/s from \(reader.path)")
    _ = cameraRounds(reader.path, prefix: "reader", fromDisk: false)
    reader.detach()
  }

  // The card of small files, then the same card again: nothing to copy (the index of
  // the run before).
  let label = "\(count)x\(megabytes)MB"
  guard let small = imported(card, ["small"]), let smallCp = copied(card, "cp4") else { return }
  report("import.\(label)_one", small, "s")
  report("import.\(label)_cp", smallCp, "s")
  report("import.\(label)_one_vs_cp", small / smallCp, "ratio")
  let again = (0..<3).compactMap { _ in
    timed(binary, ["import", card, "--to", scratch + "/small"], cold: false)
  }
  if again.count == 3 { report("import.\(label)_again", median(again), "s") }
  if let summary = try? String(contentsOfFile: scratch + "/out.txt", encoding: .utf8) {
    print("# gallery: \(summary.split(separator: "\n").last ?? "")")
  }
}

/// The made cards, kept under the temporary folder by name, so later runs reuse them.
enum ImportCardSet {
  /// `TMPDIR`, else `/tmp/`, ending with `/`.
  static var temporaryFolder: String {
    let folder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    return folder.hasSuffix("/") ? folder : folder + "/"
  }

  /// `DCIM/100BENCH/IMG_NNNN.JPG`: `count` JPEGs of `megabytes` each, taken over three
  /// days.
  static func make(count: Int, megabytes: Int) -> String? {
    made(
      "gallery-import-card-\(count)x\(megabytes)", folder: "DCIM/100BENCH",
      seed: 0x9E37_79B9_7F4A_7C15,
      files: (1...count).map { number in
        let taken =
          "2024:08:0\(1 + number % 3) 10:"
          + String(format: "%02d:%02d", number / 60 % 60, number % 60)
        return (
          String(format: "IMG_%04d.JPG", number), [0xFF, 0xD8] + exif(taken: taken), megabytes
        )
      })
  }

  /// A camera's card of about 1 GB: `DCIM/100CANON/IMG_NNNN.CR2` of 25 MB with its
  /// `.JPG` of 8 MB, 28 times, then 10 JPEGs of 8 MB alone.
  static func makeCamera() -> String? {
    // A CR2's head: a little-endian TIFF whose first directory lies after "CR" 2 0.
    let raw: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x10, 0, 0, 0, 0x43, 0x52, 0x02, 0, 0, 0, 0, 0]
    var files: [(name: String, head: [UInt8], megabytes: Int)] = []
    for number in 1...38 {
      let taken = "2024:09:14 16:" + String(format: "%02d:%02d", 10 + number / 60, number % 60)
      let stem = String(format: "IMG_%04d", number)
      if number <= 28 { files.append((stem + ".CR2", raw, 25)) }
      files.append((stem + ".JPG", [0xFF, 0xD8] + exif(taken: taken), 8))
    }
    return made(
      "gallery-import-camera-1g", folder: "DCIM/100CANON", seed: 0xD1B5_4A32_D192_ED03,
      files: files)
  }

  /// The card `name` with `files` in `folder`, each its head then a filling of its own up
  /// to its size, made once: its path, nil when it cannot be made.
  private static func made(
    _ name: String, folder: String, seed: UInt64,
    files: [(name: String, head: [UInt8], megabytes: Int)]
  ) -> String? {
    let root = temporaryFolder + name
    let done = root + "/.made"
    if FileManager.default.fileExists(atPath: done) { return root }
    try? FileManager.default.removeItem(atPath: root)
    guard
      (try? FileManager.default.createDirectory(
        atPath: root + "/" + folder, withIntermediateDirectories: true)) != nil
    else {
      print("import: the card cannot be made in \(root)")
      return nil
    }
    var state = seed
    for file in files {
      var bytes = file.head
      let size = file.megabytes << 20
      bytes.reserveCapacity(size)
      while bytes.count < size {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        withUnsafeBytes(of: state) { bytes += $0 }
      }
      let path = root + "/" + folder + "/" + file.name
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

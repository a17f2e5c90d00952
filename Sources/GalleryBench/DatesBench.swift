import Dispatch
import Foundation
import Gallery
import GalleryRuntime
import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The cache of dates taken: loading and saving 100,000 records (the goal: a warm
/// library of that size has every date well under 100 ms after the scan), and finding
/// the dates of 1,000 real JPEGs with the cache empty and then full (the page cache warm
/// both times: what the cache saves is opening and parsing the files).
@MainActor let datesBenchmarks = BenchmarkGroup(name: "dates") {
  let root = NSTemporaryDirectory() + "gallery-bench-dates-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: root) }
  try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  let zone = TimeZone.current.identifier

  // 100,000 records with paths as a phone's library has them.
  var cache = DateTakenCache()
  var stamps: [FileStamp] = []
  for index in 0..<100_000 {
    let stamp = FileStamp(
      path: String(
        format: "/home/ana/Pictures/%04d/%02d/IMG_%05d.jpg", 2015 + index % 10,
        index % 12 + 1, index),
      byteSize: 2_000_000 + Int64(index), modificationDate: Date(timeIntervalSince1970: 1.6e9))
    stamps.append(stamp)
    cache.record(
      index % 10 == 0 ? .undated : .taken(Date(timeIntervalSince1970: 1.5e9 + Double(index))),
      for: stamp)
  }
  let file = DateTakenCacheFile(path: root + "/cache/dates-taken")
  let bytes = cache.fileBytes(timeZone: zone)
  report("dates.cache_100k_bytes", Double(bytes.count) / 1e6, "MB")
  report(
    "dates.cache_encode_100k", medianNanoseconds { _ = cache.fileBytes(timeZone: zone) } / 1e6,
    "ms")
  report(
    "dates.cache_save_100k",
    medianNanoseconds { try? file.save(cache, timeZone: zone) } / 1e6, "ms")
  report(
    "dates.cache_parse_100k",
    medianNanoseconds { _ = DateTakenCache(fileBytes: bytes, timeZone: zone) } / 1e6, "ms")
  var loaded = DateTakenCache()
  report(
    "dates.cache_load_100k", medianNanoseconds { loaded = file.load(timeZone: zone) } / 1e6, "ms")
  report("dates.cache_load_100k_records", Double(loaded.count), "records")
  // A warm run's save: the records loaded go back as they came.
  report(
    "dates.cache_encode_loaded_100k",
    medianNanoseconds { _ = loaded.fileBytes(timeZone: zone) } / 1e6, "ms")
  // What the reader's first batch costs besides the load: every stamp looked up.
  report(
    "dates.cache_lookup_100k",
    medianNanoseconds {
      var copy = loaded
      for stamp in stamps where copy.answer(for: stamp) == nil { print("# dates: a miss") }
    } / 1e6, "ms")
  let warmStart = DispatchTime.now().uptimeNanoseconds
  let all = DateTakenReader(file: file).readAll(stamps)
  report(
    "dates.warm_100k_read_all", Double(DispatchTime.now().uptimeNanoseconds - warmStart) / 1e6,
    "ms")
  report("dates.warm_100k_answers", Double(all.count), "files")

  guard let heads = makeJPEGCopies(in: root + "/photos", count: 1_000) else {
    print("# dates: cannot copy the built-in JPEGs")
    return
  }
  // Medians of 7 rounds, each with a cache of its own: empty, then what the first saved.
  var cold: [Double] = []
  var warm: [Double] = []
  for round in 1...7 {
    let cacheFile = DateTakenCacheFile(path: root + "/round-\(round)/dates-taken")
    cold.append(timeReading(heads, file: cacheFile))
    warm.append(timeReading(heads, file: cacheFile))
  }
  report("dates.read_1000_jpegs_cold", cold.sorted()[cold.count / 2], "ms")
  report("dates.read_1000_jpegs_warm", warm.sorted()[warm.count / 2], "ms")
}

/// The wall time of the interactive read of `stamps` (a new reader on `file`, every
/// batch delivered and the cache saved), in milliseconds.
private func timeReading(_ stamps: [FileStamp], file: DateTakenCacheFile) -> Double {
  let reader = DateTakenReader(file: file)
  let done = DispatchSemaphore(value: 0)
  let answered = Locked(0)
  let start = DispatchTime.now().uptimeNanoseconds
  reader.read(stamps) { batch in
    let total = answered.withLock { total in
      total += batch.count
      return total
    }
    if total == stamps.count { done.signal() }
  }
  done.wait()
  let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  reader.stop()
  return elapsed
}

/// `count` copies of the built-in JPEGs (five of them dated by EXIF) in `folder`, as the
/// scan stamps them.
private func makeJPEGCopies(in folder: String, count: Int) -> [FileStamp]? {
  guard let assets = try? DefaultAssets.locate() else { return nil }
  let sources = DefaultAssets.sectionNames.flatMap { section in
    ((try? FileManager.default.contentsOfDirectory(atPath: assets + "/" + section)) ?? [])
      .filter { $0.hasSuffix(".jpg") }.sorted().map { assets + "/" + section + "/" + $0 }
  }
  guard !sources.isEmpty else { return nil }
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  for index in 0..<count {
    let copy = folder + String(format: "/photo-%04d.jpg", index)
    guard
      (try? FileManager.default.copyItem(atPath: sources[index % sources.count], toPath: copy))
        != nil
    else { return nil }
  }
  guard let scanner = try? LibraryScanner(folders: [folder]) else { return nil }
  return scanner.library().sections.flatMap(\.pictures).map(FileStamp.init)
}

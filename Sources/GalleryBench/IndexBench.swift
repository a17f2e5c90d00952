import Foundation
import Gallery
import GalleryRuntime
import LibraryIndex
import Pictures
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The library index (`PictureIndex`): its file for 100,000 pictures with a camera's
/// fields (the goal: at most 60 MB), recording them as the details reader does (batches
/// of 256, one transaction each), and looking all of them up, opened afresh (medians of
/// 7 runs; the whole launch grouped by day is the `timeline` group's).
/// Also the same lookup by one query a file (chunks of 500 files spread over the 60
/// folders: under `PictureIndex.folderScanMinimum` a folder each), which that minimum
/// weighs against the read of a folder's range.
@MainActor let indexBenchmarks = BenchmarkGroup(name: "index") {
  let root = NSTemporaryDirectory() + "gallery-bench-index-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: root) }
  try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  let path = root + "/gallery/library.sqlite"
  let count = 100_000
  let entries = (0..<count).map(benchEntry)
  let stamps = entries.map(\.stamp)

  guard let index = PictureIndex.open(at: path).index else {
    print("# index: cannot open \(path)")
    return
  }
  let recordStart = DispatchTime.now().uptimeNanoseconds
  var start = 0
  while start < count {
    let end = min(count, start + 256)
    if let notice = index.record(Array(entries[start..<end])) {
      print("# index: \(notice.sentence)")
    }
    start = end
  }
  report(
    "index.record_100k_in_batches_of_256",
    Double(DispatchTime.now().uptimeNanoseconds - recordStart) / 1e6, "ms")
  index.close()
  report("index.file_100k_bytes", Double(fileSize(path) + fileSize(path + "-wal")) / 1e6, "MB")

  var answered = 0
  let indexLookup =
    medianNanoseconds {
      guard let opened = PictureIndex.open(at: path).index else { return }
      answered = opened.lookUp(stamps).details.count
      opened.close()
    } / 1e6
  report("index.open_lookup_100k", indexLookup, "ms")
  report("index.open_lookup_100k_answers", Double(answered), "files")
  if let opened = PictureIndex.open(at: path).index {
    report(
      "index.lookup_100k_opened_before",
      medianNanoseconds { _ = opened.lookUp(stamps) } / 1e6, "ms")
    // What a launch asks once a third of the folders are scanned: their files only.
    let third = stamps.indices.filter { $0 % 60 < 20 }.map { stamps[$0] }
    var rowsRead = 0
    report(
      "index.lookup_a_third_of_the_folders",
      medianNanoseconds { rowsRead = opened.lookUp(third).rowsRead } / 1e6, "ms")
    report("index.lookup_a_third_of_the_folders_rows_read", Double(rowsRead), "rows")
    report(
      "index.lookup_100k_by_one_query_each",
      medianNanoseconds(runs: 3) {
        var found = 0
        for chunk in stride(from: 0, to: count, by: 500) {
          found += opened.lookUp(Array(stamps[chunk..<min(count, chunk + 500)])).details.count
        }
        if found != count { print("# index: \(found) of \(count) by queries") }
      } / 1e6, "ms")
    opened.close()
  }
}

/// Picture `number` of a phone's and a camera's library: dated with its zone, a camera's
/// names and exposure; half placed, one in twenty a video, one in ten a screenshot with
/// no camera at all.
private func benchEntry(_ number: Int) -> IndexEntry {
  let path = String(
    format: "/home/ana/Pictures/%04d/%02d/IMG_%05d.jpg", 2015 + number % 10, number % 12 + 1,
    number)
  let stamp = IndexStamp(
    path: path, byteSize: 2_000_000 + Int64(number),
    modificationDate: Date(timeIntervalSince1970: 1.6e9), device: 2049,
    inode: UInt64(1_000_000 + number))
  if number % 10 == 0 {
    return IndexEntry(
      stamp, PictureDetails(format: .png, storedSize: PixelSize(width: 1170, height: 2532)))
  }
  let video = number % 20 == 1
  let details = PictureDetails(
    format: video ? .video : .jpeg, storedSize: PixelSize(width: 4032, height: 3024),
    orientation: number % 3 == 0 ? 6 : 1,
    taken: TakenTime(wallClock: 1_500_000_000 + Int64(number) * 97, utcOffset: 7200),
    cameraMake: number % 2 == 0 ? "Apple" : "FUJIFILM",
    cameraModel: number % 2 == 0 ? "iPhone 13 mini" : "X100V",
    lens: number % 2 == 0 ? "iPhone 13 mini back dual wide camera 5.1mm f/1.6" : "23mm F2",
    exposure: Exposure(seconds: 1.0 / 120, fNumber: 1.6, iso: 50 + number % 800, focalLength: 5.1),
    position: number % 2 == 0
      ? GPSPosition(
        latitude: 48.85 + Double(number % 1000) / 1e4, longitude: 2.35,
        altitude: 35 + Double(number % 50)) : nil,
    duration: video ? 12.5 : nil, codec: video ? "hevc" : nil)
  return IndexEntry(stamp, details)
}

private func fileSize(_ path: String) -> Int64 {
  var status = stat()
  return stat(path, &status) == 0 ? Int64(status.st_size) : 0
}

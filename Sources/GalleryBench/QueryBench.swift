import Foundation
import Gallery
import Pictures
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The state's share of a query typed over 100,000 pictures, in process: what `search`
/// measures through the real binary and a terminal, without them, so each part can be
/// seen apart.
///
/// A library of 1,000 folders of 100 pictures with their details (four cameras, seven ISO
/// speeds, three years of days), grouped by day; the filter prompt opened, then each of
/// `queries` typed a character at a time and erased with as many Backspaces, each key
/// handled by `GalleryState.update` and its frame composed by `GalleryView.render`.
/// Every query is new to the gallery: none was typed before it. `QUERY_BENCH_QUERIES`
/// (separated by `;`) types others.
@MainActor let queryBenchmarks = BenchmarkGroup(name: "query") {
  let queries =
    ProcessInfo.processInfo.environment["QUERY_BENCH_QUERIES"].map {
      $0.split(separator: ";").map(String.init)
    } ?? [
      "camera:x100v iso>=3200", "camera:nikon iso<=400", "lens:35 -has:gps",
      "dscf iso:800|1600", "date:2024-08 camera:eos",
    ]
  var state = QueryBench.state(folders: 1_000, perFolder: 100)
  report("query.pictures", Double(state.content.snapshot.numberOfItems), "pictures")
  var typing: [Double] = []
  var erasing: [Double] = []
  var composing: [Double] = []
  // The thread's processor time as well: the machines are shared, and a key's wall time
  // holds whatever else ran meanwhile.
  var processor: [Double] = []
  func threadTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
  }
  func timed(_ key: Key) -> Double {
    let startProcessor = threadTime()
    let start = DispatchTime.now().uptimeNanoseconds
    _ = state.update(.key(key))
    let updated = DispatchTime.now().uptimeNanoseconds
    _ = GalleryView.render(state)
    let end = DispatchTime.now().uptimeNanoseconds
    composing.append(Double(end - updated) / 1e6)
    if key != .character("/") && key != .escape { processor.append(threadTime() - startProcessor) }
    return Double(end - start) / 1e6
  }
  var slowest: [(ms: Double, what: String)] = []
  for query in queries {
    _ = timed(.character("/"))
    var shownAfter: [Int] = []
    for (count, character) in query.enumerated() {
      typing.append(timed(.character(character)))
      shownAfter.append(state.content.snapshot.numberOfItems)
      slowest.append((typing.last ?? 0, "\(query.prefix(count + 1)) (\(shownAfter.last ?? 0))"))
    }
    for count in query.indices.reversed() {
      erasing.append(timed(.backspace))
      slowest.append((erasing.last ?? 0, "⌫ \(query[..<count])"))
    }
    _ = timed(.escape)
    print("# query \(query): shows \(shownAfter.last ?? 0) pictures at the end")
  }
  let all = (typing + erasing).sorted()
  if let median = medianOf(all) {
    report("query.key_median_ms", median, "ms")
    report("query.key_p95_ms", all[min(all.count - 1, all.count * 95 / 100)], "ms")
    report("query.key_max_ms", all.last ?? median, "ms")
  }
  let onProcessor = processor.sorted()
  if let median = medianOf(onProcessor) {
    report("query.key_processor_median_ms", median, "ms")
    report(
      "query.key_processor_p95_ms", onProcessor[onProcessor.count * 95 / 100], "ms")
  }
  for (name, values) in [("typed", typing), ("backspace", erasing), ("render", composing)] {
    let sorted = values.sorted()
    guard let median = medianOf(sorted) else { continue }
    print(
      "# query \(name): \(values.count) keys, median \(Timeline.text(median)) ms, "
        + "p95 \(Timeline.text(sorted[sorted.count * 95 / 100])) ms, "
        + "max \(Timeline.text(sorted.last)) ms")
  }
  print(
    "# query: slowest keys (ms): "
      + slowest.sorted { $0.ms > $1.ms }.prefix(12).map { "\(Timeline.text($0.ms)) \($0.what)" }
      .joined(separator: ", "))
  print("# query: each typed key (ms): " + typing.map { Timeline.text($0) }.joined(separator: " "))
  print("# reproduce: .build/bench/release/gallery-bench query")
}

/// The library the query bench types over.
enum QueryBench {
  /// A 160×50 gallery by day of `folders × perFolder` pictures that need no files, every
  /// picture's details in, idle for a moment.
  @MainActor static func state(folders: Int, perFolder: Int) -> GalleryState {
    let cameras = [
      ("FUJIFILM", "X100V", "XF23mmF2"),
      ("NIKON CORPORATION", "NIKON Z 6", "NIKKOR Z 35mm f/1.8 S"),
      ("Canon", "Canon EOS R6", "RF24-105mm F4 L IS USM"), ("Apple", "iPhone 13", nil),
    ]
    let isoSpeeds = [100, 200, 400, 800, 1600, 3200, 6400]
    let start: Int64 = 1_672_531_200  // 2023-01-01
    var sections: [LibrarySection] = []
    var details: [String: PictureDetails] = [:]
    for folder in 0..<folders {
      let name = String(format: "%04d-trip", folder)
      let camera = cameras[folder % cameras.count]
      let pictures = (0..<perFolder).map { index in
        let file = String(format: "DSCF%04d.JPG", index + 1)
        let path = "/bench/library/\(name)/\(file)"
        let exposure = Exposure(
          seconds: 1 / Double(60 * (1 + index % 8)), fNumber: [1.8, 2, 2.8, 4, 8][index % 5],
          iso: isoSpeeds[(folder + index) % isoSpeeds.count], focalLength: 23)
        details[path] = PictureDetails(
          format: .jpeg, storedSize: PixelSize(width: 6000, height: 4000),
          taken: TakenTime(
            wallClock: start + Int64(folder) * 86_400 + Int64(index) * 97, utcOffset: 3600),
          cameraMake: camera.0, cameraModel: camera.1, lens: camera.2, exposure: exposure,
          position: index % 3 == 0 ? GPSPosition(latitude: 38.7, longitude: -9.1) : nil)
        return Picture(
          path: path, fileName: file, byteSize: 8_000_000,
          modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
      }
      sections.append(
        LibrarySection(
          name: name, folder: URL(fileURLWithPath: "/bench/library/\(name)"),
          pictures: pictures))
    }
    var state = GalleryState(
      library: Library(sections: sections), width: 160, height: 50,
      configuration: GalleryState.Configuration(grouping: .day))
    _ = state.update(.resize(width: 160, height: 50, cellAspect: 2))
    _ = state.update(.detailsRead(PictureDetailsBatch(details)))
    // The user looks before typing: the gallery lays out what the search reads meanwhile.
    _ = state.update(.timerFired(.idle))
    return state
  }
}

import CompositionalLayout
import Foundation
import Gallery
import Pictures
import TerminalKit

/// The browser: time to the first frame, compose and diff of a focus move, bytes written
/// per move and per page, bytes written while idle (issue 6).
@MainActor let appBenchmarks = BenchmarkGroup(name: "app") {
  let width = 200
  let height = 60
  var state = GalleryState(library: AppBenchFixture.library(), width: width, height: height)
  _ = state.update(.resize(width: width, height: height, cellAspect: 2))
  // Every wanted thumbnail arrives, as the run loop hands them to the state.
  func fillShelf() {
    for want in state.thumbnailWants()
    where !state.loading.thumbnails.contains(path: want.path, size: want.size) {
      _ = state.update(
        .thumbnailReady(
          path: want.path, size: want.size,
          result: AppBenchFixture.art(want.size, seed: want.path.hashValue)))
    }
  }
  fillShelf()

  // One focus move (right) composed and diffed, the way the run loop does it.
  var previous = GalleryView.render(state)
  var moves = 0
  let composeAndDiff = medianNanoseconds(runs: 41) {
    var next = state
    _ = next.update(.key(moves % 2 == 0 ? .right : .left))
    moves += 1
    let frame = GalleryView.render(next)
    let diff = FrameDiff(from: previous, to: frame)
    precondition(diff.width == width)
  }
  report("app.focus_move_compose_diff_200x60", composeAndDiff / 1e6, "ms")
  report("app.focus_move_compose_diff_goal_ratio", composeAndDiff / 1e6 / 2, "x of 2 ms")

  // Bytes: what the terminal is sent for the change, as the interactive backend writes
  // it (a scrolling diff through the ANSI writer), and without moving lines.
  func bytes(after event: GalleryEvent) -> (scrolling: Int, plain: Int) {
    _ = state.update(event)
    fillShelf()
    let frame = GalleryView.render(state)
    func count(scrolling: Bool) -> Int {
      var writer = ANSIWriter(mode: .truecolor)
      _ = writer.update(FrameDiff.fullRedraw(of: previous))
      return writer.update(FrameDiff(from: previous, to: frame, scrolling: scrolling)).count
    }
    defer { previous = frame }
    return (count(scrolling: true), count(scrolling: false))
  }
  _ = bytes(after: .key(.down))
  report("app.bytes_per_focus_move", Double(bytes(after: .key(.right)).scrolling), "bytes")
  // Down until the view scrolls by a row of pictures.
  var rowScroll = (scrolling: 0, plain: 0)
  for _ in 0..<8 where rowScroll.plain < width * height / 4 {
    rowScroll = bytes(after: .key(.down))
  }
  report("app.bytes_per_row_scroll", Double(rowScroll.scrolling), "bytes")
  report("app.bytes_per_row_scroll_without_moving_lines", Double(rowScroll.plain), "bytes")
  let page = bytes(after: .key(.pageDown))
  report("app.bytes_per_page_scroll", Double(page.scrolling), "bytes")
  report("app.bytes_per_page_scroll_without_moving_lines", Double(page.plain), "bytes")
  report(
    "app.bytes_while_idle", Double(bytes(after: .scan(.finished(ScanStats()))).scrolling), "bytes")

  // Launch to first frame: the bench build's binary (`.build/bench/release/gallery`) on
  // the built-in pictures in a 200×60 pseudo-terminal, leaving right after its first
  // frame (placeholders; thumbnails would stream in after), which only a bench build
  // does. The binary stamps the wall clock when the frame is written (`GALLERY_TRACE`);
  // the time counts from just before the spawn.
  guard BenchBuild.hasSwitches(for: "app.launch_to_first_frame") else { return }
  if let binary = ScaleBench.galleryBinary() {
    var samples: [Double] = []
    for _ in 0..<11 {
      let run = ScaleBench.launch(
        binary: binary, folder: nil, exitAfterFirstFrame: true, columns: 200, rows: 60)
      if let milliseconds = run?.firstFrameMilliseconds { samples.append(milliseconds) }
    }
    if !samples.isEmpty {
      let median = samples.sorted()[samples.count / 2]
      report("app.launch_to_first_frame", median, "ms")
      report("app.launch_to_first_frame_goal_ratio", median / 50, "x of 50 ms")
    }
  } else {
    print("# app.launch_to_first_frame: skipped: no gallery beside gallery-bench (make bench)")
  }
}

enum AppBenchFixture {
  /// Office 15, Kitchen 25, MacBook 30 pictures that need no files.
  static func library() -> Library {
    func section(_ name: String, _ count: Int) -> LibrarySection {
      let pictures = (0..<count).map { index in
        let file = "\(name.lowercased())-\(index + 1).jpg"
        return Picture(
          path: "/bench/\(name)/\(file)", fileName: file, byteSize: 100_000,
          modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
      }
      return LibrarySection(
        name: name, folder: URL(fileURLWithPath: "/bench/\(name)"), pictures: pictures)
    }
    return Library(sections: [
      section("Office", 15), section("Kitchen", 25), section("MacBook", 30),
    ])
  }

  /// Cell art of truecolor half blocks, different per picture.
  static func art(_ size: TileSize, seed: Int) -> ThumbnailResult {
    let base = UInt8(truncatingIfNeeded: seed)
    var cells: [Cell] = []
    cells.reserveCapacity(size.columns * size.rows)
    for row in 0..<size.rows {
      for column in 0..<size.columns {
        let shade = UInt8(truncatingIfNeeded: column * 7 + row * 13) &+ base
        cells.append(
          Cell(
            "▀",
            style: Style(
              foreground: .rgb(shade, 90, 255 &- shade), background: .rgb(30, shade, 120))))
      }
    }
    let fit = CellFit(column: 0, row: 0, columns: size.columns, rows: size.rows)
    return .art(CellArt(size: size, fit: fit, cells: cells), metadata: nil, isPartial: false)
  }
}

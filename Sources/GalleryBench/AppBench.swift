import CompositionalLayout
import Foundation
import Gallery
import TerminalKit
import Thumbnails

/// The browser: time to the first frame, compose and diff of a focus move, bytes written
/// per move and per page, bytes written while idle (issue 6).
@MainActor let appBenchmarks = BenchmarkGroup(name: "app") {
  let width = 200
  let height = 60
  var state = GalleryState(library: AppBenchFixture.library(), width: width, height: height)
  _ = state.update(.resize(width: width, height: height, cellAspect: 2))
  var shelf = ThumbnailShelf()
  func fillShelf() {
    for want in state.thumbnailWants() where !shelf.contains(path: want.path, size: want.size) {
      shelf.insert(
        AppBenchFixture.art(want.size, seed: want.path.hashValue), path: want.path, size: want.size)
    }
  }
  fillShelf()

  // One focus move (right) composed and diffed, the way the run loop does it.
  var previous = GalleryView.render(state, thumbnails: shelf)
  var moves = 0
  let composeAndDiff = medianNanoseconds(runs: 41) {
    var next = state
    _ = next.update(.key(moves % 2 == 0 ? .right : .left))
    moves += 1
    let frame = GalleryView.render(next, thumbnails: shelf)
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
    let frame = GalleryView.render(state, thumbnails: shelf)
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

  // Launch to first frame: the release binary in a pseudo-terminal (util-linux `script`),
  // leaving right after its first frame (placeholders; thumbnails would stream in after).
  // The pseudo-terminal's own cost (`script` running `true`) is measured alike and taken off.
  if let binary = AppBenchFixture.galleryBinary() {
    func median(_ command: String?) -> Double? {
      var samples: [Double] = []
      for _ in 0..<11 {
        let start = DispatchTime.now().uptimeNanoseconds
        guard AppBenchFixture.runInTerminal(command) else { return nil }
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      }
      return samples.sorted()[samples.count / 2]
    }
    if let harness = median(nil), let gallery = median(binary + " --no-cache") {
      report("app.launch_harness_script_pty", harness, "ms")
      report("app.launch_to_first_frame_with_harness", gallery, "ms")
      report("app.launch_to_first_frame", gallery - harness, "ms")
      report("app.launch_to_first_frame_goal_ratio", (gallery - harness) / 50, "x of 50 ms")
    }
  } else {
    print("app.launch_to_first_frame: skipped (build the gallery product in release first)")
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

  /// `.build/release/gallery` beside this benchmark's binary.
  static func galleryBinary() -> String? {
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let path = here.appendingPathComponent("gallery").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Runs `command` (the gallery, leaving after its first frame; nil: `true`) in a
  /// pseudo-terminal of 200×60.
  static func runInTerminal(_ command: String?) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    let command = "stty cols 200 rows 60; " + (command ?? "true")
    process.arguments = ["-qec", command, "/dev/null"]
    var environment = ProcessInfo.processInfo.environment
    environment["GALLERY_EXIT_AFTER_FIRST_FRAME"] = "1"
    environment["TERM"] = "xterm-256color"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}

import TerminalKit

/// Frame compose, diff and ANSI bytes at 200×60 (issue 6: compose and diff under 2 ms).
@MainActor let terminalBenchmarks = BenchmarkGroup(name: "terminal") {
  let width = 200
  let height = 60
  // Thumbnail-like cell art: upper half blocks with truecolor foreground and
  // background, as the cell-art renderer produces.
  var art = Frame(width: 30, height: 8)
  for y in 0..<8 {
    for x in 0..<30 {
      let shade = UInt8((x * 8 + y * 20) % 256)
      art[x, y] = Cell(
        "▀",
        style: Style(foreground: .rgb(shade, 255 &- shade, 90), background: .rgb(40, shade, 200)))
    }
  }

  /// A gallery-like screen: headers, a grid of 6×5 pictures with titles, the
  /// focused one in a rounded frame, a status line; `scroll` shifts the content.
  func compose(focus: Int, scroll: Int) -> Frame {
    var frame = Frame(width: width, height: height)
    let header = Style(foreground: .brightWhite, attributes: .bold)
    let title = Style(foreground: .rgb(200, 200, 200))
    for row in 0..<6 {
      let top = 1 + row * 11 - scroll
      frame.put("Kitchen — 25 pictures, row \(row)", x: 1, y: top - 1, style: header)
      for column in 0..<6 {
        let index = row * 6 + column
        let x = 1 + column * 33
        frame.blit(art, x: x + 1, y: top + 1)
        frame.put(
          "IMG_\(4000 + index) kitchen counter.jpg", x: x + 1, y: top + 9, style: title,
          maxWidth: 30)
        if index == focus {
          frame.drawBox(
            x: x, y: top, width: 32, height: 11, style: Style(foreground: .yellow), border: .rounded
          )
        }
      }
    }
    frame.fill(
      x: 0, y: height - 1, width: width, height: 1,
      with: Cell(" ", style: Style(attributes: .reverse)))
    frame.put(
      " IMG_4007.jpg  4032×3024  8/36  regular/regular  200×60", x: 0, y: height - 1,
      style: Style(attributes: .reverse))
    return frame
  }

  let before = compose(focus: 7, scroll: 0)
  let moved = compose(focus: 8, scroll: 0)
  // Not a multiple of the 11-row grid period, so every row changes.
  let scrolled = compose(focus: 7, scroll: 5)

  let composeNanoseconds = medianNanoseconds(runs: 21) { _ = compose(focus: 7, scroll: 0) }
  report("terminal.compose_200x60", composeNanoseconds / 1000, "µs")
  let diffNanoseconds = medianNanoseconds(runs: 21) { _ = FrameDiff(from: before, to: moved) }
  report("terminal.diff_200x60", diffNanoseconds / 1000, "µs")
  let both = medianNanoseconds(runs: 21) {
    _ = FrameDiff(from: before, to: compose(focus: 8, scroll: 0))
  }
  report("terminal.compose_and_diff_200x60", both / 1000, "µs")
  report("terminal.compose_and_diff_200x60_vs_2ms_goal", both / 2_000_000, "ratio")

  report(
    "terminal.focus_move_cells", Double(FrameDiff(from: before, to: moved).changedCellCount),
    "cells")
  report(
    "terminal.page_scroll_cells", Double(FrameDiff(from: before, to: scrolled).changedCellCount),
    "cells")
  for mode in [ColorMode.truecolor, .indexed256] {
    var writer = ANSIWriter(mode: mode)
    _ = writer.update(.fullRedraw(of: before))
    let focusDiff = FrameDiff(from: before, to: moved)
    report(
      "terminal.focus_move_bytes_\(mode.rawValue)", Double(writer.update(focusDiff).count), "bytes")
    var scrollWriter = ANSIWriter(mode: mode)
    _ = scrollWriter.update(.fullRedraw(of: before))
    let scrollDiff = FrameDiff(from: before, to: scrolled)
    report(
      "terminal.page_scroll_bytes_\(mode.rawValue)", Double(scrollWriter.update(scrollDiff).count),
      "bytes")
    var fullWriter = ANSIWriter(mode: mode)
    report(
      "terminal.full_redraw_bytes_\(mode.rawValue)",
      Double(fullWriter.update(.fullRedraw(of: before)).count), "bytes")
  }
  // Scroll detection: the diff with scrolling against the plain diff, on the page
  // scroll (a shift is found) and on the focus move (none is).
  let plainScrollDiff = medianNanoseconds(runs: 51) { _ = FrameDiff(from: before, to: scrolled) }
  let scrollingDiff = medianNanoseconds(runs: 51) {
    _ = FrameDiff(from: before, to: scrolled, scrolling: true)
  }
  report("terminal.page_scroll_diff_200x60", plainScrollDiff / 1000, "µs")
  report("terminal.page_scroll_diff_scrolling_200x60", scrollingDiff / 1000, "µs")
  let detection = medianNanoseconds(runs: 51) {
    _ = FrameDiff.Scroll(from: before, to: scrolled)
  }
  report("terminal.page_scroll_detection_200x60", detection / 1000, "µs")
  report("terminal.page_scroll_detection_vs_0.2ms_budget", detection / 200_000, "ratio")
  let plainFocusDiff = medianNanoseconds(runs: 51) { _ = FrameDiff(from: before, to: moved) }
  let scrollingFocusDiff = medianNanoseconds(runs: 51) {
    _ = FrameDiff(from: before, to: moved, scrolling: true)
  }
  report(
    "terminal.focus_move_detection_200x60", max(0, scrollingFocusDiff - plainFocusDiff) / 1000,
    "µs")
  let scrollDiff = FrameDiff(from: before, to: scrolled, scrolling: true)
  if let scroll = scrollDiff.scroll {
    report("terminal.page_scroll_lines", Double(scroll.count), "lines")
    report(
      "terminal.page_scroll_region_rows", Double(scroll.bottom - scroll.top + 1), "rows")
  }
  report("terminal.page_scroll_cells_scrolling", Double(scrollDiff.changedCellCount), "cells")
  var plainWriter = ANSIWriter(mode: .truecolor)
  _ = plainWriter.update(.fullRedraw(of: before))
  let plainBytes = Double(plainWriter.update(FrameDiff(from: before, to: scrolled)).count)
  var scrollingWriter = ANSIWriter(mode: .truecolor)
  _ = scrollingWriter.update(.fullRedraw(of: before))
  let scrollingBytes = Double(scrollingWriter.update(scrollDiff).count)
  report("terminal.page_scroll_bytes_truecolor_plain", plainBytes, "bytes")
  report("terminal.page_scroll_bytes_truecolor_scrolling", scrollingBytes, "bytes")
  report("terminal.page_scroll_bytes_scrolling_vs_plain", scrollingBytes / plainBytes, "ratio")
  let updateNanoseconds = medianNanoseconds(runs: 21) {
    var writer = ANSIWriter(mode: .truecolor)
    _ = writer.update(scrollDiff)
  }
  report("terminal.page_scroll_update_scrolling_truecolor", updateNanoseconds / 1000, "µs")

  let writeNanoseconds = medianNanoseconds(runs: 21) {
    var writer = ANSIWriter(mode: .truecolor)
    _ = writer.update(.fullRedraw(of: before))
  }
  report("terminal.ansi_full_redraw_200x60_truecolor", writeNanoseconds / 1000, "µs")
}

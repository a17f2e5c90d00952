import TerminalKit
import TestSupport

extension FuzzTarget {
  /// Frames built from the input, one after another, each written as the difference from
  /// the last (scrolls detected or not, now and then a full redraw) to a modelled
  /// terminal: the screen must show exactly each frame, and the writer must send nothing
  /// the model does not understand.
  static let frameDiff = FuzzTarget(
    "frame-diff", "FrameDiff and ANSIWriter against the terminal model"
  ) { bytes throws(FuzzFailure) in
    var input = FuzzInput(bytes)
    let width = input.number(in: 1...48)
    let height = input.number(in: 1...16)
    let mode = input.pick(ColorMode.allCases)
    var writer = ANSIWriter(mode: mode)
    var screen = ScreenModel(width: width, height: height)
    var shown = Frame(width: width, height: height)
    screen.apply(writer.update(.fullRedraw(of: shown)))
    var frames = 0
    while !input.isAtEnd && frames < 12 {
      frames += 1
      var next = shown
      for _ in 0..<input.below(8) { FrameEdit.apply(&next, &input) }
      let diff =
        input.below(8) == 0
        ? FrameDiff.fullRedraw(of: next) : FrameDiff(from: shown, to: next, scrolling: input.flag())
      if !diff.isFullRedraw {
        // The runs alone turn the (scrolled) old frame into the new one.
        var applied = diff.scroll.map { shown.scrolled($0) } ?? shown
        for run in diff.runs {
          for (offset, cell) in run.cells.enumerated() { applied[run.x + offset, run.y] = cell }
        }
        if let difference = applied.firstDifference(from: next) {
          throw FuzzFailure("frame \(frames): the diff's runs miss \(difference)")
        }
      }
      var bytes = writer.update(diff)
      // The backend leaves the terminal plain after each frame.
      if input.flag() { writer.reset(into: &bytes) }
      screen.apply(bytes)
      try require(screen.errors.isEmpty, "frame \(frames) (\(mode)): \(screen.errors.prefix(3))")
      if let difference = screen.frame.firstDifference(from: next.converted(to: mode)) {
        throw FuzzFailure(
          "frame \(frames) (\(mode), scroll \(String(describing: diff.scroll))): the screen "
            + "differs at \(difference)")
      }
      shown = next
    }
  }
}

/// The edits a frame goes through between two writes: text, fills, boxes, single cells,
/// restyled areas and moved rows, with characters that test the writer.
///
/// Wide characters go in only through `put`, which lays each out with its continuation
/// cell; `fill`, `drawBox` and `setCell` write the cell they are given as it is, so a
/// wide character there would be the caller's half-made pair, not a frame the app draws.
enum FrameEdit {
  /// Narrow characters: plain, accented, combined, block and box drawing.
  static let narrow: [Character] = ["a", "Z", " ", "é", "e\u{301}", "▀", "█", "─", "╭", "…"]
  /// Any character `put` may draw: also ideographs and emoji, two columns wide.
  static let characters = narrow + ["写", "真", "🙂"]

  static func apply(_ frame: inout Frame, _ input: inout FuzzInput) {
    let x = input.number(in: -2...(frame.width + 1))
    let y = input.number(in: -1...frame.height)
    switch input.below(6) {
    case 0:
      let text = String((0..<input.below(12)).map { _ in input.pick(characters) })
      frame.put(
        text, x: x, y: y, style: style(&input), truncation: input.flag() ? .clip : .ellipsis())
    case 1:
      frame.fill(
        x: x, y: y, width: input.below(frame.width + 2), height: input.below(frame.height + 2),
        with: Cell(input.pick(narrow), style: style(&input)))
    case 2:
      frame.drawBox(
        x: x, y: y, width: input.below(frame.width + 2), height: input.below(frame.height + 2),
        style: style(&input))
    case 3:
      frame.setCell(
        Cell(input.pick(narrow), style: style(&input)),
        x: x, y: y)
    case 4:
      let top = input.below(frame.height)
      let bottom = top + input.below(frame.height - top)
      let count = input.number(in: -frame.height...frame.height)
      frame = frame.scrolled(FrameDiff.Scroll(top: top, bottom: bottom, count: count))
    default:
      frame.restyle(
        x: x, y: y, width: input.below(frame.width + 2), height: input.below(frame.height + 2)
      ) { $0 = style(&input) }
    }
  }

  static func style(_ input: inout FuzzInput) -> Style {
    Style(
      foreground: color(&input), background: color(&input),
      attributes: TextAttributes(rawValue: input.byte() & 0x1F))
  }

  static func color(_ input: inout FuzzInput) -> Color {
    switch input.below(4) {
    case 0: .default
    case 1: .indexed(input.byte() & 0x0F)
    case 2: .indexed(input.byte())
    default: .rgb(input.byte(), input.byte(), input.byte())
    }
  }
}

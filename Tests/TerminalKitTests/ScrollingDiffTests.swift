import TestSupport
import Testing

@testable import TerminalKit

/// Random frames, random scrolls: the writer's bytes for a scrolling diff turn a
/// screen showing the old frame into exactly the new one.
@Suite struct ScrollingDiffPropertyTests {
  static let characters: [Character] = ["a", "b", "Z", "é", "▀", "█", "─", "写", "真", "🙂", " "]

  static func randomColor(_ generator: inout SplitMix64) -> Color {
    switch generator.next() % 3 {
    case 0: return .default
    case 1: return .indexed(UInt8(truncatingIfNeeded: generator.next()))
    default:
      let value = generator.next()
      return .rgb(
        UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
        UInt8(truncatingIfNeeded: value >> 16))
    }
  }

  static func randomStyle(_ generator: inout SplitMix64) -> Style {
    // A small set of styles half the time, so neighbouring cells often share one.
    if generator.next() % 2 == 0 {
      return [Style.plain, Style(foreground: .red), Style(background: .blue, attributes: .bold)][
        Int(generator.next() % 3)]
    }
    return Style(
      foreground: randomColor(&generator), background: randomColor(&generator),
      attributes: TextAttributes(rawValue: UInt8(truncatingIfNeeded: generator.next()) & 0x1F))
  }

  static func randomText(_ generator: inout SplitMix64, length: Int) -> String {
    String((0..<length).map { _ in characters[Int(generator.next() % UInt64(characters.count))] })
  }

  /// Fills row `y` with blank, text or cell-art content.
  static func randomRow(_ frame: inout Frame, y: Int, _ generator: inout SplitMix64) {
    frame.fill(x: 0, y: y, width: frame.width, height: 1)
    switch generator.next() % 4 {
    case 0: break  // blank rows: many identical rows, ambiguous for detection
    case 1:
      let x = Int(generator.next() % UInt64(frame.width))
      frame.put(
        randomText(&generator, length: 1 + Int(generator.next() % 12)), x: x, y: y,
        style: randomStyle(&generator), truncation: .clip)
    default:
      var x = 0
      while x < frame.width {
        x += frame.put(
          randomText(&generator, length: 1 + Int(generator.next() % 4)), x: x, y: y,
          style: randomStyle(&generator), truncation: .clip)
      }
    }
  }

  @Test func scrollingUpdatesReproduceTheNewFrame() async {
    var generator = SplitMix64(seed: 2026)
    var scrolled = 0
    var eligible = 0
    for _ in 0..<300 {
      // Seconds of work under a sanitizer: between rounds the pool's other tests get a turn.
      await Task.yield()
      let (width, height) = generator.next() % 2 == 0 ? (20, 12) : (80, 24)
      var old = Frame(width: width, height: height)
      for y in 0..<height { Self.randomRow(&old, y: y, &generator) }
      // Sometimes the writer ends its first frame in a non-plain style.
      if generator.next() % 2 == 0 {
        old.setCell(Cell("x", style: Style(background: .indexed(3))), x: width - 1, y: height - 1)
      }
      var new = old
      var moved: FrameDiff.Scroll?
      if generator.next() % 5 != 0 {
        let top = Int(generator.next() % UInt64(height - 1))
        let bottom = top + 1 + Int(generator.next() % UInt64(height - top - 1))
        let magnitude = 1 + Int(generator.next() % UInt64(bottom - top))
        let scroll = FrameDiff.Scroll(
          top: top, bottom: bottom, count: generator.next() % 2 == 0 ? magnitude : -magnitude)
        moved = scroll
        new = old.scrolled(scroll)
        for y in top...bottom where scroll.sourceRow(of: y) == nil && generator.next() % 4 != 0 {
          Self.randomRow(&new, y: y, &generator)
        }
      }
      for _ in 0..<Int(generator.next() % 4) {
        let y = Int(generator.next() % UInt64(height))
        if generator.next() % 2 == 0 {
          Self.randomRow(&new, y: y, &generator)
        } else {
          new.put(
            Self.randomText(&generator, length: 3), x: Int(generator.next() % UInt64(width)), y: y,
            style: Self.randomStyle(&generator), truncation: .clip)
        }
      }

      let mode = ColorMode.allCases[Int(generator.next() % UInt64(ColorMode.allCases.count))]
      var writer = ANSIWriter(mode: mode)
      var screen = ScreenModel(width: width, height: height)
      screen.apply(writer.update(.fullRedraw(of: old)))
      #expect(screen.frame.firstDifference(from: old.converted(to: mode)) == nil)

      let diff = FrameDiff(from: old, to: new, scrolling: true)
      if let moved, Self.shiftSaves(moved.count, from: old, to: new) {
        eligible += 1
        if diff.scroll != nil { scrolled += 1 }
      }
      // The runs alone turn the scrolled old frame into the new one.
      var applied = diff.scroll.map { old.scrolled($0) } ?? old
      for run in diff.runs {
        for (offset, cell) in run.cells.enumerated() { applied[run.x + offset, run.y] = cell }
      }
      #expect(
        applied.firstDifference(from: new) == nil,
        "runs after scroll \(String(describing: diff.scroll))")

      screen.apply(writer.update(diff))
      #expect(screen.errors.isEmpty, "\(screen.errors.prefix(3))")
      let difference = screen.frame.firstDifference(from: new.converted(to: mode))
      #expect(
        difference == nil,
        "\(mode): moved \(String(describing: moved)), detected \(String(describing: diff.scroll))")
      if difference != nil || !screen.errors.isEmpty { break }
    }
    // Where the shift made saves rows by the detector's rule, it should nearly
    // always be found (sampling can miss when identical rows flood the search).
    #expect(eligible > 50)
    #expect(scrolled * 10 >= eligible * 9, "found \(scrolled) of \(eligible)")
  }

  /// Whether shifting by `count` reproduces at least two more rows of the band of
  /// changed rows than leaving them in place, checked exhaustively.
  static func shiftSaves(_ count: Int, from old: Frame, to new: Frame) -> Bool {
    func row(_ frame: Frame, _ y: Int) -> ArraySlice<Cell> {
      frame.cells[(y * frame.width)..<((y + 1) * frame.width)]
    }
    let changed = (0..<new.height).filter { row(new, $0) != row(old, $0) }
    guard let first = changed.first, let last = changed.last else { return false }
    let inPlace = (first...last).count - changed.count
    let shifted = (first...last).filter { y in
      (first...last).contains(y + count) && row(new, y) == row(old, y + count)
    }.count
    return shifted >= inPlace + 2
  }

  @Test func modelErasesExposedLinesWithTheCurrentBackground() {
    // Guards the property test: without the writer's reset before a scroll,
    // the exposed line would be red here and the comparison would fail.
    var screen = ScreenModel(width: 3, height: 3)
    screen.apply(Array("\u{1B}[41m\u{1B}[1;3r\u{1B}[3;1H\u{1B}D\u{1B}[r".utf8))
    #expect(screen.errors.isEmpty)
    #expect(screen.frame[0, 2] == Cell(" ", style: Style(background: .red)))
  }
}

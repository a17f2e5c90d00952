import TestSupport
import Testing

@testable import TerminalKit

@Suite struct FrameDiffScrollTests {
  /// A gallery-like screen: a fixed header, rows of cell-art pictures with titles
  /// (content row `offset` at the top), and a status line with the position.
  static func gallery(width: Int = 160, height: Int = 50, offset: Int, position: String) -> Frame {
    var frame = Frame(width: width, height: height)
    frame.put("Gallery — Kitchen", x: 1, y: 0, style: Style(attributes: .bold))
    for y in 1..<(height - 1) {
      let row = y - 1 + offset
      for column in 0..<4 {
        let x = 2 + column * 39
        let picture = row / 11 * 4 + column
        if row % 11 == 10 {
          frame.put("IMG_\(4000 + picture).jpg", x: x, y: y, style: Style(foreground: .brightWhite))
          continue
        }
        for dx in 0..<36 {
          let shade = UInt8(truncatingIfNeeded: dx * 7 + row * 13 + picture * 29)
          frame[x + dx, y] = Cell(
            "▀",
            style: Style(
              foreground: .rgb(shade, 200, 255 &- shade), background: .rgb(20, shade, 90)))
        }
      }
    }
    frame.fill(
      x: 0, y: height - 1, width: width, height: 1,
      with: Cell(" ", style: Style(attributes: .reverse)))
    frame.put(" \(position)  160×50", x: 0, y: height - 1, style: Style(attributes: .reverse))
    return frame
  }

  /// The bytes of `diff` for a screen showing `old`, and what the screen shows after.
  static func apply(_ diff: FrameDiff, to old: Frame, mode: ColorMode = .truecolor) -> (
    bytes: Int, screen: ScreenModel
  ) {
    var writer = ANSIWriter(mode: mode)
    var screen = ScreenModel(width: old.width, height: old.height)
    screen.apply(writer.update(.fullRedraw(of: old)))
    let bytes = writer.update(diff)
    screen.apply(bytes)
    return (bytes.count, screen)
  }

  @Test func pageScrollIsDetectedAndWritesFarFewerBytes() {
    let old = Self.gallery(offset: 0, position: "1/40")
    let new = Self.gallery(offset: 16, position: "17/40")
    let diff = FrameDiff(from: old, to: new, scrolling: true)
    // The header (row 0) and the status line (row 49) keep their place.
    #expect(diff.scroll == FrameDiff.Scroll(top: 1, bottom: 48, count: 16))
    let scrolling = Self.apply(diff, to: old)
    #expect(scrolling.screen.errors.isEmpty)
    #expect(scrolling.screen.frame.firstDifference(from: new) == nil)
    let plain = Self.apply(FrameDiff(from: old, to: new), to: old)
    #expect(plain.screen.frame.firstDifference(from: new) == nil)
    // 16 new rows of 48 instead of all 48, and the status line in both.
    #expect(scrolling.bytes * 2 < plain.bytes, "\(scrolling.bytes) vs \(plain.bytes) bytes")
    #expect(diff.changedCellCount * 2 < FrameDiff(from: old, to: new).changedCellCount)
  }

  /// A row scroll that also moves the focus: the rows of the picture that lost its
  /// focus border are not equal to any old row, yet moving them (and rewriting the
  /// border cells) is far cheaper than rewriting them whole.
  @Test func rowsThatNearlyMovedStayInsideTheRegion() {
    func focused(_ frame: Frame, top: Int) -> Frame {
      var frame = frame
      for y in top..<(top + 10) {
        frame[1, y] = Cell("│", style: Style(foreground: .cyan))
        frame[38, y] = Cell("│", style: Style(foreground: .cyan))
      }
      return frame
    }
    // The focus was on the picture row at the bottom; it moves to the next row,
    // which scrolls in: eleven lines.
    let old = focused(Self.gallery(offset: 0, position: "5/40"), top: 34)
    let new = focused(Self.gallery(offset: 11, position: "9/40"), top: 34)
    let diff = FrameDiff(from: old, to: new, scrolling: true)
    #expect(diff.scroll == FrameDiff.Scroll(top: 1, bottom: 48, count: 11))
    // Eleven exposed rows, the two border columns of the old focus, the status line.
    #expect(diff.changedCellCount < 11 * 160 + 2 * 10 + 160)
    let result = Self.apply(diff, to: old)
    #expect(result.screen.errors.isEmpty)
    #expect(result.screen.frame.firstDifference(from: new) == nil)
  }

  @Test func scrollDownHasANegativeCount() {
    let old = Self.gallery(offset: 16, position: "17/40")
    let new = Self.gallery(offset: 3, position: "1/40")
    let diff = FrameDiff(from: old, to: new, scrolling: true)
    #expect(diff.scroll == FrameDiff.Scroll(top: 1, bottom: 48, count: -13))
    let result = Self.apply(diff, to: old)
    #expect(result.screen.errors.isEmpty)
    #expect(result.screen.frame.firstDifference(from: new) == nil)
  }

  @Test func regionExcludesFixedHeaderAndStatusLine() {
    let lines = [
      "HEADER", "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
    ]
    let old = Frame(text: (lines[0...6] + ["status 1"]).joined(separator: "\n"))
    let new = Frame(text: ([lines[0]] + lines[3...8] + ["status 3"]).joined(separator: "\n"))
    let diff = FrameDiff(from: old, to: new, scrolling: true)
    #expect(diff.scroll == FrameDiff.Scroll(top: 1, bottom: 6, count: 2))
    // Two exposed rows and the changed status digit.
    #expect(Set(diff.runs.map(\.y)) == [5, 6, 7])
    #expect(diff.runs.last?.cells.count == 1)
    let result = Self.apply(diff, to: old, mode: .ansi16)
    #expect(result.screen.frame.firstDifference(from: new) == nil)
  }

  @Test func unchangedFrameGivesAnEmptyDiff() {
    let frame = Self.gallery(offset: 5, position: "6/40")
    let diff = FrameDiff(from: frame, to: frame, scrolling: true)
    #expect(diff.isEmpty)
    #expect(diff.scroll == nil)
    var writer = ANSIWriter(mode: .truecolor)
    #expect(writer.update(diff).isEmpty)
  }

  @Test func inPlaceChangesGiveNoScroll() {
    let old = Self.gallery(offset: 0, position: "1/40")
    var new = old
    new.drawBox(
      x: 1, y: 2, width: 38, height: 12, style: Style(foreground: .yellow), border: .rounded)
    new.put("2/40", x: 1, y: 49, style: Style(attributes: .reverse))
    let diff = FrameDiff(from: old, to: new, scrolling: true)
    #expect(diff.scroll == nil)
    #expect(diff == FrameDiff(from: old, to: new))
  }

  @Test func blankRowsDoNotConfuseDetection() {
    // Mostly blank rows with a few lines of text, moved up by 3.
    var old = Frame(width: 30, height: 20)
    var new = Frame(width: 30, height: 20)
    for line in [2, 7, 8, 15, 22] {
      old.put("entry \(line)", x: 2, y: line, style: Style(foreground: .green))
      new.put("entry \(line)", x: 2, y: line - 3, style: Style(foreground: .green))
    }
    let diff = FrameDiff(from: old, to: new, scrolling: true)
    #expect(diff.scroll?.count == 3)
    let result = Self.apply(diff, to: old)
    #expect(result.screen.frame.firstDifference(from: new) == nil)
  }

  @Test func smallBandsAreNotScrolled() {
    let old = Frame(text: "a\nb\nc\nd")
    let new = Frame(text: "a\nc\nX\nd")
    #expect(FrameDiff(from: old, to: new, scrolling: true).scroll == nil)
  }

  @Test func scrolledFrameMovesTheRegionAndBlanksTheRest() {
    let frame = Frame(text: "0\n1\n2\n3\n4", style: Style(foreground: .red))
    let up = frame.scrolled(FrameDiff.Scroll(top: 1, bottom: 3, count: 1))
    #expect(up.text == "0\n2\n3\n \n4")
    #expect(up[0, 3] == .blank)
    let down = frame.scrolled(FrameDiff.Scroll(top: 0, bottom: 4, count: -2))
    #expect(down.text == " \n \n0\n1\n2")
    let gone = frame.scrolled(FrameDiff.Scroll(top: 3, bottom: 9, count: 5))
    #expect(gone.text == "0\n1\n2\n \n ")
  }
}

import TestSupport
import Testing

@testable import TerminalKit

/// Drawing over wide characters keeps them whole (found by fuzzing the frame diff: a
/// frame a terminal cannot show never matches the screen).
@Suite struct FrameWideCharacterTests {
  static let marked = Style(background: .blue, attributes: .reverse)

  @Test func restylesTheRectangleOnly() {
    var frame = Frame(text: "abc\ndef")
    frame.restyle(x: 1, y: 1, width: 5, height: 3) { $0 = Self.marked }
    #expect(frame[0, 1].style == .plain && frame[0, 0].style == .plain)
    #expect(frame[1, 1].style == Self.marked && frame[2, 1].style == Self.marked)
    #expect(frame[1, 0].style == .plain)
  }

  /// Found by the frame-diff fuzz target: a wide character half inside the rectangle had
  /// two styles, which no terminal can show, so the screen never matched the frame.
  @Test func aWideCharacterCutByAnEdgeKeepsOneStyle() {
    var frame = Frame(width: 6, height: 1)
    frame.put("写a真", x: 0, y: 0)
    // The rectangle starts on 写's right half and ends on 真's left half.
    frame.restyle(x: 1, y: 0, width: 3, height: 1) { $0 = Self.marked }
    #expect(frame[0, 0].style == .plain && frame[1, 0].style == .plain)
    #expect(frame[2, 0].style == Self.marked)
    #expect(frame[3, 0].style == Self.marked && frame[4, 0].style == Self.marked)

    var writer = ANSIWriter(mode: .ansi16)
    var screen = ScreenModel(width: 6, height: 1)
    screen.apply(writer.update(.fullRedraw(of: frame)))
    #expect(screen.errors.isEmpty)
    #expect(screen.frame.firstDifference(from: frame) == nil)
  }

  /// A change that depends on the cell it meets still leaves each wide character in one
  /// style; and a one-column frame has no right halves to mend.
  @Test func eachWideCharacterEndsInItsLeftHalfsStyle() {
    var frame = Frame(width: 5, height: 1)
    frame.put("写真", x: 0, y: 0)
    var next: UInt8 = 0
    frame.restyle(x: 0, y: 0, width: 5, height: 1) {
      next += 1
      $0 = Style(foreground: .indexed(next))
    }
    #expect(frame[1, 0].style == frame[0, 0].style && frame[3, 0].style == frame[2, 0].style)
    #expect(frame[0, 0].style != frame[2, 0].style)

    var narrow = Frame(text: "a")
    narrow.restyle(x: 0, y: 0, width: 1, height: 1) { $0 = Self.marked }
    #expect(narrow[0, 0].style == Self.marked)
  }

  /// A one-column fill at the left edge over a wide character left its right half
  /// behind, which the screen kept showing.
  @Test func aFillAtTheLeftEdgeMendsTheCharacterItCuts() {
    var frame = Frame(width: 4, height: 2)
    frame.put("写", x: 0, y: 0)
    frame.put("写", x: 0, y: 1)
    frame.fill(x: -2, y: 0, width: 3, height: 2, with: Cell("…"))
    for row in 0..<2 {
      #expect(frame[0, row].character == "…" && frame[1, row].character == " ")
    }
    var writer = ANSIWriter(mode: .ansi16)
    var screen = ScreenModel(width: 4, height: 2)
    var before = Frame(width: 4, height: 2)
    before.put("写", x: 0, y: 0)
    before.put("写", x: 0, y: 1)
    screen.apply(writer.update(.fullRedraw(of: before)))
    screen.apply(writer.update(FrameDiff(from: before, to: frame)))
    #expect(screen.errors.isEmpty)
    #expect(screen.frame.firstDifference(from: frame) == nil)
  }
}

import Testing

@testable import TerminalKit

@Suite struct FrameDrawingTests {
  @Test func putClipsWithEllipsisByDisplayWidth() {
    var frame = Frame(width: 12, height: 3)
    #expect(frame.put("Hello, world!", x: 0, y: 0, maxWidth: 8) == 8)
    frame.put("写真写真写真", x: 0, y: 1, maxWidth: 6)
    frame.put("写真写真", x: 0, y: 2, maxWidth: 6, truncation: .clip)
    #expect(frame.text == "Hello, …    \n写真 …      \n写真写      ")
  }

  @Test func wideCharacterAtTheRightEdgeBecomesSpace() {
    var frame = Frame(width: 5, height: 1)
    frame.put("ab写", x: 3, y: 0, truncation: .clip)
    #expect(frame.text == "   ab")
    var other = Frame(width: 4, height: 1)
    other.put("a写", x: 2, y: 0, truncation: .clip)
    #expect(other.text == "  a ")
    #expect(!other[3, 0].isContinuation)
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var frame = Frame(width: 6, height: 1)
    frame.put("写真", x: 0, y: 0)
    frame.put("x", x: 1, y: 0)
    #expect(frame.text == " x真  ")
    frame.put("y", x: 2, y: 0)
    #expect(frame.text == " xy   ")
    #expect(frame.cells.allSatisfy { !$0.isContinuation })
  }

  @Test func roundedAndASCIIBoxes() {
    var frame = Frame(width: 6, height: 4)
    frame.drawBox(x: 0, y: 0, width: 6, height: 4)
    #expect(frame.text == "╭────╮\n│    │\n│    │\n╰────╯")
    var ascii = Frame(width: 4, height: 3)
    ascii.drawBox(x: 1, y: 1, width: 5, height: 5, border: .ascii)
    #expect(ascii.text == "    \n +--\n |  ")
  }

  @Test func fillIsClipped() {
    var frame = Frame(width: 4, height: 3)
    frame.fill(x: -1, y: 1, width: 3, height: 9, with: Cell("#"))
    #expect(frame.text == "    \n##  \n##  ")
  }

  @Test func blitCopiesWithClipping() {
    let source = Frame(text: "ab\ncd")
    var frame = Frame(width: 3, height: 3, fill: Cell("."))
    frame.blit(source, x: 2, y: 2)
    frame.blit(source, x: -1, y: -1)
    #expect(frame.text == "d..\n...\n..a")
  }

  @Test func blitCuttingAWideCharacterLeavesSpaces() {
    let source = Frame(text: "写真")
    var frame = Frame(width: 3, height: 1, fill: Cell("."))
    frame.blit(source, x: -1, y: 0)
    #expect(frame.text == " 真")
    frame.blit(source, x: 2, y: 0)
    #expect(frame.text == "   ")
    #expect(frame.cells.last?.character == " ")
  }

  @Test func styleMaskNamesStylesInOrder() {
    var frame = Frame(width: 4, height: 2)
    let red = Style(foreground: .red)
    let bold = Style(attributes: .bold)
    frame.put("ab", x: 1, y: 0, style: red)
    frame.put("写", x: 0, y: 1, style: bold)
    let (mask, legend) = frame.styleMask()
    #expect(mask == ".AA.\nBB..")
    #expect(legend[red] == "A")
    #expect(legend[bold] == "B")
    #expect(frame.text == " ab \n写  ")
  }

  @Test func goldenTextRoundTrips() {
    let text = "╭─╮ 写\n│x│ é \n╰─╯   "
    #expect(Frame(text: text).text == text)
  }

  @Test func wideCharacterShiftedOverAnotherLeavesNoDanglingHalf() {
    var frame = Frame(width: 4, height: 1)
    frame.put("真", x: 1, y: 0)
    // 写 takes columns 0–1, so 真's right half in column 2 must not survive.
    frame.put("写", x: 0, y: 0)
    #expect(!frame[2, 0].isContinuation)
    // Writing there must not blank 写's own right half.
    frame.put("b", x: 2, y: 0)
    #expect(frame.text == "写b ")
    #expect(frame[1, 0].isContinuation)
  }
}

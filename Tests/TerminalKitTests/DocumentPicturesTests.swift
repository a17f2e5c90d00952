import TestSupport
import Testing

@testable import TerminalKit

/// `--print`'s document with pictures in pixels: drawn where they lie with relative
/// moves only, their cells stepped over.
@Suite struct DocumentPicturesTests {
  static func image(_ format: TerminalImage.Format, columns: Int, rows: Int) -> TerminalImage {
    TerminalImage(
      id: 42, format: format, columns: columns, rows: rows, pixelWidth: columns * 8,
      pixelHeight: rows * 16, payload: Array("<picture>".utf8))
  }

  @Test func aSixelIsDrawnAtItsCellAfterMakingRoom() {
    var frame = Frame(width: 10, height: 4)
    frame.put("ab", x: 0, y: 1)
    frame.place(Self.image(.sixel, columns: 3, rows: 2), x: 4, y: 1)
    frame.put("z", x: 9, y: 2)
    var writer = ANSIWriter(mode: .truecolor)
    let text = String(decoding: writer.document(frame), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "          ", "row 0 is plain text")
    // Row 1: room for two rows and the cursor after a sixel, back up, the picture at
    // column 5 between a cursor save and restore, then the row's text around it.
    #expect(
      text.contains("\n\n\u{1B}[2A\u{1B}7\u{1B}[5G<picture>\u{1B}8ab  \u{1B}[3C   \n"),
      "\(text.debugDescription)")
    #expect(text.contains("    \u{1B}[3C  z\n"), "row 2 steps over the picture")
    #expect(!text.contains("\u{1B}[H"), "no absolute moves")
  }

  @Test func kittyIsTransmittedAndPlacedLeavingTheCursor() {
    var frame = Frame(width: 6, height: 2)
    frame.place(Self.image(.kitty, columns: 2, rows: 1), x: 0, y: 0)
    var writer = ANSIWriter(mode: .truecolor)
    let text = String(decoding: writer.document(frame), as: UTF8.self)
    #expect(text.contains("<picture>\u{1B}_Ga=p,q=2,C=1,i=42"))
    #expect(text.hasSuffix("\u{1B}8\u{1B}[2C    \n      \n"))
  }

  @Test func aDocumentWithoutPicturesIsUnchanged() {
    var frame = Frame(width: 3, height: 2)
    frame.put("hi", x: 0, y: 0, style: Style(foreground: .red))
    var writer = ANSIWriter(mode: .indexed256)
    #expect(
      String(decoding: writer.document(frame), as: UTF8.self) == "\u{1B}[31mhi\u{1B}[39m \n   \n")
  }
}

import Gallery
import Testing

@testable import GalleryRuntime

/// The line `gallery --index` redraws, and the one it ends with.
@Suite struct IndexProgressBarTests {
  @Test func theBarFillsInEighthsWithTheCountsAndTheRate() {
    let bar = IndexProgressBar(done: 12_400, total: 48_000, rate: 1830, width: 80, unicode: true)
    // 12,400 of 48,000 is 0.2583 of 20 cells: 41 eighths, five cells and one eighth.
    #expect(
      bar.line
        == "indexing ▕█████▏" + String(repeating: " ", count: 14) + "▏ 12,400 of 48,000 · 1,830/s")
    #expect(bar.drawing == "\r" + bar.line + "\u{1B}[K")
    #expect(IndexProgressBar.wiping == "\r\u{1B}[K")
  }

  @Test func aHalfCellIsAHalfBlockAndTheWholeIsFull() {
    let half = IndexProgressBar(done: 11, total: 40, rate: nil, width: 80, unicode: true)
    // 11 of 40 is 44 eighths of 20 cells: five full and a half.
    #expect(half.line == "indexing ▕█████▌" + String(repeating: " ", count: 14) + "▏ 11 of 40")
    let whole = IndexProgressBar(done: 40, total: 40, rate: nil, width: 80, unicode: true)
    #expect(whole.line == "indexing ▕" + String(repeating: "█", count: 20) + "▏ 40 of 40")
  }

  @Test func theDuplicateFindersBarSaysWhatItDoes() {
    let bar = IndexProgressBar(
      done: 20, total: 40, rate: nil, width: 80, unicode: true, label: "comparing")
    #expect(
      bar.line == "comparing ▕" + String(repeating: "█", count: 10)
        + String(repeating: " ", count: 10) + "▏ 20 of 40")
  }

  @Test func withoutUTF8TheBarIsASCII() {
    let bar = IndexProgressBar(done: 5, total: 10, rate: 12, width: 80, unicode: false)
    #expect(
      bar.line == "indexing [" + String(repeating: "#", count: 10)
        + String(repeating: " ", count: 10) + "] 5 of 10 - 12/s")
  }

  @Test func aNarrowTerminalShrinksTheBarThenDropsIt() {
    let narrow = IndexProgressBar(done: 1, total: 2, rate: nil, width: 30, unicode: true)
    #expect(narrow.line.count <= 29)
    #expect(narrow.line.hasPrefix("indexing ▕"))
    let tiny = IndexProgressBar(done: 1, total: 2, rate: nil, width: 16, unicode: true)
    #expect(tiny.line == "indexing 1 of 2")
    #expect(!tiny.line.contains("▕"))
  }

  @Test func theSummaryGroupsThousandsWhateverTheLocale() {
    let summary = IndexSummary(
      pictures: 48_120, folders: 3, read: 1204, known: 46_916, broken: 3, gone: 12)
    #expect(
      summary.line
        == "indexed 48,120 pictures in 3 folders: 1,204 read, 46,916 already known, "
        + "3 broken, 12 gone")
    let one = IndexSummary(pictures: 1, folders: 1, read: 1, known: 0, broken: 0, gone: 0)
    #expect(one.line == "indexed 1 picture in 1 folder: 1 read, 0 already known, 0 broken, 0 gone")
    #expect(CountText.grouped(1_234_567) == "1,234,567")
    #expect(CountText.grouped(999) == "999")
  }
}

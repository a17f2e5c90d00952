import TestSupport
import Testing

@testable import TerminalKit

@Suite struct FrameDiffTests {
  @Test func identicalFramesHaveNoRuns() {
    let frame = Frame(text: "hello\nworld")
    #expect(FrameDiff(from: frame, to: frame).isEmpty)
  }

  @Test func runsAreMaximalAndOnlyCoverChanges() {
    let old = Frame(text: "abcdefgh\nabcdefgh")
    let new = Frame(text: "aXYdeZgh\nabcdefgh")
    let diff = FrameDiff(from: old, to: new)
    #expect(diff.runs.map(\.x) == [1, 5])
    #expect(diff.runs.map { $0.cells.compactMap(\.character) } == [["X", "Y"], ["Z"]])
    #expect(!diff.isFullRedraw)
  }

  @Test func randomEditsGiveMinimalRuns() {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<50 {
      let old = Frame(width: 30, height: 5, fill: Cell("."))
      var new = old
      for _ in 0..<Int(generator.next() % 20) {
        let x = Int(generator.next() % 30)
        let y = Int(generator.next() % 5)
        new[x, y] = Cell("#")
      }
      let diff = FrameDiff(from: old, to: new)
      var applied = old
      var covered = 0
      for run in diff.runs {
        for (offset, cell) in run.cells.enumerated() {
          #expect(old[run.x + offset, run.y] != cell, "a run covers an unchanged cell")
          applied[run.x + offset, run.y] = cell
          covered += 1
        }
      }
      #expect(applied == new)
      let changed = zip(old.cells, new.cells).filter { $0 != $1 }.count
      #expect(covered == changed)
      // Runs never touch: two adjacent runs on a row would be one.
      for (a, b) in zip(diff.runs, diff.runs.dropFirst()) where a.y == b.y {
        #expect(a.x + a.cells.count < b.x)
      }
    }
  }

  @Test func runsKeepWideCharactersWhole() {
    let old = Frame(text: "写真ab")
    var new = old
    new[1, 0] = Cell.continuation(style: Style(foreground: .red))
    let diff = FrameDiff(from: old, to: new)
    #expect(diff.runs.count == 1)
    #expect(diff.runs.first?.x == 0)
    #expect(diff.runs.first?.cells.count == 2)
  }

  @Test func sizeChangeRedrawsEverything() {
    let diff = FrameDiff(from: Frame(width: 3, height: 2), to: Frame(width: 4, height: 2))
    #expect(diff.isFullRedraw)
    #expect(diff.runs.count == 2)
    #expect(diff.changedCellCount == 8)
  }
}

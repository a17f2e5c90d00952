import CompositionalLayout
import Testing

@testable import Gallery

/// The survey's panes: the grid that shows the candidates largest at every size class,
/// panes that never overlap nor leave the screen, the last row centred, and the
/// neighbours the arrows go to.
@Suite struct SurveyLayoutTests {
  /// Screens of each size class: compact and regular widths and heights, a tall one.
  static let screens = [
    CellSize(width: 60, height: 20), CellSize(width: 80, height: 24),
    CellSize(width: 100, height: 30), CellSize(width: 160, height: 50),
    CellSize(width: 200, height: 60), CellSize(width: 80, height: 60),
    CellSize(width: 250, height: 30),
  ]

  @Test(arguments: screens)
  func panesFitTheScreenApartFromEachOther(screen: CellSize) {
    for count in 1...Survey.maximum {
      for histogram in [false, true] {
        let layout = SurveyLayout(screen: screen, count: count, showsHistogram: histogram)
        #expect(layout.panes.count == count, "\(screen) \(count)")
        #expect(layout.columns * layout.rows >= count)
        #expect((layout.rows - 1) * layout.columns < count, "no empty row")
        let area = CellRect(x: 0, y: 0, width: screen.width, height: screen.height - 1)
        for (index, pane) in layout.panes.enumerated() {
          #expect(pane.minX >= 0 && pane.maxX <= area.maxX && pane.minY >= 0)
          #expect(pane.maxY <= area.maxY, "the status line stays free")
          for other in layout.panes[(index + 1)...] { #expect(!pane.intersects(other)) }
          if let picture = layout.pictureRect(index), let ring = layout.ringRect(index) {
            #expect(ring.contains(picture))
            #expect(picture.maxY < pane.maxY, "the caption is under the picture")
            if let histogram = layout.histogramRect(index) {
              #expect(histogram.minY >= ring.maxY && histogram.maxY <= pane.maxY - 1)
            }
          }
        }
      }
    }
  }

  @Test func twoSideBySideOnAWideScreenOneAboveTheOtherOnATallOne() {
    let wide = SurveyLayout(screen: CellSize(width: 160, height: 50), count: 2)
    #expect(wide.columns == 2 && wide.rows == 1)
    let tall = SurveyLayout(screen: CellSize(width: 80, height: 70), count: 2)
    #expect(tall.columns == 1 && tall.rows == 2)
  }

  @Test func threeAndFourInTwoByTwoOnTheUsualTerminals() {
    for screen in [CellSize(width: 100, height: 30), CellSize(width: 160, height: 50)] {
      for count in [3, 4] {
        let layout = SurveyLayout(screen: screen, count: count)
        #expect(layout.columns == 2 && layout.rows == 2, "\(screen) \(count)")
      }
    }
    let eight = SurveyLayout(screen: CellSize(width: 200, height: 60), count: 8)
    #expect(eight.columns == 4 && eight.rows == 2)
  }

  @Test func aShorterLastRowIsCentred() {
    let layout = SurveyLayout(screen: CellSize(width: 160, height: 50), count: 3)
    let top = layout.panes[0]
    let last = layout.panes[2]
    #expect(last.minY > top.minY)
    #expect(last.width == top.width)
    #expect(abs((last.minX + last.maxX) - 160) <= 1, "centred")
  }

  @Test func panesGrowAndReflowWithTheScreen() {
    let small = SurveyLayout(screen: CellSize(width: 80, height: 24), count: 4)
    let large = SurveyLayout(screen: CellSize(width: 200, height: 60), count: 4)
    #expect((large.pictureBox(0)?.columns ?? 0) > (small.pictureBox(0)?.columns ?? 0))
    // A panorama's shape puts them one above the other.
    let panoramas = SurveyLayout(screen: CellSize(width: 160, height: 50), count: 2, aspect: 4)
    #expect(panoramas.columns == 1 && panoramas.rows == 2)
  }

  @Test func theArrowsGoToTheNearestPaneThatWay() {
    let layout = SurveyLayout(screen: CellSize(width: 160, height: 50), count: 4)
    #expect(layout.neighbour(of: 0, dx: 1, dy: 0) == 1)
    #expect(layout.neighbour(of: 0, dx: 0, dy: 1) == 2)
    #expect(layout.neighbour(of: 3, dx: -1, dy: 0) == 2)
    #expect(layout.neighbour(of: 3, dx: 0, dy: -1) == 1)
    #expect(layout.neighbour(of: 0, dx: -1, dy: 0) == nil, "the edge")
    #expect(layout.pane(atX: 150, y: 40) == 3)
    #expect(layout.pane(atX: 0, y: 49) == nil, "the status line")
  }

  @Test func aScreenTooSmallForAPictureGivesNoBox() {
    let layout = SurveyLayout(screen: CellSize(width: 8, height: 5), count: 8)
    for index in layout.panes.indices { _ = layout.pictureRect(index) }
    let none = SurveyLayout(screen: CellSize(width: 0, height: 0), count: 4)
    #expect(none.panes.isEmpty)
    #expect(none.pictureBox(0) == nil)
  }
}

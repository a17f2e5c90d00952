import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// What the survey and the detail view measure and show: each picture measured once
/// (over where the camera focused), the histogram and the figures drawn, the clipped
/// areas asked painted, and zooming in starting at the camera's focus point.
@Suite struct SurveyAnalysisTests {
  static let office = SurveyStateTests.office

  /// An analysis of a picture with `sharpness`, a tenth of its pixels clipped white.
  static func analysis(sharpness: Double, source: ToneHistogram.Source = .decoded)
    -> PictureAnalysis
  {
    var bins = [UInt32](repeating: 0, count: 256)
    bins[128] = 900
    bins[255] = 100
    let histogram = ToneHistogram(
      luminance: bins, red: bins, green: bins, blue: bins, source: source)
    return PictureAnalysis(
      histogram: histogram,
      clipping: Clipping(highlightPixels: 100, shadowPixels: 0, pixelCount: 1000),
      sharpness: Sharpness(value: sharpness, side: 1024))
  }

  static func asked(_ commands: [AppCommand]) -> [AnalysisWant] {
    commands.flatMap { command -> [AnalysisWant] in
      if case .analyze(let wants) = command { return wants }
      return []
    }
  }

  @Test func theSurveyMeasuresEachCandidateOnceTheFocusedFirst() {
    var state = AppFixture.state(width: 160, height: 50)
    AppFixture.press([.right], &state)
    let commands = AppFixture.press([.character("N")], &state)
    let wants = Self.asked(commands)
    #expect(wants.map(\.path) == Array(Self.office[1..<5]))
    // Nothing asked again while they are on their way, nor once they came.
    #expect(Self.asked(AppFixture.press([.right], &state)).isEmpty)
    _ = state.update(
      .pictureAnalyzed(path: Self.office[1], outcome: .measured(Self.analysis(sharpness: 80))))
    #expect(Self.asked(AppFixture.press([.left], &state)).isEmpty)
  }

  @Test func theCaptionsGiveSharpnessAndTheSharpestIsSaid() {
    var state = SurveyStateTests.survey()
    for (index, sharpness) in [120.0, 480, 95, 300].enumerated() {
      _ = state.update(
        .pictureAnalyzed(
          path: Self.office[index], outcome: .measured(Self.analysis(sharpness: sharpness))))
    }
    let text = GalleryView.render(state).text
    #expect(text.contains("sharpness 120") && text.contains("sharpest 480"))
    #expect(!text.contains("▲"), "clipping only with the histogram")
    AppFixture.press([.character("H")], &state)
    let shown = GalleryView.render(state).text
    #expect(shown.contains("▲ 10 %  ▼ 0 %"))
    #expect(shown.contains("█"), "the histogram's bars")
  }

  @Test func theDetailViewMeasuresItsPictureAndGivesItsTones() {
    var state = AppFixture.state(width: 120, height: 40)
    // Flipping through asks for nothing; staying on a picture does.
    #expect(Self.asked(AppFixture.press([.enter, .right, .left], &state)).isEmpty)
    let commands = state.update(.timerFired(.idle))
    #expect(Self.asked(commands).map(\.path) == [Self.office[0]])
    _ = state.update(
      .pictureAnalyzed(
        path: Self.office[0], outcome: .measured(Self.analysis(sharpness: 412, source: .sensor))))
    let text = GalleryView.render(state).text
    #expect(
      text.contains(
        "tones  raw data · 10 % highlights clipped · 0 % shadows clipped · sharpness 412"))
    // The histogram takes rows from the picture, between it and the details.
    let before = state.detailLayout.artRect.height
    AppFixture.press([.character("H")], &state)
    #expect(state.detailLayout.artRect.height < before)
    #expect(state.detailLayout.histogramRect != nil)
  }

  @Test func aFailedMeasureIsNotAskedAgainAndShowsNoFigures() {
    var state = AppFixture.state(width: 120, height: 40)
    AppFixture.press([.enter, .character("H")], &state)
    #expect(GalleryView.render(state).text.contains("measuring…"))
    _ = state.update(
      .pictureAnalyzed(
        path: Self.office[0],
        outcome: .failed(.unreadable(path: Self.office[0], reason: "truncated"))))
    #expect(Self.asked(AppFixture.press([.character("H"), .character("H")], &state)).isEmpty)
    let text = GalleryView.render(state).text
    #expect(!text.contains("tones") && text.contains("no histogram"))
  }

  @Test func clippingAsksForPaintedPicturesInTheSurveyAndTheDetailView() {
    var state = SurveyStateTests.survey()
    #expect(state.loading.wanted.allSatisfy { !$0.paintsClipping })
    AppFixture.press([.character("J")], &state)
    let panes = state.loading.wanted.filter { $0.priority >= .focused }
    #expect(panes.count == 4 && panes.allSatisfy(\.paintsClipping))
    #expect(panes.allSatisfy { $0.pictureKey.painted })
    AppFixture.press([.enter], &state)
    #expect(state.loading.wanted.first { $0.priority == .detail }?.paintsClipping == true)
    AppFixture.press([.character("J")], &state)
    #expect(state.loading.wanted.allSatisfy { !$0.paintsClipping })
  }

  @Test func paintedCellArtIsKeptApartFromThePlainArt() {
    var shelf = ThumbnailShelf()
    let size = TileSize(columns: 4, rows: 2)
    let art = CellArt(
      size: size, fit: CellFit.fitting(width: 8, height: 4, in: size, cellAspect: 2),
      cells: Array(repeating: Cell("x"), count: 8))
    shelf.insert(.art(art, metadata: nil, isPartial: false), path: "/a.jpg", size: size)
    #expect(shelf.hasFinal(path: "/a.jpg", size: size))
    #expect(!shelf.hasFinal(path: "/a.jpg", size: size, painted: true))
    // The plain art stands in while the painted comes.
    #expect(shelf.bestResult(path: "/a.jpg", size: size, painted: true) != nil)
  }

  @Test func zoomingInStartsWhereTheCameraFocused() {
    var state = SurveyStateTests.survey()
    let point = FocusPoint(x: 0.7, y: 0.35)
    var details: [String: PictureDetails] = [:]
    for path in Self.office[0..<4] { details[path] = PictureDetails(focusPoint: point) }
    _ = state.update(.detailsRead(PictureDetailsBatch(details)))
    // Four steps: the picture four times as large as fitted, wider than its pane.
    AppFixture.press(Array(repeating: .character("+"), count: 4), &state)
    let crop = state.loading.wanted.first { $0.priority == .detail }?.crop
    #expect(abs((crop?.centerX ?? 0) - 0.7) < 1e-9)
    #expect(abs((crop?.centerY ?? 0) - 0.35) < 1e-9)
    // Without a point, the centre.
    var plain = SurveyStateTests.survey()
    AppFixture.press([.character("+")], &plain)
    #expect(plain.loading.wanted.first { $0.priority == .detail }?.crop?.centerX == 0.5)
  }

  @Test func aHistogramWiderThanItsLevelsIsCentredNotACrash() {
    var state = AppFixture.state(width: 300, height: 40)
    AppFixture.press([.enter, .character("H")], &state)
    _ = state.update(
      .pictureAnalyzed(path: Self.office[0], outcome: .measured(Self.analysis(sharpness: 9))))
    let rows = GalleryView.render(state).text.split(separator: "\n")
    #expect(rows.contains { $0.contains("█") })
  }

  @Test func thePlainPictureStaysWhileThePaintedComes() {
    var shelf = PictureShelf()
    let want = ThumbnailWant(
      path: "/a.jpg", size: TileSize(columns: 4, rows: 2), priority: .detail, enlarges: true)
    shelf.insert(.failed(.empty), for: want.pictureKey)
    var painted = want
    painted.paintsClipping = true
    shelf.prune(keeping: [painted])
    #expect(shelf.contains(want.pictureKey), "the plain twin kept")
  }

  @Test func histogramHeightsScaleToTheTallestInnerColumn() {
    let heights = HistogramView.heights([5000, 10, 20, 40, 3000], rows: 2)
    #expect(heights == [16, 4, 8, 16, 16])
    #expect(HistogramView.percent(0) == "0 %")
    #expect(HistogramView.percent(0.0004) == "< 0.1 %")
    #expect(HistogramView.percent(0.1234) == "12.3 %")
  }
}

/// The order by sharpness: the pictures measured a few at a time in the order shown, and
/// arranged as their figures come, the least sharp first.
@Suite struct SharpnessOrderTests {
  static let office = SurveyStateTests.office

  @Test func sIsOrderedBySharpnessAsThePicturesAreMeasured() {
    var state = AppFixture.state(width: 160, height: 50)
    var commands: [AppCommand] = []
    for _ in 0..<5 { commands = AppFixture.press([.character("s")], &state) }
    #expect(state.order.key == .sharpness)
    var asked = SurveyAnalysisTests.asked(commands).map(\.path)
    #expect(asked == Array(Self.office[0..<GalleryState.sharpnessBatch]))
    // The Office pictures measured, the later ones less sharp; each figure that comes
    // makes room for the next picture, in the order shown.
    var measured: [String] = []
    while measured.count < GalleryState.sharpnessArrangeEvery, !asked.isEmpty {
      let path = asked.removeFirst()
      let value = Double(1000 - measured.count)
      measured.append(path)
      let more = state.update(
        .pictureAnalyzed(
          path: path, outcome: .measured(SurveyAnalysisTests.analysis(sharpness: value))))
      asked += SurveyAnalysisTests.asked(more).map(\.path)
    }
    // The Office section's 15, then the Kitchen's first.
    #expect(Array(measured.prefix(15)) == Self.office)
    // Arranged once the figures came: the least sharp first.
    #expect(state.sections[0].pictures.map(\.path) == Self.office.reversed())
    #expect(state.loading.analyses[Self.office[0]] == nil, "only the figure is kept")
    // Reversed, the sharpest first.
    AppFixture.press([.character("S")], &state)
    #expect(state.sections[0].pictures.map(\.path) == Self.office)
  }

}

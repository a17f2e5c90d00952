import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// The survey through `update` alone: what `N` takes, moving between the panes, culling
/// there (a reject leaves), zooming every picture to the same spot or one alone, the next
/// set, the detail view and back, leaving with the focus kept, and what it asks decoding
/// for.
@Suite struct SurveyStateTests {
  static let office = (1...15).map { "/pictures/Office/office-\($0).jpg" }

  /// The showcase at `width × height` with the first Office picture focused, in a survey
  /// of it and the three after it, each 1600×1200 as its decode reported.
  static func survey(width: Int = 160, height: Int = 50) -> GalleryState {
    var state = AppFixture.state(width: width, height: height)
    AppFixture.press([.character("N")], &state)
    describe(&state, office[0..<8])
    return state
  }

  static func describe(_ state: inout GalleryState, _ paths: ArraySlice<String>) {
    let metadata = ImageMetadata(format: .jpeg, originalWidth: 1600, originalHeight: 1200)
    for path in paths {
      _ = state.update(
        .pictureDescribed(path: path, outcome: .ready(metadata: metadata, isPartial: false)))
    }
  }

  static func paneWants(_ state: GalleryState) -> [ThumbnailWant] {
    state.loading.wanted.filter { $0.priority >= .focused }
  }

  @Test func nSurveysTheFocusedPictureAndTheNextOnes() {
    let state = Self.survey()
    #expect(state.presentation.mode == .survey)
    #expect(state.survey?.paths == Array(Self.office[0..<4]))
    #expect(state.survey?.focused == 0)
    #expect(state.surveyLayout?.columns == 2 && state.surveyLayout?.rows == 2)
    let text = GalleryView.render(state).text
    #expect(text.contains("office-1.jpg") && text.contains("office-4.jpg"))
    #expect(!text.contains("office-5.jpg"))
    #expect(text.split(separator: "\n").last?.contains("survey 1 of 4") == true)
  }

  @Test func marksAreSurveyedInTheOrderShown() {
    var state = AppFixture.state(width: 160, height: 50)
    // Mark the third, the first and the tenth Office pictures.
    AppFixture.press([.right, .right, .character("m")], &state)
    AppFixture.press([.home, .character("m")], &state)
    for _ in 0..<9 { AppFixture.press([.right], &state) }
    AppFixture.press([.character("m"), .character("N")], &state)
    #expect(state.survey?.paths == [Self.office[0], Self.office[2], Self.office[9]])
    #expect(state.survey?.origin == .marked)
    #expect(state.surveyLayout?.count == 3)
    AppFixture.press([.pageDown], &state)
    #expect(state.survey?.paths.count == 3, "no other set for marks")
  }

  @Test func onePictureIsNoSurvey() {
    var state = AppFixture.state(width: 160, height: 50)
    AppFixture.press([.character("m"), .character("N")], &state)
    #expect(state.presentation.mode == .grid)
    #expect(state.survey == nil)
    #expect(GalleryView.render(state).text.contains("two pictures or more"))
  }

  @Test func arrowsAndTabMoveBetweenPanesAndTheFocusFollows() {
    var state = Self.survey()
    AppFixture.press([.right], &state)
    #expect(state.survey?.focused == 1)
    #expect(state.focus.flatMap { state.picture(at: $0) }?.path == Self.office[1])
    AppFixture.press([.down], &state)
    #expect(state.survey?.focused == 3)
    AppFixture.press([.character("h")], &state)
    #expect(state.survey?.focused == 2)
    AppFixture.press([.tab, .tab], &state)
    #expect(state.survey?.focused == 0, "Tab goes round")
    AppFixture.press([.backTab], &state)
    #expect(state.survey?.focused == 3)
  }

  @Test func cullingDecidesForTheFocusedPaneAloneAndARejectLeaves() {
    var state = AppFixture.state(width: 160, height: 50)
    AppFixture.press([.character("m"), .right, .character("m"), .right, .character("m")], &state)
    AppFixture.press([.character("N"), .right], &state)
    let commands = AppFixture.press([.character("3")], &state)
    #expect(state.decision(of: Self.office[1]).rating.stars == 3)
    #expect(state.decision(of: Self.office[0]).isUndecided, "not every marked one")
    #expect(commands.contains { if case .writeDecisions = $0 { true } else { false } })
    AppFixture.press([.character("X")], &state)
    #expect(state.decision(of: Self.office[1]).flag == .rejected)
    #expect(state.survey?.paths == [Self.office[0], Self.office[2]])
    #expect(state.survey?.focused == 1, "the pane in its place")
    #expect(state.surveyLayout?.count == 2)
    // Rejecting the last two ends the survey, back in the grid.
    AppFixture.press([.character("X"), .character("X")], &state)
    #expect(state.survey == nil)
    #expect(state.presentation.mode == .grid)
  }

  @Test func theDetailViewOpenedFromAMarkedSurveyDecidesForItsPictureAlone() {
    var state = AppFixture.state(width: 160, height: 50)
    AppFixture.press([.character("m"), .right, .character("m"), .right, .character("m")], &state)
    AppFixture.press([.character("N"), .right, .enter, .character("X")], &state)
    #expect(state.presentation.mode == .detail)
    #expect(state.decision(of: Self.office[1]).flag == .rejected)
    #expect(state.decision(of: Self.office[0]).isUndecided)
    #expect(state.decision(of: Self.office[2]).isUndecided)
  }

  @Test func theLastCandidateGoneUnderTheHelpLeavesForTheGrid() {
    var state = AppFixture.state(width: 160, height: 50)
    AppFixture.press([.character("m"), .right, .character("m"), .character("N")], &state)
    AppFixture.press([.character("?")], &state)
    var changes = FolderChanges(ordering: SectionOrdering(roots: []))
    changes.removed = [Self.office[0], Self.office[1]]
    _ = state.update(.foldersChanged(changes))
    #expect(state.survey == nil)
    AppFixture.press([.character("?")], &state)
    #expect(state.presentation.mode == .grid)
  }

  @Test func undoOfARejectBringsThePictureBackToItsPane() {
    var state = Self.survey()
    AppFixture.press([.right, .character("X")], &state)
    #expect(state.survey?.paths == [Self.office[0], Self.office[2], Self.office[3]])
    AppFixture.press([.character("U")], &state)
    #expect(state.decision(of: Self.office[1]).isUndecided)
    #expect(state.survey?.paths == Array(Self.office[0..<4]))
    #expect(state.survey?.focused == 1)
    #expect(state.focus.flatMap { state.picture(at: $0) }?.path == Self.office[1])
  }

  @Test func undoTakesADecisionBackInTheSurvey() {
    var state = Self.survey()
    AppFixture.press([.character("P")], &state)
    #expect(state.decision(of: Self.office[0]).flag == .picked)
    AppFixture.press([.character("U")], &state)
    #expect(state.decision(of: Self.office[0]).isUndecided)
  }

  @Test func actionsOnFilesWaitUntilTheSurveyIsLeft() {
    var state = Self.survey()
    let commands = AppFixture.press([.character("d")], &state)
    #expect(!commands.contains { if case .act = $0 { true } else { false } })
    #expect(GalleryView.render(state).text.contains("Esc leaves it first"))
  }

  @Test func zoomActsOnEveryPaneAtTheSameSpot() {
    var state = Self.survey()
    AppFixture.press([.character("+"), .character("+")], &state)
    let wants = Self.paneWants(state)
    #expect(wants.count == 4)
    #expect(wants.allSatisfy { $0.crop != nil && $0.enlarges })
    #expect(Set(wants.map(\.crop)).count == 1, "the same part of each")
    // Panning moves them all.
    AppFixture.press([.right, .right], &state)
    let panned = Self.paneWants(state)
    #expect(Set(panned.map(\.crop)).count == 1)
    #expect((panned.first?.crop?.centerX ?? 0) > 0.5)
    #expect(state.survey?.focused == 0, "arrows pan while zoomed")
    // Tab still moves between the panes; W fits them all again.
    AppFixture.press([.tab], &state)
    #expect(state.survey?.focused == 1)
    AppFixture.press([.character("W")], &state)
    #expect(Self.paneWants(state).allSatisfy { $0.crop == nil })
  }

  @Test func lZoomsTheFocusedPaneAlone() {
    var state = Self.survey()
    AppFixture.press([.character("+")], &state)
    AppFixture.press([.character("L")], &state)
    #expect(state.survey?.isSynchronized == false)
    // Each keeps the shared zoom; now only the focused one changes.
    AppFixture.press([.character("+")], &state)
    let first = state.survey?.zoom(ofPane: 0).magnification ?? 0
    let second = state.survey?.zoom(ofPane: 1).magnification ?? 0
    #expect(first > second && second > 1)
    AppFixture.press([.tab, .character("W")], &state)
    #expect(state.survey?.zoom(ofPane: 1).isZoomed == false)
    #expect(state.survey?.zoom(ofPane: 0).isZoomed == true)
    // Pane 1 whole, pane 0 twice in, the other two at the zoom they kept.
    #expect(Set(Self.paneWants(state).map(\.crop)).count == 3)
    // Synchronized again, every pane takes the focused one's.
    AppFixture.press([.character("L")], &state)
    #expect(Self.paneWants(state).allSatisfy { $0.crop == nil })
  }

  @Test func actualSizeShowsOnePicturePixelToAPixel() {
    var state = Self.survey()
    AppFixture.press([.character("=")], &state)
    guard let box = state.surveyLayout?.pictureBox(0) else {
      Issue.record("no box")
      return
    }
    let fit = CellFit.fitting(width: 1600, height: 1200, in: box, cellAspect: 2)
    let magnification = state.survey?.focusedZoom.magnification ?? 0
    #expect(abs(magnification - 200 / Double(fit.columns)) < 1e-9)
  }

  @Test func pageDownShowsTheNextSetAndPageUpTheOneBefore() {
    var state = Self.survey()
    AppFixture.press([.pageDown], &state)
    #expect(state.survey?.paths == Array(Self.office[4..<8]))
    AppFixture.press([.pageUp], &state)
    #expect(state.survey?.paths == Array(Self.office[0..<4]))
    AppFixture.press([.pageUp], &state)
    #expect(state.survey?.paths == Array(Self.office[0..<4]), "nothing before the first")
  }

  @Test func theSetsPassOverRejectedPictures() {
    var state = AppFixture.state(width: 160, height: 50)
    // Reject the second and the sixth Office pictures.
    AppFixture.press(
      [.right, .character("X"), .right, .right, .right, .right, .character("X")], &state)
    AppFixture.press([.home, .character("N")], &state)
    #expect(
      state.survey?.paths == [Self.office[0], Self.office[2], Self.office[3], Self.office[4]])
    AppFixture.press([.pageDown], &state)
    #expect(
      state.survey?.paths == [Self.office[6], Self.office[7], Self.office[8], Self.office[9]])
    AppFixture.press([.pageUp], &state)
    #expect(
      state.survey?.paths == [Self.office[0], Self.office[2], Self.office[3], Self.office[4]])
  }

  @Test func theNextSetAndTheFocusedOneLargeAreDecodedAhead() {
    let state = Self.survey()
    let ahead = state.loading.wanted.filter { $0.priority == .nearby }.map(\.path)
    #expect(Set(ahead).isSuperset(of: Self.office[4..<8]))
    let large = state.loading.wanted.first {
      $0.path == Self.office[0] && $0.size == state.detailLayout.artBox
    }
    #expect(large != nil, "Enter finds the focused picture decoded")
  }

  @Test func enterOpensTheFocusedOneAloneAndEscComesBack() {
    var state = Self.survey()
    AppFixture.press([.right, .enter], &state)
    #expect(state.presentation.mode == .detail)
    #expect(state.focus.flatMap { state.picture(at: $0) }?.path == Self.office[1])
    AppFixture.press([.escape], &state)
    #expect(state.presentation.mode == .survey)
    #expect(state.survey?.focused == 1)
    // Esc again leaves, the focus kept on the picture focused in the survey.
    AppFixture.press([.escape], &state)
    #expect(state.presentation.mode == .grid)
    #expect(state.survey == nil)
    #expect(state.focus == ItemIndexPath(item: 1, section: 0))
  }

  @Test func aCandidateDeletedElsewhereLeaves() {
    var state = Self.survey()
    var changes = FolderChanges(ordering: SectionOrdering(roots: []))
    changes.removed = [Self.office[2]]
    _ = state.update(.foldersChanged(changes))
    #expect(state.survey?.paths == [Self.office[0], Self.office[1], Self.office[3]])
  }

  @Test func aResizeReflowsThePanes() {
    var state = Self.survey()
    let before = state.surveyLayout?.pictureBox(0)
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    let after = state.surveyLayout?.pictureBox(0)
    #expect(before != after)
    #expect(Self.paneWants(state).allSatisfy { $0.size == after || $0.priority == .detail })
    let text = GalleryView.render(state).text
    #expect(text.contains("office-1"))
  }

  @Test func histogramAndClippingToggleInTheSurveyAndTheDetailView() {
    var state = Self.survey()
    let withoutHistogram = state.surveyLayout?.pictureBox(0)
    AppFixture.press([.character("H")], &state)
    #expect(state.detail.showsHistogram)
    #expect(state.surveyLayout?.histogramRows(0) ?? 0 > 0)
    #expect(state.surveyLayout?.pictureBox(0) != withoutHistogram)
    AppFixture.press([.character("J")], &state)
    #expect(state.detail.showsClipping)
    AppFixture.press([.enter, .character("J")], &state)
    #expect(!state.detail.showsClipping, "the detail view shares them")
  }
}

import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// Culling through `update` alone: the keys give stars, flags and labels to the focused
/// picture or the marked ones (every file of a pair), ask the runtime to keep them, are
/// taken back by `U` in their turn among the actions on files, and move on with
/// auto-advance; the decisions read at start are taken as they are.
@Suite struct CullingStateTests {
  typealias Pairs = PairsTests

  static let office1 = "/pictures/Office/office-1.jpg"
  static let office2 = "/pictures/Office/office-2.jpg"
  static let office3 = "/pictures/Office/office-3.jpg"

  static func writes(_ commands: [AppCommand]) -> [FileDecision]? {
    for command in commands {
      if case .writeDecisions(let writes) = command { return writes }
    }
    return nil
  }

  static func focusedPath(_ state: GalleryState) -> String? {
    state.focus.flatMap { state.picture(at: $0) }?.path
  }

  static func decision(stars: Int = 0, _ flag: CullingFlag = .none, _ labels: ColorLabels = [])
    -> CullingDecision
  {
    CullingDecision(rating: StarRating(clamping: stars), flag: flag, labels: labels)
  }

  @Test(arguments: [
    ("1", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5),
  ])
  func aDigitGivesThatManyStarsAndAsksForThemToBeKept(key: Character, stars: Int) {
    var state = AppFixture.state()
    let commands = AppFixture.press([.character(key)], &state)
    #expect(state.decision(of: Self.office1) == Self.decision(stars: stars))
    #expect(
      Self.writes(commands) == [
        FileDecision(path: Self.office1, decision: Self.decision(stars: stars))
      ])
    #expect(Self.focusedPath(state) == Self.office1, "auto-advance is off by default")
  }

  @Test func zeroTakesTheStarsOffAndKeepsTheFlag() {
    var state = AppFixture.state()
    AppFixture.press([.character("4"), .character("X")], &state)
    let commands = AppFixture.press([.character("0")], &state)
    #expect(state.decision(of: Self.office1) == Self.decision(.rejected))
    #expect(Self.writes(commands)?.first?.decision == Self.decision(.rejected))
  }

  @Test func theSameStarsAgainAskForNothing() {
    var state = AppFixture.state()
    AppFixture.press([.character("3")], &state)
    #expect(Self.writes(AppFixture.press([.character("3")], &state)) == nil)
  }

  @Test func xRejectsAndPPicksEachTakenBackByItsKeyAgain() {
    var state = AppFixture.state()
    AppFixture.press([.character("2"), .character("X")], &state)
    #expect(state.decision(of: Self.office1) == Self.decision(stars: 2, .rejected))
    AppFixture.press([.character("P")], &state)
    #expect(state.decision(of: Self.office1) == Self.decision(stars: 2, .picked))
    let commands = AppFixture.press([.character("P")], &state)
    #expect(state.decision(of: Self.office1) == Self.decision(stars: 2))
    #expect(Self.writes(commands)?.first?.decision == Self.decision(stars: 2))
  }

  @Test func unflagIsAnActionTheConfigurationCanBind() {
    var keys = KeyMap.standard
    keys.bind(.character("n"), to: KeyAction(named: "unflag"))
    keys.bind(.character("e"), to: KeyAction(named: "rate  3"))
    keys.bind(.character("b"), to: KeyAction(named: "label purple"))
    var state = GalleryState(
      library: AppFixture.library(), width: 10, height: 10, configuration: .init(keyMap: keys))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    AppFixture.press([.character("X"), .character("e"), .character("b")], &state)
    #expect(state.decision(of: Self.office1) == Self.decision(stars: 3, .rejected, .purple))
    AppFixture.press([.character("n")], &state)
    #expect(state.decision(of: Self.office1) == Self.decision(stars: 3, .none, [.purple]))
  }

  @Test func sixToNineToggleTheRedYellowGreenAndBlueLabels() {
    var state = AppFixture.state()
    AppFixture.press(["6", "7", "8", "9"].map { Key.character($0) }, &state)
    #expect(state.decision(of: Self.office1).labels == [.red, .yellow, .green, .blue])
    AppFixture.press([.character("7")], &state)
    #expect(state.decision(of: Self.office1).labels == [.red, .green, .blue])
    #expect(FileActionsStateTests.statusLine(state).contains("yellow label off"))
  }

  @Test func markedPicturesAreDecidedTogether() {
    var state = AppFixture.state()
    AppFixture.press([.character("m"), .right, .character("m"), .right], &state)
    let commands = AppFixture.press([.character("5")], &state)
    #expect(state.decision(of: Self.office1).rating.stars == 5)
    #expect(state.decision(of: Self.office2).rating.stars == 5)
    #expect(state.decision(of: Self.office3).isUndecided, "focused, but not marked")
    #expect(Self.writes(commands)?.map(\.path) == [Self.office1, Self.office2])
    #expect(FileActionsStateTests.statusLine(state).contains("5 stars on 2 pictures"))
    // A flag every marked picture has comes off them all; one some lack goes on all.
    AppFixture.press([.character("X")], &state)
    state.content.setDecisions([Self.office2: Self.decision(stars: 5)])
    AppFixture.press([.character("X")], &state)
    #expect(state.decision(of: Self.office1).flag == .rejected)
    #expect(state.decision(of: Self.office2).flag == .rejected)
    AppFixture.press([.character("X")], &state)
    #expect(state.decision(of: Self.office1).flag == .none)
  }

  @Test func aPairsDecisionGoesToEachOfItsFiles() {
    var state = Pairs.state()
    let commands = AppFixture.press([.character("4"), .character("8")], &state)
    let decided = Self.decision(stars: 4, .none, [.green])
    #expect(
      Self.writes(commands)
        == [
          FileDecision(path: Pairs.path("IMG_0001.JPG"), decision: decided),
          FileDecision(path: Pairs.path("IMG_0001.CR3"), decision: decided),
        ])
    #expect(state.content.decisions.decision(for: Pairs.path("IMG_0001.CR3")) == decided)
    // Shown apart, each file shows it.
    var apart = Pairs.state(pairs: false)
    apart.content.setDecisions(state.content.decisions.byPath)
    #expect(apart.decision(of: Pairs.path("IMG_0001.CR3")) == decided)
  }

  @Test func aPairShowsTheDecisionReadForAnyOfItsFiles() {
    var state = Pairs.state()
    _ = state.update(.decisionsRead([Pairs.path("IMG_0001.CR3"): Self.decision(stars: 2)]))
    #expect(state.decision(of: Pairs.path("IMG_0001.JPG")) == Self.decision(stars: 2))
    // The next decision goes to both files, from what the pair showed.
    let commands = AppFixture.press([.character("X")], &state)
    #expect(Self.writes(commands)?.count == 2)
    #expect(
      state.content.decisions.decision(for: Pairs.path("IMG_0001.JPG"))
        == Self.decision(stars: 2, .rejected))
  }

  @Test func decisionsReadAtStartAreTakenWithoutWritingOrUndo() {
    var state = AppFixture.state()
    let commands = state.update(
      .decisionsRead([Self.office1: Self.decision(stars: 5, .picked, .red)]))
    #expect(Self.writes(commands) == nil)
    #expect(state.decision(of: Self.office1) == Self.decision(stars: 5, .picked, .red))
    #expect(state.history.steps.isEmpty)
    let frame = GalleryView.render(state)
    #expect(frame.text.contains("★★★★★"), "\(frame.text)")
  }

  @Test func uTakesBackTheLastDecisionAndWritesWhatWasThere() {
    var state = AppFixture.state()
    AppFixture.press([.character("3"), .character("X")], &state)
    var commands = AppFixture.press([.character("U")], &state)
    #expect(state.decision(of: Self.office1) == Self.decision(stars: 3))
    #expect(
      Self.writes(commands) == [FileDecision(path: Self.office1, decision: Self.decision(stars: 3))]
    )
    #expect(!commands.contains(.act(.undo)))
    commands = AppFixture.press([.character("U")], &state)
    #expect(state.decision(of: Self.office1).isUndecided)
    #expect(Self.writes(commands) == [FileDecision(path: Self.office1, decision: .undecided)])
    // Nothing of culling left: the runtime's journal is asked.
    commands = AppFixture.press([.character("U")], &state)
    #expect(commands.contains(.act(.undo)))
  }

  @Test func uTakesBackDecisionsAndActionsOnFilesInTheOrderDone() {
    var state = AppFixture.state()
    AppFixture.press([.character("3")], &state)
    // A turn the runtime kept in its journal, after the stars.
    AppFixture.press([.character(">")], &state)
    var report = FileActionReport(
      changes: FolderChanges(ordering: SectionOrdering(roots: [])), summary: "turned")
    report.isUndoable = true
    _ = state.update(.acted(report))
    AppFixture.press([.character("X")], &state)
    #expect(Self.writes(AppFixture.press([.character("U")], &state)) != nil, "the reject")
    #expect(AppFixture.press([.character("U")], &state).contains(.act(.undo)), "the turn")
    _ = state.update(
      .acted(
        FileActionReport(
          changes: FolderChanges(ordering: SectionOrdering(roots: [])), summary: "turned back")))
    let commands = AppFixture.press([.character("U")], &state)
    #expect(!commands.contains(.act(.undo)), "the stars")
    #expect(state.decision(of: Self.office1).isUndecided)
  }

  /// A copy takes no name away: decisions go on while it runs, and the report that
  /// follows is matched to it, not to a later action that holds them.
  @Test func aCopyUnderWayHoldsNoDecisionUp() {
    var state = AppFixture.state()
    AppFixture.press([.character("c")], &state)
    _ = FileActionsStateTests.type("keep", &state)
    #expect(
      AppFixture.press([.enter], &state).contains { if case .act = $0 { true } else { false } })
    #expect(state.actionsUnderWay == 0)
    #expect(Self.writes(AppFixture.press([.character("4")], &state)) != nil)
    AppFixture.press([.character(">")], &state)
    #expect(state.actionsUnderWay == 1)
    let report = FileActionReport(
      changes: FolderChanges(ordering: SectionOrdering(roots: [])), summary: "copied")
    _ = state.update(.acted(report))
    #expect(state.actionsUnderWay == 1, "the copy's report, the turn still under way")
    _ = state.update(.acted(report))
    #expect(state.actionsUnderWay == 0)
  }

  /// Between an action on files asked and its report, a decision could name a file by a
  /// name the action takes away: none is made, nor undone, and the status line says so.
  @Test func nothingIsDecidedOrUndoneUntilTheActionOnFilesIsReported() {
    var state = AppFixture.state()
    AppFixture.press([.character("3")], &state)
    let turn = AppFixture.press([.character(">")], &state)
    #expect(turn.contains { if case .act = $0 { true } else { false } })
    #expect(state.actionsUnderWay == 1)
    #expect(Self.writes(AppFixture.press([.character("5")], &state)) == nil)
    #expect(state.message == .actionFailed(GalleryState.waitForFiles()))
    #expect(Self.writes(AppFixture.press([.character("U")], &state)) == nil)
    #expect(state.message == .actionFailed(GalleryState.waitForFiles(true)))
    #expect(state.decision(of: Self.office1) == Self.decision(stars: 3))
    _ = state.update(
      .acted(
        FileActionReport(
          changes: FolderChanges(ordering: SectionOrdering(roots: [])), summary: "turned")))
    #expect(state.actionsUnderWay == 0)
    #expect(Self.writes(AppFixture.press([.character("5")], &state)) != nil)
    #expect(state.decision(of: Self.office1) == Self.decision(stars: 5))
  }

  @Test func anActionTheJournalDidNotKeepTakesNoPlaceInUndo() {
    var state = AppFixture.state()
    AppFixture.press([.character("3")], &state)
    _ = state.update(
      .acted(
        FileActionReport(
          changes: FolderChanges(ordering: SectionOrdering(roots: [])), summary: "failed",
          isFailure: true)))
    #expect(Self.writes(AppFixture.press([.character("U")], &state)) != nil)
  }

  @Test func decisionsFollowARenamedFileAndUndoFindsItThere() {
    var state = AppFixture.state()
    AppFixture.press([.character("3"), .character("X")], &state)
    let renamed = "/pictures/Office/desk.jpg"
    var report = FileActionReport(
      changes: FolderChanges(ordering: SectionOrdering(roots: [])),
      renamed: [PathChange(from: Self.office1, to: renamed)], summary: "renamed")
    report.isUndoable = true
    _ = state.update(.acted(report))
    #expect(state.content.decisions.decision(for: renamed) == Self.decision(stars: 3, .rejected))
    #expect(state.content.decisions.decision(for: Self.office1).isUndecided)
    #expect(AppFixture.press([.character("U")], &state).contains(.act(.undo)), "the rename")
    _ = state.update(
      .acted(
        FileActionReport(
          changes: FolderChanges(ordering: SectionOrdering(roots: [])),
          renamed: [PathChange(from: renamed, to: Self.office1)], summary: "renamed back")))
    #expect(state.decision(of: Self.office1) == Self.decision(stars: 3, .rejected))
    let commands = AppFixture.press([.character("U")], &state)
    #expect(
      Self.writes(commands) == [FileDecision(path: Self.office1, decision: Self.decision(stars: 3))]
    )
  }

  @Test func autoAdvanceMovesToTheNextPictureAfterADecision() {
    var state = GalleryState(
      library: AppFixture.library(), width: 10, height: 10,
      configuration: .init(autoAdvance: true))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    AppFixture.press([.character("3")], &state)
    #expect(Self.focusedPath(state) == Self.office2)
    AppFixture.press([.character("X")], &state)
    #expect(Self.focusedPath(state) == Self.office3)
    #expect(state.decision(of: Self.office2).flag == .rejected)
    // In the detail view, the next picture shows.
    AppFixture.press([.enter, .character("6")], &state)
    #expect(state.presentation.mode == .detail)
    #expect(Self.focusedPath(state) == "/pictures/Office/office-4.jpg")
    // Marked pictures are decided where they are: the focus stays.
    AppFixture.press([.character("m"), .character("1")], &state)
    #expect(Self.focusedPath(state) == "/pictures/Office/office-4.jpg")
  }

  /// A pick on the last picture makes it a favourite, shown in the Favourites section
  /// after the folders: auto-advance stops at the last picture rather than going on into
  /// that section, which shows the same pictures again.
  @Test func autoAdvanceStopsAtTheLastPictureBeforeTheFavourites() throws {
    var state = GalleryState(
      library: AppFixture.library(), width: 10, height: 10,
      configuration: .init(autoAdvance: true))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    AppFixture.press([.character("P")], &state)
    let favorites = try #require(state.favoritesSectionIndex)
    let section = favorites - 1
    let last = ItemIndexPath(item: state.sections[section].pictures.count - 1, section: section)
    state.browsing.moveFocus(to: last)
    let lastPicture = Self.focusedPath(state)
    AppFixture.press([.character("P")], &state)
    #expect(Self.focusedPath(state) == lastPicture)
    #expect(state.focus?.section != state.favoritesSectionIndex)
  }

  @Test func cullingKeysWorkInTheListTheDetailViewAndTheTimeline() {
    var state = AppFixture.state()
    AppFixture.press([.character("v"), .right, .character("2")], &state)
    #expect(state.decision(of: Self.office2).rating.stars == 2)
    AppFixture.press([.character("v"), .enter, .character("P")], &state)
    #expect(state.presentation.mode == .detail)
    #expect(state.decision(of: Self.office2).flag == .picked)
    // The timeline: the pictures without a date, under their section.
    AppFixture.press([.escape, .character("t"), .character("7")], &state)
    #expect(state.grouping.isTimeline)
    #expect(state.decision(of: Self.office2).labels == [.yellow])
  }

  @Test func inTheDetailViewZeroTakesStarsOffAndWFits() {
    var state = AppFixture.state()
    AppFixture.press([.enter, .character("4"), .character("+")], &state)
    #expect(state.detail.zoom.isZoomed)
    AppFixture.press([.character("0")], &state)
    #expect(state.decision(of: Self.office1).isUndecided, "0 is culling's")
    #expect(state.detail.zoom.isZoomed, "0 no longer fits")
    AppFixture.press([.character("W")], &state)
    #expect(!state.detail.zoom.isZoomed)
  }

  @Test func noCullingKeyClashesWithAnotherAction() {
    let culling = KeyAction.allCases.filter(\.decides)
    for action in culling {
      for key in KeyMap.standard.keys(for: action) {
        #expect(KeyMap.standard.action(for: key) == action, "\(key)")
      }
    }
    #expect(KeyMap.standard.keys(for: .fit) == [.character("W")])
    // Every action has a name the configuration reads back.
    for action in KeyAction.allCases {
      #expect(KeyAction(named: action.name) == action)
    }
    #expect(KeyAction(named: "rate 6") == nil)
  }

  @Test func aDecisionOnNothingSaysSo() {
    var state = GalleryState(
      library: AppFixture.library(office: 0, kitchen: 0, macbook: 0), width: 10, height: 10,
      configuration: .init())
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    let commands = AppFixture.press([.character("3")], &state)
    #expect(Self.writes(commands) == nil)
    #expect(FileActionsStateTests.statusLine(state).contains("no picture to rate"))
  }
}

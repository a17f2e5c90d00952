import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// The actions on files through `update` alone: what each key asks the runtime for, the
/// prompts in the status line, and the runtime's reports applied at once (marks and
/// favourites following a renamed file, a question when names are taken).
@Suite struct FileActionsStateTests {
  static let office1 = "/pictures/Office/office-1.jpg"
  static let office2 = "/pictures/Office/office-2.jpg"

  static func type(_ text: String, _ state: inout GalleryState) -> [AppCommand] {
    AppFixture.press(text.map { Key.character($0) }, &state)
  }

  static func statusLine(_ state: GalleryState) -> String {
    String(GalleryView.render(state).text.split(separator: "\n").last ?? "")
  }

  static func report(
    removed: [String] = [], renamed: [PathChange] = [], summary: String = "done",
    conflict: NameConflict? = nil, folderUsed: String? = nil
  ) -> FileActionReport {
    var changes = FolderChanges(ordering: SectionOrdering(roots: []))
    changes.removed = Set(removed)
    return FileActionReport(
      changes: changes, renamed: renamed, summary: summary, conflict: conflict,
      folderUsed: folderUsed)
  }

  @Test func dTrashesTheFocusedPictureAtOnce() {
    var state = AppFixture.state()
    let commands = AppFixture.press([.character("d")], &state)
    #expect(commands.contains(.act(.trash([Self.office1]))))
    #expect(Self.statusLine(state).contains("moving to the Trash…"))
    #expect(AppFixture.press([.delete], &state).contains(.act(.trash([Self.office1]))))
  }

  @Test func theActionsWorkInTheDetailViewTheListAndTheTimelineButNotUnderTheHelp() {
    var detail = AppFixture.state()
    AppFixture.press([.enter], &detail)
    #expect(
      AppFixture.press([.character(">")], &detail).contains(.act(.turn([Self.office1], .right))))
    #expect(AppFixture.press([.character("d")], &detail).contains(.act(.trash([Self.office1]))))
    var list = AppFixture.state()
    AppFixture.press([.character("v"), .character("x")], &list)
    #expect(list.prompts.actionPrompt != nil)
    var timeline = AppFixture.state()
    AppFixture.press([.character("t")], &timeline)
    let trashed = AppFixture.press([.character("d")], &timeline)
    #expect(
      trashed.contains { if case .act(.trash(let paths)) = $0 { paths.count == 1 } else { false } })
    var help = AppFixture.state()
    AppFixture.press([.character("?")], &help)
    #expect(
      !AppFixture.press([.character("d")], &help).contains {
        if case .act = $0 { true } else { false }
      })
  }

  @Test func trashingMoreThanOnePictureAsksWithTheCount() {
    var state = AppFixture.state()
    AppFixture.press([.character("m"), .right, .character("m")], &state)
    #expect(AppFixture.press([.character("d")], &state).isEmpty)
    #expect(Self.statusLine(state).contains("move 2 pictures to the Trash? y yes, n no"))
    #expect(AppFixture.press([.character("n")], &state).isEmpty)
    #expect(!state.isPrompting)
    #expect(Self.statusLine(state).contains("nothing trashed"))
    AppFixture.press([.character("d")], &state)
    let commands = AppFixture.press([.character("y")], &state)
    #expect(commands.contains(.act(.trash([Self.office1, Self.office2]))))
  }

  @Test func aTrashReportTakesThePictureAwayAndMovesTheFocusOn() {
    var state = AppFixture.state()
    AppFixture.press([.character("d")], &state)
    _ = state.update(.acted(Self.report(removed: [Self.office1], summary: "office-1.jpg moved")))
    #expect(!state.content.holds(Self.office1))
    #expect(state.focus.flatMap { state.picture(at: $0) }?.path == Self.office2)
    #expect(Self.statusLine(state).contains("office-1.jpg moved"))
  }

  @Test func xAsksForAFolderAndEnterMovesThere() {
    var state = AppFixture.state()
    AppFixture.press([.character("x")], &state)
    #expect(state.isPrompting)
    #expect(Self.statusLine(state).contains("move office-1.jpg to: "))
    _ = Self.type("Albums", &state)
    let commands = AppFixture.press([.enter], &state)
    #expect(commands.contains(.act(.move([Self.office1], to: "Albums", conflicts: .ask))))
    #expect(!state.isPrompting)
  }

  @Test func cCopiesAndEscCancels() {
    var state = AppFixture.state()
    AppFixture.press([.character("c")], &state)
    _ = Self.type("keep", &state)
    #expect(AppFixture.press([.escape], &state).isEmpty)
    #expect(Self.statusLine(state).contains("nothing copied"))
    AppFixture.press([.character("c")], &state)
    _ = Self.type("keep", &state)
    let commands = AppFixture.press([.enter], &state)
    #expect(commands.contains(.act(.copy([Self.office1], to: "keep", conflicts: .ask))))
  }

  @Test func keysTypedIntoThePromptAreTextNotActions() {
    var state = AppFixture.state()
    AppFixture.press([.character("x")], &state)
    let commands = Self.type("dqm", &state)
    #expect(commands.isEmpty)
    #expect(state.prompts.actionPrompt?.text == "dqm")
    #expect(state.markCount == 0)
  }

  @Test func tabAsksForTheFoldersAndTakesOneOrTheirCommonStart() {
    var state = AppFixture.state()
    AppFixture.press([.character("x")], &state)
    _ = Self.type("Al", &state)
    let commands = AppFixture.press([.tab], &state)
    #expect(commands.contains(.completeFolder("Al", from: "/pictures/Office")))
    _ = state.update(.folderCompletions(text: "Al", candidates: ["Albums/"]))
    #expect(state.prompts.actionPrompt?.text == "Albums/")
    _ = state.update(
      .folderCompletions(text: "Albums/", candidates: ["Albums/2024-beach/", "Albums/2024-city/"]))
    #expect(state.prompts.actionPrompt?.text == "Albums/2024-")
    #expect(Self.statusLine(state).contains("2024-beach/  2024-city/"))
    // An answer for text typed over since is dropped.
    _ = state.update(.folderCompletions(text: "Else", candidates: ["Elsewhere/"]))
    #expect(state.prompts.actionPrompt?.text == "Albums/2024-")
  }

  @Test func upAndDownGoThroughTheFoldersUsedLastFirst() {
    var state = AppFixture.state()
    _ = state.update(.acted(Self.report(folderUsed: "/albums/one")))
    _ = state.update(.acted(Self.report(folderUsed: "/albums/two")))
    _ = state.update(.acted(Self.report(folderUsed: "/albums/one")))
    #expect(state.recentFolders == ["/albums/one", "/albums/two"])
    AppFixture.press([.character("x")], &state)
    _ = Self.type("typ", &state)
    AppFixture.press([.up], &state)
    #expect(state.prompts.actionPrompt?.text == "/albums/one")
    AppFixture.press([.up, .up], &state)
    #expect(state.prompts.actionPrompt?.text == "/albums/two", "the oldest stays")
    AppFixture.press([.down, .down], &state)
    #expect(state.prompts.actionPrompt?.text == "typ", "back to the text typed")
  }

  /// The folders used are kept for the next run, and those of an earlier run come first.
  @Test func theFoldersUsedAreSavedAndTheLoadedOnesOffered() {
    var state = AppFixture.state()
    _ = state.update(.recentFoldersLoaded(["/albums/old"]))
    let commands = state.update(.acted(Self.report(folderUsed: "/albums/new")))
    #expect(commands.contains(.saveRecentFolders(["/albums/new", "/albums/old"])))
    let none = state.update(.acted(Self.report()))
    #expect(!none.contains { if case .saveRecentFolders = $0 { true } else { false } })
    AppFixture.press([.character("c"), .up, .up], &state)
    #expect(state.prompts.actionPrompt?.text == "/albums/old")
  }

  @Test func rRenamesWithTheNameReadyToEdit() {
    var state = AppFixture.state()
    AppFixture.press([.character("r")], &state)
    #expect(state.prompts.actionPrompt?.text == "office-1.jpg")
    AppFixture.press([.control("u")], &state)
    _ = Self.type("desk.jpg", &state)
    let commands = AppFixture.press([.enter], &state)
    #expect(
      commands.contains(
        .act(.rename([PathChange(from: Self.office1, to: "/pictures/Office/desk.jpg")]))))
  }

  @Test func aNameWithoutAnExtensionKeepsTheOldOneAndTheMouseWaits() {
    var state = AppFixture.state()
    AppFixture.press([.character("r"), .control("u")], &state)
    _ = Self.type("desk", &state)
    _ = state.update(.mouse(MouseEvent(.click, x: 40, y: 12)))
    #expect(state.prompts.actionPrompt?.text == "desk")
    let commands = AppFixture.press([.enter], &state)
    #expect(
      commands.contains(
        .act(.rename([PathChange(from: Self.office1, to: "/pictures/Office/desk.jpg")]))))
  }

  @Test func ctrlWTakesBackAWordOfAFolder() {
    var state = AppFixture.state()
    AppFixture.press([.character("x")], &state)
    _ = Self.type("~/Albums/2025 summer", &state)
    AppFixture.press([.control("w")], &state)
    #expect(state.prompts.actionPrompt?.text == "~/Albums/2025 ")
    AppFixture.press([.control("w"), .control("w")], &state)
    #expect(state.prompts.actionPrompt?.text == "~/")
    AppFixture.press([.control("w"), .control("w")], &state)
    #expect(state.prompts.actionPrompt?.text == "")
  }

  @Test func aNameThatCannotNameAFileIsRefusedAndThePromptStays() {
    var state = AppFixture.state()
    AppFixture.press([.character("r"), .control("u")], &state)
    _ = Self.type("a/b.jpg", &state)
    #expect(AppFixture.press([.enter], &state).isEmpty)
    #expect(state.isPrompting)
    #expect(Self.statusLine(state).contains("a name cannot hold /"))
    AppFixture.press([.control("u")], &state)
    #expect(AppFixture.press([.enter], &state).isEmpty)
    #expect(Self.statusLine(state).contains("a name cannot be empty"))
    _ = Self.type("..", &state)
    #expect(AppFixture.press([.enter], &state).isEmpty)
    #expect(state.isPrompting)
  }

  @Test func aPairIsRenamedTogetherEachFileKeepingItsExtension() {
    let still = Picture(
      path: "/p/IMG_1.JPG", fileName: "IMG_1.JPG", byteSize: 1, modificationDate: nil,
      format: .jpeg)
    let raw = Picture(
      path: "/p/IMG_1.CR2", fileName: "IMG_1.CR2", byteSize: 1, modificationDate: nil,
      format: nil)
    let changes = GalleryState.renaming(still.paired(with: [raw]), to: "beach.jpg")
    #expect(
      changes == [
        PathChange(from: "/p/IMG_1.JPG", to: "/p/beach.jpg"),
        PathChange(from: "/p/IMG_1.CR2", to: "/p/beach.CR2"),
      ])
  }

  @Test func turnsAskForTheTurnOfTheFocusedOrMarkedPictures() {
    var state = AppFixture.state()
    let keys: [(Character, PictureTurn)] = [
      ("<", .left), (">", .right), ("|", .flipHorizontal), ("_", .flipVertical),
    ]
    for (key, turn) in keys {
      #expect(
        AppFixture.press([.character(key)], &state).contains(.act(.turn([Self.office1], turn))))
    }
    AppFixture.press([.enter], &state)
    #expect(
      AppFixture.press([.character(">")], &state).contains(.act(.turn([Self.office1], .right))),
      "in the detail view too")
  }

  @Test func uAsksForUndo() {
    var state = AppFixture.state()
    #expect(AppFixture.press([.character("U")], &state).contains(.act(.undo)))
  }

  @Test func marksAndFavouritesFollowARenamedFile() {
    var state = AppFixture.state()
    AppFixture.press([.character("m"), .character("f")], &state)
    let renamed = "/pictures/Office/desk.jpg"
    var changes = FolderChanges(ordering: SectionOrdering(roots: [ScanRoot(path: "/pictures")]))
    changes.removed = [Self.office1]
    let picture = Picture(
      path: renamed, fileName: "desk.jpg", byteSize: 1, modificationDate: nil, format: .jpeg)
    if let place = changes.ordering.place(ofFolder: "/pictures/Office") {
      changes.arrived = [FolderChanges.Arrival(picture: picture, place: place)]
    }
    let commands = state.update(
      .acted(
        FileActionReport(
          changes: changes, renamed: [PathChange(from: Self.office1, to: renamed)],
          summary: "renamed")))
    #expect(state.isMarked(renamed))
    #expect(!state.isMarked(Self.office1))
    #expect(state.isFavorite(renamed))
    #expect(state.content.favorites.paths == [renamed], "the pick follows its file")
    #expect(!commands.contains { if case .writeDecisions = $0 { true } else { false } })
    #expect(state.content.holds(renamed))
    // The focus follows its picture to the new name, which sorts after the others.
    #expect(state.focus.flatMap { state.picture(at: $0)?.path } == renamed)
  }

  @Test func namesTakenAskToSkipOrKeepBoth() {
    var state = AppFixture.state()
    let action = FileAction.move([Self.office1], to: "/albums", conflicts: .ask)
    let conflict = NameConflict(
      action: action, taken: PictureFiles(paths: [Self.office1]), folder: "/albums")
    _ = state.update(.acted(Self.report(summary: "a name is taken", conflict: conflict)))
    #expect(
      Self.statusLine(state).contains(
        "office-1.jpg has its name taken in /albums: s skip it, k keep both"),
      "\(Self.statusLine(state))")
    #expect(AppFixture.press([.character("x")], &state).isEmpty, "only s, k and Esc")
    let commands = AppFixture.press([.character("k")], &state)
    #expect(commands.contains(.act(.move([Self.office1], to: "/albums", conflicts: .keepBoth))))
    _ = state.update(.acted(Self.report(conflict: conflict)))
    #expect(
      AppFixture.press([.character("s")], &state).contains(
        .act(.move([Self.office1], to: "/albums", conflicts: .skip))))
  }

  @Test func aFailureShowsAsAWarningAndGoesAtTheNextKey() {
    var state = AppFixture.state()
    var report = Self.report(summary: "cannot move office-1.jpg: the disk is full")
    report.isFailure = true
    _ = state.update(.acted(report))
    #expect(state.message == .actionFailed("cannot move office-1.jpg: the disk is full"))
    AppFixture.press([.right], &state)
    #expect(state.message == nil)
  }

  @Test func aUserCommandRunsOnTheFocusedAndMarkedPictures() {
    var keyMap = KeyMap.standard
    let command = UserCommand(line: "exiftool %f", isDetached: false)
    keyMap.bind(.character("e"), to: command)
    var state = GalleryState(
      library: AppFixture.library(), width: 80, height: 24,
      configuration: .init(keyMap: keyMap))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    var commands = AppFixture.press([.character("e")], &state)
    #expect(commands.contains(.run(command, focused: Self.office1, marked: [Self.office1])))
    AppFixture.press([.right, .character("m"), .right, .character("m")], &state)
    commands = AppFixture.press([.character("e")], &state)
    let office3 = "/pictures/Office/office-3.jpg"
    #expect(commands.contains(.run(command, focused: office3, marked: [Self.office2, office3])))
    _ = state.update(.commandEnded(summary: "exiftool failed (exit status 1)", isFailure: true))
    #expect(Self.statusLine(state).contains("exiftool failed (exit status 1)"))
    // The help lists it.
    AppFixture.press([.character("?")], &state)
    AppFixture.press([.end], &state)
    #expect(OverlaySheet.lines(of: state).last?.second == "run exiftool %f")
  }

  @Test func ctrlXThenAKeyRunsTheKeyHandler() {
    var state = AppFixture.state()
    #expect(AppFixture.press([.control("x")], &state).isEmpty)
    #expect(Self.statusLine(state).contains("key handler on office-1.jpg: press a key"))
    let commands = AppFixture.press([.character("w")], &state)
    #expect(commands.contains(.runKeyHandler(key: "w", paths: [Self.office1])))
    AppFixture.press([.control("x")], &state)
    #expect(AppFixture.press([.escape], &state).isEmpty)
    #expect(!state.isPrompting)
  }

  @Test func fileNameRules() {
    #expect(FileName.problem(with: "ok.jpg") == nil)
    #expect(FileName.problem(with: "-leading dash.jpg") == nil)
    #expect(FileName.problem(with: "") != nil)
    #expect(FileName.problem(with: ".") != nil)
    #expect(FileName.problem(with: String(repeating: "a", count: 256)) != nil)
    #expect(FileName.stem(of: "IMG_1.JPG") == "IMG_1")
    #expect(FileName.stem(of: ".hidden") == ".hidden")
    #expect(FileName.suffix(of: "IMG_1.CR2") == ".CR2")
    #expect(FileName.suffix(of: "README") == "")
    #expect(GalleryState.commonStart(of: ["abc/", "abd/"]) == "ab")
  }
}

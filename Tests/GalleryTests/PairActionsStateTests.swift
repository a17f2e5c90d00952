import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// The actions on files where marks and pairs make what is acted on other than what is
/// seen: `d` asks unless it takes just the focused picture, every prompt and count names
/// a pair's files and counts pictures as shown, a question is not repeated by a message,
/// and a message about the Trash follows a file another program put back.
@Suite struct PairActionsStateTests {
  typealias Pairs = PairsTests

  static func statusLine(_ state: GalleryState) -> String {
    FileActionsStateTests.statusLine(state)
  }

  static func trashes(_ commands: [AppCommand]) -> Bool {
    commands.contains { if case .act(.trash) = $0 { true } else { false } }
  }

  @Test func dAsksWhenTheMarkedPictureIsNotTheFocusedOne() {
    var state = Pairs.state()
    // The Live Photo marked, the focus back on the RAW+JPEG pair.
    AppFixture.press([.right, .character("m"), .left], &state)
    #expect(!Self.trashes(AppFixture.press([.character("d")], &state)))
    #expect(
      Self.statusLine(state).contains("move IMG_0002 (HEIC + MOV) to the Trash? y yes, n no"),
      "\(Self.statusLine(state))")
    AppFixture.press([.character("n")], &state)
    #expect(Self.statusLine(state).contains("nothing trashed"))
    AppFixture.press([.character("d")], &state)
    let commands = AppFixture.press([.character("y")], &state)
    #expect(
      commands.contains(.act(.trash([Pairs.path("IMG_0002.HEIC"), Pairs.path("IMG_0002.MOV")]))))
  }

  @Test func dOnTheFocusedPictureAloneStaysImmediate() {
    var state = Pairs.state()
    let pair = [Pairs.path("IMG_0001.JPG"), Pairs.path("IMG_0001.CR3")]
    #expect(AppFixture.press([.character("d")], &state).contains(.act(.trash(pair))))
    // Marked and focused: the same picture, at once too.
    var marked = Pairs.state()
    AppFixture.press([.character("m")], &marked)
    #expect(AppFixture.press([.character("d")], &marked).contains(.act(.trash(pair))))
  }

  @Test func onlyOneFileOfTheFocusedPairMarkedAsks() {
    var state = Pairs.state()
    // As a run with the files apart left it: the raw alone marked.
    state.content.setMarked([Pairs.path("IMG_0001.CR3")], true)
    #expect(!Self.trashes(AppFixture.press([.character("d")], &state)))
    #expect(Self.statusLine(state).contains("move IMG_0001.CR3 to the Trash?"))
  }

  @Test func questionsCountPicturesAndTheirFiles() {
    var state = Pairs.state()
    AppFixture.press(
      [.character("m"), .right, .character("m"), .right, .character("m"), .left], &state)
    AppFixture.press([.character("d")], &state)
    #expect(
      Self.statusLine(state).contains(
        "move 3 pictures (5 files: 2 raw, 1 video) to the Trash? y yes, n no"),
      "\(Self.statusLine(state))")
    AppFixture.press([.escape, .character("x")], &state)
    #expect(Self.statusLine(state).contains("move 3 pictures (5 files: 2 raw, 1 video) to: "))
    AppFixture.press([.escape, .character("c")], &state)
    #expect(Self.statusLine(state).contains("copy 3 pictures (5 files: 2 raw, 1 video) to: "))
  }

  @Test func theMovePromptNamesThePairsFiles() {
    var state = Pairs.state()
    AppFixture.press([.character("x")], &state)
    #expect(
      Self.statusLine(state).contains("move IMG_0001 (JPG + CR3) to: "),
      "\(Self.statusLine(state))")
    AppFixture.press([.escape, .right, .character("c")], &state)
    #expect(Self.statusLine(state).contains("copy IMG_0002 (HEIC + MOV) to: "))
  }

  /// Pairs whose names are taken are counted as pictures, their files after, and named.
  @Test func theQuestionForNamesTakenCountsPictures() {
    var state = Pairs.state(width: 200)
    let pairs = (1...3).map { ["/card/IMG_410\($0).JPG", "/card/IMG_410\($0).DNG"] }
    let conflict = NameConflict(
      action: .copy(pairs.flatMap { $0 }, to: "/keep", conflicts: .ask),
      taken: PictureFiles(pictures: pairs), folder: "/keep")
    _ = state.update(
      .acted(FileActionsStateTests.report(summary: "names are taken", conflict: conflict)))
    let line = Self.statusLine(state)
    #expect(
      line.contains(
        "3 pictures (6 files: 3 raw) have names taken in /keep "
          + "(IMG_4101 (JPG + DNG), IMG_4102 (JPG + DNG), …): s skip them, k keep both"),
      "\(line)")
    // On a narrower screen the question is shortened at its end; its keys always show.
    for width in [60, 80, 100] {
      var narrow = Pairs.state(width: width)
      _ = narrow.update(
        .acted(FileActionsStateTests.report(summary: "names are taken", conflict: conflict)))
      let shown = Self.statusLine(narrow)
      #expect(shown.contains(" 3 pictures"), "\(width): \(shown)")
      #expect(shown.contains("s skip them, k keep both, Esc cancels"), "\(width): \(shown)")
    }
  }

  /// The rename prompt names the pair it renames, as undo does.
  @Test func theRenamePromptNamesThePairsFiles() {
    var state = Pairs.state()
    AppFixture.press([.character("r")], &state)
    #expect(
      Self.statusLine(state).contains("rename IMG_0001 (JPG + CR3) to: IMG_0001.JPG"),
      "\(Self.statusLine(state))")
  }

  @Test func theFilterCountsPicturesAsShown() {
    var state = Pairs.state()
    AppFixture.press("/IMG".map { Key.character($0) }, &state)
    #expect(state.content.shownPictureCount == 3)
    #expect(Self.statusLine(state).contains("3 of 5 pictures"), "\(Self.statusLine(state))")
    AppFixture.press([.enter], &state)
    #expect(Self.statusLine(state).contains("/IMG 3 of 5"), "\(Self.statusLine(state))")
    // Apart, each file is a picture.
    var apart = Pairs.state(pairs: false)
    AppFixture.press("/IMG".map { Key.character($0) }, &apart)
    #expect(Self.statusLine(apart).contains("5 of 7 pictures"), "\(Self.statusLine(apart))")
  }

  @Test func theQuestionForNamesTakenIsNotRepeatedByAMessage() {
    var state = Pairs.state(width: 160)
    let paths = [Pairs.path("IMG_0001.JPG"), Pairs.path("IMG_0001.CR3")]
    let conflict = NameConflict(
      action: .copy(paths, to: "/keep", conflicts: .ask), taken: PictureFiles(pictures: [paths]),
      folder: "/keep")
    _ = state.update(
      .acted(FileActionsStateTests.report(summary: "a name is taken", conflict: conflict)))
    let line = Self.statusLine(state)
    #expect(
      line.contains("IMG_0001 (JPG + CR3) has its name taken in /keep: s skip it"), "\(line)")
    #expect(line.components(separatedBy: "taken").count == 2, "said once: \(line)")
    #expect(state.message == nil)
  }

  /// A trash's report as the runtime makes it for the focused pair.
  static func trashReport(_ paths: [String], summary: String) -> FileActionReport {
    var changes = FolderChanges(ordering: SectionOrdering(roots: [ScanRoot(path: "/card")]))
    changes.removed = Set(paths)
    return FileActionReport(changes: changes, summary: summary, trashed: paths)
  }

  /// The watcher's batch for files that came back.
  static func arrival(_ names: [(String, ImageFormat)]) -> FolderChanges {
    var changes = FolderChanges(ordering: SectionOrdering(roots: [ScanRoot(path: "/card")]))
    for (name, format) in names {
      if let place = changes.ordering.place(ofFolder: Pairs.folder) {
        changes.arrived.append(
          FolderChanges.Arrival(picture: Pairs.file(name, format), place: place))
      }
    }
    return changes
  }

  @Test func aTrashMessageChangesWhenAnotherProgramPutsTheFilesBack() {
    var state = Pairs.state()
    let pair = [Pairs.path("IMG_0002.HEIC"), Pairs.path("IMG_0002.MOV")]
    let summary = "IMG_0002 (HEIC + MOV) moved to the Trash · U undoes"
    AppFixture.press([.right, .character("d")], &state)
    _ = state.update(.acted(Self.trashReport(pair, summary: summary)))
    #expect(Self.statusLine(state).contains(summary))
    // Another picture arriving changes nothing.
    _ = state.update(.foldersChanged(Self.arrival([("IMG_0009.JPG", .jpeg)])))
    #expect(Self.statusLine(state).contains(summary))
    // trash-restore puts the pair back: the message says so, not that it is in the Trash.
    _ = state.update(
      .foldersChanged(Self.arrival([("IMG_0002.HEIC", .heic), ("IMG_0002.MOV", .video)])))
    let line = Self.statusLine(state)
    #expect(!line.contains("moved to the Trash"), "\(line)")
    #expect(line.contains("IMG_0002 (HEIC + MOV) is back from the Trash"), "\(line)")
  }

  @Test func aTrashMessageOfSeveralFollowsEachPictureBack() {
    var state = Pairs.state()
    let files = [
      Pairs.path("IMG_0001.JPG"), Pairs.path("IMG_0001.CR3"), Pairs.path("IMG_0003.NEF"),
    ]
    _ = state.update(.acted(Self.trashReport(files, summary: "2 pictures moved to the Trash")))
    _ = state.update(.foldersChanged(Self.arrival([("IMG_0003.NEF", .raw)])))
    #expect(Self.statusLine(state).contains("IMG_0003.NEF is back from the Trash"))
    #expect(
      state.message
        == .trashed("IMG_0003.NEF is back from the Trash", paths: Array(files.dropLast())))
    _ = state.update(
      .foldersChanged(Self.arrival([("IMG_0001.JPG", .jpeg), ("IMG_0001.CR3", .raw)])))
    #expect(state.message == .acted("IMG_0001 (JPG + CR3) is back from the Trash"))
  }

  @Test func aTrashedFavouriteIsNotTakenForOneBack() {
    var state = Pairs.state()
    AppFixture.press([.right, .right, .character("f")], &state)
    let raw = [Pairs.path("IMG_0003.NEF")]
    _ = state.update(.acted(Self.trashReport(raw, summary: "IMG_0003.NEF moved to the Trash")))
    #expect(state.message == .trashed("IMG_0003.NEF moved to the Trash", paths: raw))
  }
}

/// The words every prompt and summary names the files of an action in.
@Suite struct PictureFilesTests {
  @Test func onePictureIsNamedWithItsPairsExtensions() {
    #expect(PictureFiles(paths: ["/c/IMG_1.JPG"]).description == "IMG_1.JPG")
    #expect(
      PictureFiles(paths: ["/c/IMG_1.JPG", "/c/IMG_1.DNG"]).description == "IMG_1 (JPG + DNG)")
    #expect(
      PictureFiles(paths: ["/c/IMG_1.MOV", "/c/IMG_1.HEIC"]).description == "IMG_1 (HEIC + MOV)",
      "the still first, in whatever order the files come")
    #expect(
      PictureFiles(pictures: [["/c/IMG_1", "/c/IMG_1.DNG"]]).description == "IMG_1 + IMG_1.DNG")
    #expect(PictureFiles(paths: ["/c/a\u{1B}b.jpg"]).description == "a^[b.jpg")
  }

  @Test func severalAreCountedWithTheirFilesWhenPairsMakeMore() {
    #expect(PictureFiles(paths: ["/c/a.jpg", "/c/b.jpg"]).description == "2 pictures")
    let card = PictureFiles(paths: [
      "/c/IMG_1.JPG", "/c/IMG_1.DNG", "/c/IMG_2.JPG", "/c/IMG_2.DNG", "/c/IMG_3.JPG",
      "/c/IMG_3.DNG",
    ])
    #expect(card.pictureCount == 3 && card.fileCount == 6)
    #expect(card.description == "3 pictures (6 files: 3 raw)")
    #expect(card.counted("copy", "copies") == "3 copies (6 files: 3 raw)")
    let phone = PictureFiles(paths: ["/p/IMG_1.HEIC", "/p/IMG_1.MOV", "/p/IMG_2.HEIC"])
    #expect(phone.description == "2 pictures (3 files: 1 video)")
  }

  @Test func onlyAStillTakesCompanionsAndOnlyOne() {
    // A PNG and an MP4 pair with nothing; a second still of the stem is its own picture.
    let files = PictureFiles(paths: [
      "/c/a.png", "/c/a.DNG", "/c/b.jpg", "/c/b.mp4", "/c/c.jpg", "/c/c.heic", "/c/c.mov",
      "/d/c.DNG",
    ])
    #expect(
      files.pictures == [
        ["/c/a.png"], ["/c/a.DNG"], ["/c/b.jpg"], ["/c/b.mp4"], ["/c/c.jpg", "/c/c.mov"],
        ["/c/c.heic"], ["/d/c.DNG"],
      ])
  }
}

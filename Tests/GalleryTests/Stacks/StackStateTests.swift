import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// Stacks through `update` alone: made of pictures taken within seconds of each other
/// and alike by their hashes, within a section, as hashes stream in; opened and closed
/// in place (`b`); their cover; keep this one, reject the rest (`K`) and its undo; the
/// survey of a stack; the setting that turns them off.
@Suite struct StackStateTests {
  /// `/pictures/Day/p1.jpg` … `p8.jpg`, then `/pictures/Other/q1.jpg`.
  static func path(_ name: String) -> String {
    name.hasPrefix("q") ? "/pictures/Other/\(name).jpg" : "/pictures/Day/\(name).jpg"
  }

  static let day = (1...8).map { path("p\($0)") }
  static let other = path("q1")

  /// Day: p1 p2 p3 a burst (0, 1, 2 s, alike), p4 ten seconds later, p5 p6 a second
  /// apart but unlike, p7 p8 another burst; Other: q1, a second after p3 and alike.
  static func library() -> Library {
    func picture(_ path: String) -> Picture {
      let name = String(path.split(separator: "/").last ?? "")
      return Picture(
        path: path, fileName: name, byteSize: 100_000,
        modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
    }
    return Library(sections: [
      LibrarySection(
        name: "Day", folder: URL(fileURLWithPath: "/pictures/Day"), pictures: day.map(picture)),
      LibrarySection(
        name: "Other", folder: URL(fileURLWithPath: "/pictures/Other"),
        pictures: [picture(other)]),
    ])
  }

  static let start = Date(timeIntervalSince1970: 1_700_000_000)

  /// When each picture was taken.
  static let dates: [String: Date] = [
    day[0]: start, day[1]: start + 1, day[2]: start + 2, day[3]: start + 12,
    day[4]: start + 20, day[5]: start + 21, day[6]: start + 30, day[7]: start + 31,
    other: start + 3,
  ]

  /// Each picture's hash: the bursts' a few bits apart, p5 and p6 far apart.
  static let hashes: [String: PerceptualHash] = [
    day[0]: PerceptualHash(bits: 0b0000), day[1]: PerceptualHash(bits: 0b0001),
    day[2]: PerceptualHash(bits: 0b0011), day[3]: PerceptualHash(bits: 0b0111),
    day[4]: PerceptualHash(bits: 0), day[5]: PerceptualHash(bits: 0xFFFF_FFFF),
    day[6]: PerceptualHash(bits: 0xF0), day[7]: PerceptualHash(bits: 0xF1),
    other: PerceptualHash(bits: 0b0011),
  ]

  /// The library in the grid at 120 × 40, the dates read and, when `hashed`, the hashes (all, or
  /// those `hashedPaths` names).
  static func state(
    hashed: Bool = true, hashedPaths: [String]? = nil, rules: StackRules = StackRules(),
    decisions: [String: CullingDecision] = [:]
  ) -> GalleryState {
    // The grid: every tile of Day on one screen.
    var state = GalleryState(
      library: library(), width: 120, height: 40,
      configuration: .init(layoutPreset: .grid, stackRules: rules), decisions: decisions)
    _ = state.update(.resize(width: 120, height: 40, cellAspect: 2))
    _ = state.update(.detailsRead(.dates(dates)))
    if hashed {
      let paths = hashedPaths ?? Array(hashes.keys)
      _ = state.update(.likenessRead(state.stamped(hashes.filter { paths.contains($0.key) })))
    }
    return state
  }

  /// The shown paths of section `index`.
  static func shown(_ state: GalleryState, section index: Int = 0) -> [String] {
    state.sections[index].pictures.map(\.path)
  }

  static func focusedPath(_ state: GalleryState) -> String? {
    state.focus.flatMap { state.picture(at: $0) }?.path
  }

  static let picked = CullingDecision(rating: .unrated, flag: .picked, labels: [])
  static let rejected = CullingDecision(rating: .unrated, flag: .rejected, labels: [])

  @Test func burstsTakenWithinSecondsAndAlikeAreOneTile() {
    let state = Self.state()
    #expect(Self.shown(state) == [Self.day[0], Self.day[3], Self.day[4], Self.day[5], Self.day[6]])
    #expect(state.stack(of: Self.day[0])?.paths == Array(Self.day[0..<3]))
    #expect(state.stack(of: Self.day[6])?.paths == Array(Self.day[6..<8]))
    #expect(state.stack(of: Self.day[3]) == nil, "ten seconds later")
    #expect(state.stack(of: Self.day[4]) == nil && state.stack(of: Self.day[5]) == nil, "unlike")
    let text = GalleryView.render(state).text
    #expect(text.contains("×3") && text.contains("×2"))
    #expect(text.split(separator: "\n").last?.contains("stack of 3") == true)
  }

  /// The header counts every picture of its section, those hidden in closed stacks too.
  @Test func theHeaderCountsThePicturesInClosedStacks() {
    var state = Self.state()
    #expect(state.count(inSection: 0) == 5, "five tiles")
    #expect(state.pictureCount(inSection: 0) == 8)
    #expect(GalleryView.render(state).text.contains("8 pictures"))
    _ = state.update(.key(.character("b")))
    #expect(state.count(inSection: 0) == 7 && state.pictureCount(inSection: 0) == 8)
  }

  @Test func aStackNeverCrossesSections() {
    let state = Self.state()
    #expect(Self.shown(state, section: 1) == [Self.other])
    #expect(state.stack(of: Self.other) == nil)
    #expect(state.stack(of: Self.day[0])?.count == 3)
  }

  @Test func picturesWithoutAHashOrADateAreNotStacked() {
    let unhashed = Self.state(hashed: false)
    #expect(Self.shown(unhashed) == Self.day)
    #expect(unhashed.stacks.isEmpty)
    // p2's hash not read yet: p1 and p3 are not one after the other.
    let partly = Self.state(hashedPaths: Self.day.filter { $0 != Self.day[1] })
    #expect(partly.stack(of: Self.day[0]) == nil && partly.stack(of: Self.day[2]) == nil)
    #expect(partly.stack(of: Self.day[6])?.count == 2)
    // Hashes without dates.
    var undated = GalleryState(
      library: Self.library(), width: 120, height: 40,
      configuration: .init(firstRowScrolling: .paging))
    _ = undated.update(.likenessRead(undated.stamped(Self.hashes)))
    #expect(undated.stacks.isEmpty && Self.shown(undated) == Self.day)
  }

  @Test func bOpensTheStackInPlaceAndClosesItOnItsCover() {
    var state = Self.state()
    #expect(Self.focusedPath(state) == Self.day[0])
    AppFixture.press([.character("b")], &state)
    #expect(Self.shown(state) == Self.day.filter { $0 != Self.day[7] })
    #expect(state.stack(of: Self.day[1])?.isOpen == true)
    #expect(Self.focusedPath(state) == Self.day[0])
    let text = GalleryView.render(state).text
    #expect(text.contains("1/3") && text.contains("2/3") && text.contains("3/3"))
    AppFixture.press([.right, .right], &state)
    #expect(Self.focusedPath(state) == Self.day[2])
    #expect(GalleryView.render(state).text.contains("stack 3 of 3"))
    // The detail view says it too.
    AppFixture.press([.enter], &state)
    #expect(GalleryView.render(state).text.contains("p3.jpg  3/7  stack 3 of 3  ["))
    AppFixture.press([.escape], &state)
    AppFixture.press([.character("b")], &state)
    #expect(Self.shown(state).count == 5)
    #expect(Self.focusedPath(state) == Self.day[0], "the focus on the cover")
    // A picture in no stack: the status line says so.
    AppFixture.press([.right, .character("b")], &state)
    #expect(state.message == .actionFailed("not in a stack"))
  }

  @Test func theCoverIsThePickElseTheSharpestElseTheFirst() {
    let byPick = Self.state(decisions: [Self.day[2]: Self.picked])
    #expect(byPick.stack(of: Self.day[0])?.cover.path == Self.day[2])
    #expect(Self.shown(byPick).first == Self.day[2], "in the stack's place")

    var bySharpness = Self.state(hashed: false)
    for (path, value) in [(Self.day[0], 100.0), (Self.day[1], 400), (Self.day[2], 250)] {
      _ = bySharpness.update(
        .pictureAnalyzed(
          path: path, outcome: .measured(SurveyAnalysisTests.analysis(sharpness: value))))
    }
    _ = bySharpness.update(.likenessRead(bySharpness.stamped(Self.hashes)))
    #expect(bySharpness.stack(of: Self.day[0])?.cover.path == Self.day[1])

    let first = Self.state()
    #expect(first.stack(of: Self.day[1])?.cover.path == Self.day[0])
  }

  @Test func keepOneRejectsTheRestInOneStepThatUndoTakesBack() {
    var state = Self.state()
    AppFixture.press([.character("b"), .right], &state)
    let commands = AppFixture.press([.character("K")], &state)
    guard case .writeDecisions(let writes)? = commands.first else {
      Issue.record("no decisions written: \(commands)")
      return
    }
    #expect(Set(writes.map(\.path)) == Set(Self.day[0..<3]))
    #expect(state.decision(of: Self.day[1]).flag == .picked)
    #expect(state.decision(of: Self.day[0]).flag == .rejected)
    #expect(state.decision(of: Self.day[2]).flag == .rejected)
    #expect(state.decision(of: Self.day[3]).flag == .none, "outside the stack")
    // Closed, the pick its cover and focused.
    #expect(state.stack(of: Self.day[0])?.isOpen == false)
    #expect(Self.shown(state).first == Self.day[1])
    #expect(Self.focusedPath(state) == Self.day[1])
    #expect(state.message == .acted("kept 1, rejected 2 pictures of the stack"))
    // The rejects hidden behind the pick are still the gallery's rejects (D).
    #expect(state.culledPictures(.rejected, in: .gallery).pictureCount == 2)

    let undo = AppFixture.press([.character("U")], &state)
    guard case .writeDecisions(let back)? = undo.first else {
      Issue.record("undo wrote nothing: \(undo)")
      return
    }
    #expect(Set(back.map(\.path)) == Set(Self.day[0..<3]))
    #expect(Self.day[0..<3].allSatisfy { state.decision(of: $0).isUndecided })
    #expect(state.stack(of: Self.day[0])?.cover.path == Self.day[0], "the first again")
    #expect(Self.focusedPath(state) == Self.day[0])
  }

  @Test func keepOneOnAClosedStackKeepsItsCover() {
    var state = Self.state()
    AppFixture.press([.character("K")], &state)
    #expect(state.decision(of: Self.day[0]).flag == .picked)
    #expect(state.decision(of: Self.day[1]).flag == .rejected)
    #expect(Self.shown(state).count == 5)
    // Again: nothing changes, and the status line says so rather than counting anew.
    let commands = AppFixture.press([.character("K")], &state)
    #expect(state.message == .acted("already kept 1, rejected 2 of the stack"), "\(commands)")
  }

  @Test func nSurveysTheFocusedStack() {
    var state = Self.state()
    AppFixture.press([.character("N")], &state)
    #expect(state.presentation.mode == .survey)
    #expect(state.survey?.origin == .stack)
    #expect(state.survey?.paths == Array(Self.day[0..<3]))
    #expect(state.stack(of: Self.day[0])?.isOpen == true, "opened for the survey")
    AppFixture.press([.pageDown], &state)
    #expect(state.message == .actionFailed("the survey shows a stack's pictures: no other set"))
    // Keep the second: the survey ends on the stack closed on it.
    AppFixture.press([.right, .character("K")], &state)
    #expect(state.survey == nil && state.presentation.mode == .grid)
    #expect(state.decision(of: Self.day[1]).flag == .picked)
    #expect(Self.shown(state).first == Self.day[1])
  }

  @Test func theSettingTurnsStacksOff() {
    var state = Self.state(rules: .off)
    #expect(state.stacks.isEmpty)
    #expect(Self.shown(state) == Self.day)
    AppFixture.press([.character("b")], &state)
    #expect(state.message == .actionFailed("stacks are off (stacks = no)"))
    AppFixture.press([.character("N")], &state)
    #expect(state.survey?.origin == .following)
  }

  @Test func hashesArrivingKeepTheFocusStill() {
    // The showcase: a MacBook picture focused far down, then Office's first ten taken as
    // a burst: the pictures above it go, it stays on its row.
    var state = AppFixture.state(width: 120, height: 40)
    for _ in 0..<14 { AppFixture.press([.down], &state) }
    let focused = Self.focusedPath(state)
    let row = AppFixture.screenFrame(state)?.minY
    let office = (1...10).map { "/pictures/Office/office-\($0).jpg" }
    var dates: [String: Date] = [:]
    var hashes: [String: PerceptualHash] = [:]
    for (index, path) in office.enumerated() {
      dates[path] = Self.start + Double(index)
      hashes[path] = PerceptualHash(bits: UInt64(index % 2))
    }
    _ = state.update(.detailsRead(.dates(dates)))
    _ = state.update(.likenessRead(state.stamped(hashes)))
    #expect(state.stack(of: office[0])?.count == 10)
    #expect(Self.focusedPath(state) == focused)
    #expect(AppFixture.screenFrame(state)?.minY == row)
  }

  @Test func aFocusedPictureAStackTakesGoesToItsCover() {
    var state = Self.state(hashed: false)
    AppFixture.press([.right, .right], &state)
    #expect(Self.focusedPath(state) == Self.day[2])
    _ = state.update(.likenessRead(state.stamped(Self.hashes)))
    #expect(Self.focusedPath(state) == Self.day[0])
  }

  @Test func aResizeKeepsTheStacksAndTheFocus() {
    var state = Self.state()
    AppFixture.press([.character("b"), .right], &state)
    _ = state.update(.resize(width: 70, height: 20, cellAspect: 2))
    #expect(state.stack(of: Self.day[0])?.isOpen == true)
    #expect(Self.focusedPath(state) == Self.day[1])
    AppFixture.press([.character("b")], &state)
    _ = state.update(.resize(width: 160, height: 50, cellAspect: 2))
    #expect(Self.shown(state).count == 5)
    #expect(Self.focusedPath(state) == Self.day[0])
  }

  @Test func aFilterStacksWhatItShows() {
    var state = Self.state()
    AppFixture.press([.character("/")], &state)
    for character in "p" { AppFixture.press([.character(character)], &state) }
    AppFixture.press([.enter], &state)
    #expect(Self.shown(state).count == 5)
    #expect(state.stack(of: Self.day[0])?.count == 3)
  }

  @Test func aPairInAStackIsOnePictureAndKeepOneDecidesForEveryFile() {
    let card = [
      PairsTests.file("IMG_0001.CR3", .raw), PairsTests.file("IMG_0001.JPG", .jpeg),
      PairsTests.file("IMG_0002.JPG", .jpeg), PairsTests.file("IMG_0003.JPG", .jpeg),
    ]
    let library = Library(sections: [
      LibrarySection(name: "DCIM", folder: URL(fileURLWithPath: PairsTests.folder), pictures: card)
    ])
    var state = GalleryState(
      library: library, width: 120, height: 40, configuration: .init(layoutPreset: .grid))
    let path = PairsTests.path
    // The pair's date from its raw file, its hash from its JPEG.
    _ = state.update(
      .detailsRead(
        .dates([
          path("IMG_0001.CR3"): Self.start, path("IMG_0002.JPG"): Self.start + 1,
          path("IMG_0003.JPG"): Self.start + 2,
        ])))
    _ = state.update(
      .likenessRead(
        state.stamped([
          path("IMG_0001.JPG"): PerceptualHash(bits: 1),
          path("IMG_0002.JPG"): PerceptualHash(bits: 3),
          path("IMG_0003.JPG"): PerceptualHash(bits: 7),
        ])))
    #expect(state.stack(of: path("IMG_0001.JPG"))?.count == 3)
    AppFixture.press([.character("b"), .right], &state)
    let commands = AppFixture.press([.character("K")], &state)
    guard case .writeDecisions(let writes)? = commands.first else {
      Issue.record("no decisions written: \(commands)")
      return
    }
    #expect(
      Set(writes.map(\.path))
        == Set(["IMG_0001.CR3", "IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG"].map(path)))
    #expect(state.decision(of: path("IMG_0001.CR3")).flag == .rejected, "the raw too")
  }

  @Test func actionsOnAClosedStackTakeItsCoverAlone() {
    var state = Self.state()
    AppFixture.press([.character("m")], &state)
    #expect(state.content.marks == [Self.day[0]])
    AppFixture.press([.character("u")], &state)
    // The Trash takes the cover, at once, and not the pictures hidden behind it.
    #expect(AppFixture.press([.character("d")], &state).contains(.act(.trash([Self.day[0]]))))
  }

  @Test func inTheTimelineAStackStaysInItsDay() {
    // p1 a second before midnight, p2 at midnight, alike: one folder, two days.
    let midnight = Date(timeIntervalSince1970: 1_700_006_400)
    let dates = [Self.day[0]: midnight - 1, Self.day[1]: midnight]
    let hashes = [Self.day[0]: PerceptualHash(bits: 0), Self.day[1]: PerceptualHash(bits: 1)]
    for grouping in [SectionGrouping.folder, .day] {
      var state = GalleryState(
        library: Self.library(), width: 120, height: 40,
        configuration: .init(layoutPreset: .grid, grouping: grouping))
      _ = state.update(.detailsRead(.dates(dates)))
      _ = state.update(.likenessRead(state.stamped(hashes)))
      #expect((state.stack(of: Self.day[0]) != nil) == (grouping == .folder), "\(grouping)")
    }
  }

  @Test func aFavouriteInsideAClosedStackIsStillInTheFavourites() {
    let starred = CullingDecision(rating: StarRating(clamping: 4), flag: .none, labels: [])
    var state = GalleryState(
      library: Self.library(), width: 120, height: 40,
      configuration: .init(layoutPreset: .grid, favoriteRule: .rating(atLeast: 4)),
      decisions: [Self.day[2]: starred])
    _ = state.update(.detailsRead(.dates(Self.dates)))
    _ = state.update(.likenessRead(state.stamped(Self.hashes)))
    #expect(state.stack(of: Self.day[0])?.cover.path == Self.day[0])
    let favorites = state.favoritesSectionIndex.map { Self.shown(state, section: $0) }
    #expect(favorites == [Self.day[2]])
  }

  @Test func hashesThatStackNothingLeaveTheRowsScrolledSideways() {
    // The showcase's first row scrolls sideways: moved along it, then hashes that
    // stack nothing come (no dates are known), and it stays where it was.
    var state = AppFixture.state(width: 120, height: 40)
    for _ in 0..<6 { AppFixture.press([.right], &state) }
    let offsets = state.orthogonalOffsets
    #expect(offsets.values.contains { $0 > 0 }, "scrolled sideways")
    let snapshot = state.content.snapshot
    let hashes = Dictionary(
      uniqueKeysWithValues: (1...15).map {
        ("/pictures/Office/office-\($0).jpg", PerceptualHash(bits: 0))
      })
    _ = state.update(.likenessRead(state.stamped(hashes)))
    #expect(state.content.likeness.count == 15)
    #expect(state.orthogonalOffsets == offsets)
    #expect(state.content.snapshot == snapshot)
  }

  @Test func theListAndAnASCIITerminalSayItToo() {
    var state = Self.state()
    AppFixture.press([.character("v")], &state)
    #expect(GalleryView.render(state).text.contains("stack of 3"))
    var ascii = GalleryState(
      library: Self.library(), width: 120, height: 40,
      configuration: .init(layoutPreset: .grid, appearance: Appearance(unicode: false)))
    _ = ascii.update(.detailsRead(.dates(Self.dates)))
    _ = ascii.update(.likenessRead(ascii.stamped(Self.hashes)))
    let text = GalleryView.render(ascii).text
    #expect(text.contains(" x3 ") && !text.contains("×"))
  }
}

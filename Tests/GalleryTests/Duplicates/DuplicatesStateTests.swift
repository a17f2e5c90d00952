import Foundation
import Pictures
import TerminalKit
import TestSupport
import Testing

@testable import Gallery

/// The duplicates grouping through `update` alone: `C` shows it and asks for the
/// likeness even with stacks off, the groups form as hashes stream in, the focus kept;
/// the status line counts how far it has come; `R` asks to trash the rest of the focused
/// group, and every group's with `trash all copies`, as one step `U` takes back.
@Suite struct DuplicatesStateTests {
  static let a1 = "/pictures/A/a1.jpg"
  static let a2 = "/pictures/A/a2.jpg"
  static let a3 = "/pictures/A/a3.jpg"
  static let alone = "/pictures/A/alone.jpg"
  static let b1 = "/pictures/B/b1.jpg"
  static let b2 = "/pictures/B/b2.jpg"
  static let b3 = "/pictures/B/b3.jpg"

  /// A: a1 a2 a3 alone; B: b1 (a copy of a1), b2 and b3 (copies of a3).
  static func library() -> Library {
    func picture(_ path: String) -> Picture {
      Picture(
        path: path, fileName: String(path.split(separator: "/").last ?? ""), byteSize: 1_000,
        modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
    }
    return Library(sections: [
      LibrarySection(
        name: "A", folder: URL(fileURLWithPath: "/pictures/A"),
        pictures: [a1, a2, a3, alone].map(picture)),
      LibrarySection(
        name: "B", folder: URL(fileURLWithPath: "/pictures/B"), pictures: [b1, b2, b3].map(picture)),
    ])
  }

  static let hashes: [String: PerceptualHash] = [
    a1: PerceptualHash(bits: 0), b1: PerceptualHash(bits: 0b11),
    a2: PerceptualHash(bits: 0xFFFF_FFFF_0000_0000),
    a3: PerceptualHash(bits: 0x0000_FFFF_FFFF_0000),
    b2: PerceptualHash(bits: 0x0000_FFFF_FFFF_0001),
    b3: PerceptualHash(bits: 0x0000_FFFF_FFFF_0000),
    alone: PerceptualHash(bits: 0xFF00_FF00_FF00_FF00),
  ]

  /// The library in the grid, stacks off, the folders shown.
  static func state(grouping: SectionGrouping = .folder) -> GalleryState {
    var state = GalleryState(
      library: library(), width: 120, height: 40,
      configuration: .init(layoutPreset: .grid, grouping: grouping, stackRules: .off))
    _ = state.update(.resize(width: 120, height: 40, cellAspect: 2))
    return state
  }

  /// Every picture's details read, all of one size: `R` waits for the sizes.
  static func sized(_ state: inout GalleryState) {
    let all = [a1, a2, a3, alone, b1, b2, b3]
    _ = state.update(
      .detailsRead(
        PictureDetailsBatch(
          Dictionary(
            uniqueKeysWithValues: all.map {
              ($0, PictureDetails(storedSize: PixelSize(width: 600, height: 400)))
            }))))
  }

  static func likenessAsked(_ commands: [AppCommand]) -> [String]? {
    commands.lazy.compactMap { command -> [String]? in
      if case .readLikeness(let stamps) = command { stamps.map(\.path) } else { nil }
    }.first
  }

  static func shown(_ state: GalleryState) -> [[String]] {
    state.sections.map { $0.pictures.map(\.path) }
  }

  static func statusLine(_ state: GalleryState) -> String {
    String(GalleryView.render(state).text.split(separator: "\n").last ?? "")
  }

  static func focusedPath(_ state: GalleryState) -> String? {
    state.focus.flatMap { state.picture(at: $0) }?.path
  }

  @Test func cShowsTheDuplicatesAndAsksForTheLikenessWithStacksOff() {
    var state = Self.state()
    // Stacks off, folders: no likeness is wanted.
    #expect(Self.likenessAsked(state.update(.rescanned(Self.library()))) == nil)
    let commands = AppFixture.press([.character("C")], &state)
    #expect(state.grouping == .duplicates)
    #expect(Set(Self.likenessAsked(commands) ?? []) == Set(Self.hashes.keys))
    #expect(Self.shown(state).isEmpty, "no likeness known yet")
    #expect(Self.statusLine(state).contains("finding duplicates… 0 of 7"))
    // Asked once: pressing it again and back asks for nothing new.
    AppFixture.press([.character("C")], &state)
    #expect(state.grouping == .folder)
    #expect(Self.likenessAsked(AppFixture.press([.character("C")], &state)) == nil)
  }

  @Test func theGroupsFormAsTheHashesStreamInLargestFirst() {
    var state = Self.state(grouping: .duplicates)
    _ = state.update(
      .likenessRead(
        state.stamped([Self.a1: Self.hashes[Self.a1]!, Self.b1: Self.hashes[Self.b1]!])))
    #expect(Self.shown(state) == [[Self.a1, Self.b1]])
    #expect(state.sections.first?.name == "a1.jpg: 2 alike")
    #expect(Self.focusedPath(state) == Self.a1)
    AppFixture.press([.right], &state)
    #expect(Self.focusedPath(state) == Self.b1)
    _ = state.update(.likenessRead(state.stamped(Self.hashes)))
    #expect(Self.shown(state) == [[Self.a3, Self.b2, Self.b3], [Self.a1, Self.b1]])
    #expect(Self.focusedPath(state) == Self.b1, "the focus stays on its picture")
    #expect(!Self.shown(state).joined().contains(Self.alone))
    #expect(!Self.shown(state).joined().contains(Self.a2))
  }

  @Test func theStatusLineCountsTheLikenessReadThenTheGroups() {
    var state = Self.state()
    AppFixture.press([.character("C")], &state)
    _ = state.update(
      .likenessRead(
        state.stamped([Self.a1: Self.hashes[Self.a1]!, Self.b1: Self.hashes[Self.b1]!])))
    #expect(Self.statusLine(state).contains("finding duplicates… 2 of 7"))
    _ = state.update(.likenessRead(state.stamped(Self.hashes.filter { $0.key != Self.alone })))
    #expect(Self.statusLine(state).contains("finding duplicates… 6 of 7"), "alone is awaited")
    // The reader is through: alone could not be hashed.
    _ = state.update(.likenessRead([:]))
    #expect(Self.statusLine(state).contains("duplicates: 2 groups"))
  }

  @Test func withNoCopyTheStatusLineSaysSoAndTheWayBack() {
    var state = Self.state()
    AppFixture.press([.character("C")], &state)
    _ = state.update(.scan(.finished(ScanStats())))
    _ = state.update(
      .likenessRead(
        state.stamped([Self.a1: Self.hashes[Self.a1]!, Self.a2: Self.hashes[Self.a2]!])))
    _ = state.update(.likenessRead([:]))
    let line = Self.statusLine(state)
    #expect(line.contains("no picture has a copy  C goes back"), "\(line)")
    #expect(line.contains("no duplicates"), "\(line)")
  }

  @Test func theBestCopyComesFirstAsTheDecisionsAndSizesSay() {
    var state = Self.state(grouping: .duplicates)
    _ = state.update(.likenessRead(state.stamped(Self.hashes)))
    _ = state.update(
      .detailsRead(
        PictureDetailsBatch([
          Self.b2: PictureDetails(storedSize: PixelSize(width: 6000, height: 4000)),
          Self.a3: PictureDetails(storedSize: PixelSize(width: 600, height: 400)),
        ])))
    #expect(Self.shown(state).first == [Self.b2, Self.a3, Self.b3], "the largest first")
    _ = state.update(
      .decisionsRead([
        Self.b3: CullingDecision(rating: StarRating(clamping: 2), flag: .none, labels: [])
      ]))
    #expect(Self.shown(state).first == [Self.b3, Self.b2, Self.a3], "the rated one first")
    #expect(state.sections.first?.name == "b3.jpg: 3 alike")
  }

  @Test func rAsksToTrashTheRestOfTheFocusedGroupAndUBringsThemBack() {
    var state = Self.state(grouping: .duplicates)
    _ = state.update(.likenessRead(state.stamped(Self.hashes)))
    #expect(Self.focusedPath(state) == Self.a3)
    _ = AppFixture.press([.character("R")], &state)
    #expect(state.prompts.actionPrompt == nil, "not before the sizes are read")
    #expect(Self.statusLine(state).contains("still reading the copies' sizes"))
    Self.sized(&state)
    #expect(AppFixture.press([.character("R")], &state).isEmpty, "nothing before the answer")
    #expect(
      state.prompts.actionPrompt?.kind
        == .confirmTrash(PictureFiles(pictures: [[Self.b2], [Self.b3]])))
    #expect(
      Self.statusLine(state).contains(
        "move 2 copies alike of a3.jpg (it stays) to the Trash?"))
    let commands = AppFixture.press([.character("y")], &state)
    #expect(commands.contains(.act(.trash([Self.b2, Self.b3]))))
    var report = FileActionReport(
      changes: FolderChanges(ordering: SectionOrdering(roots: [])), summary: "trashed 2")
    report.isUndoable = true
    _ = state.update(.acted(report))
    #expect(AppFixture.press([.character("U")], &state).contains(.act(.undo)))
  }

  @Test func aPickGivenHereMakesItTheCopyKept() {
    var state = Self.state(grouping: .duplicates)
    _ = state.update(.likenessRead(state.stamped(Self.hashes)))
    Self.sized(&state)
    #expect(Self.shown(state).first == [Self.a3, Self.b2, Self.b3])
    AppFixture.press([.character("l"), .character("l")], &state)
    #expect(Self.focusedPath(state) == Self.b3)
    AppFixture.press([.character("P")], &state)
    #expect(Self.shown(state).first == [Self.b3, Self.a3, Self.b2], "the pick first")
    #expect(Self.focusedPath(state) == Self.b3, "the focus stays on it")
    _ = AppFixture.press([.character("R")], &state)
    #expect(
      state.prompts.actionPrompt?.kind
        == .confirmTrash(PictureFiles(pictures: [[Self.a3], [Self.b2]])))
    #expect(Self.statusLine(state).contains("of b3.jpg (it stays)"))
  }

  @Test func trashAllCopiesAsksOnceForEveryGroupKeepingEachBest() {
    var state = Self.state(grouping: .duplicates)
    _ = state.update(.likenessRead(state.stamped(Self.hashes)))
    Self.sized(&state)
    _ = state.update(.contentHashesRead(state.stamped([Self.a1: "same", Self.b1: "same"])))
    #expect(state.handleDuplicates(.trashAllCopies)?.isEmpty == true)
    #expect(
      state.prompts.actionPrompt?.kind
        == .confirmTrash(PictureFiles(pictures: [[Self.b2], [Self.b3], [Self.b1]])))
    #expect(
      Self.statusLine(state).contains(
        "move 3 copies alike, 1 identical (2 groups, the first of each stays) to the Trash?"))
    #expect(
      AppFixture.press([.character("y")], &state).contains(
        .act(.trash([Self.b2, Self.b3, Self.b1]))))
    #expect(KeyAction(named: "trash all copies") == .trashAllCopies)
  }

  @Test func rOutsideTheDuplicatesTrashesNothing() {
    var state = Self.state()
    #expect(AppFixture.press([.character("R")], &state).isEmpty)
    #expect(!state.isPrompting)
    #expect(Self.statusLine(state).contains("only among the duplicates"))
  }

  @Test func cGoesBackToTheGroupingBeforeAndTLeavesForTheFolders() {
    var state = Self.state(grouping: .day)
    AppFixture.press([.character("C")], &state)
    #expect(state.grouping == .duplicates)
    AppFixture.press([.character("C")], &state)
    #expect(state.grouping == .day)
    AppFixture.press([.character("C"), .character("t")], &state)
    #expect(state.grouping == .folder)
  }

  static func contentAsked(_ commands: [AppCommand]) -> [String]? {
    commands.lazy.compactMap { command -> [String]? in
      if case .readContentHashes(let stamps) = command { stamps.map(\.path) } else { nil }
    }.first
  }

  /// The pictures of a group that share a size are asked for their content hashes, once;
  /// the title then says how many are identical, the focus kept.
  @Test func theCandidatesForIdenticalCopiesAreAskedOnceAndTheTitleSaysSo() {
    var state = Self.state(grouping: .duplicates)
    // Every picture of the fixture has the same size: the groups' pictures are asked for.
    let commands = state.update(.likenessRead(state.stamped(Self.hashes)))
    #expect(
      Set(Self.contentAsked(commands) ?? [])
        == [Self.a1, Self.b1, Self.a3, Self.b2, Self.b3])
    #expect(Self.contentAsked(state.update(.likenessRead([:]))) == nil, "asked once")
    AppFixture.press([.right], &state)
    #expect(Self.focusedPath(state) == Self.b2)
    _ = state.update(
      .contentHashesRead(
        state.stamped([Self.a3: "x", Self.b2: "y", Self.b3: "x", Self.a1: "z", Self.b1: "z"])))
    #expect(
      state.sections.map(\.name) == ["a3.jpg: 3 alike, 2 identical", "a1.jpg: 2 identical copies"])
    #expect(Self.focusedPath(state) == Self.b2)
  }

  /// Past a few thousand hashes, a batch that adds little is kept without grouping the
  /// library again (each grouping costs O(pictures × groups)); the reader's end groups it.
  @Test func aLargeLibraryIsGroupedAgainAsItsHashesGrowAndWhenTheReaderIsThrough() {
    let count = GalleryContent.duplicatesRegroupedAlways + 500
    let pictures = (0..<count).map { index in
      Picture(
        path: "/p/\(index).jpg", fileName: "\(index).jpg", byteSize: Int64(index),
        modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
    }
    var state = GalleryState(
      library: Library(sections: [
        LibrarySection(name: "p", folder: URL(fileURLWithPath: "/p"), pictures: pictures)
      ]), width: 120, height: 40,
      configuration: .init(layoutPreset: .grid, grouping: .duplicates, stackRules: .off))
    // Every picture far from every other (a seeded walk of 64-bit words), but two pairs.
    var generator = SplitMix64(seed: 7)
    var hashes = Dictionary(
      uniqueKeysWithValues: pictures.map { ($0.path, PerceptualHash(bits: generator.next())) })
    hashes["/p/1.jpg"] = hashes["/p/0.jpg"]
    hashes["/p/\(count - 1).jpg"] = hashes["/p/\(count - 2).jpg"]
    let late = ["/p/\(count - 1).jpg"]
    _ = state.update(.likenessRead(state.stamped(hashes.filter { !late.contains($0.key) })))
    #expect(state.sections.map { $0.pictures.map(\.path) } == [["/p/0.jpg", "/p/1.jpg"]])
    _ = state.update(.likenessRead(state.stamped(hashes.filter { late.contains($0.key) })))
    #expect(state.sections.count == 1, "one hash more: kept, not grouped yet")
    _ = state.update(.likenessRead([:]))
    #expect(state.sections.count == 2, "the reader is through: grouped")
  }

  @Test func noStacksAmongTheDuplicates() {
    var state = GalleryState(
      library: Self.library(), width: 120, height: 40,
      configuration: .init(layoutPreset: .grid, grouping: .duplicates))
    _ = state.update(.likenessRead(state.stamped(Self.hashes)))
    #expect(state.stacks.isEmpty)
    #expect(Self.shown(state).first == [Self.a3, Self.b2, Self.b3])
  }
}

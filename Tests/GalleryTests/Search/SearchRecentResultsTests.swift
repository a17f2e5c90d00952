import DiffableData
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// What a query typed shows is kept for Backspace and for the next queries to start
/// from (`RecentFilterResults`, `NarrowedSections`): whatever order the keys, the
/// Backspaces and the Escapes come in, and whatever details arrive meanwhile, the
/// gallery shows what a gallery started with the same filter shows.
@Suite struct SearchRecentResultsTests {
  /// Four folders of twelve pictures, and an empty one.
  static func library() -> Library {
    Library(
      sections: ["Lisbon", "Porto", "Empty", "Kyoto", "Osaka"].map { name in
        let folder = "/trips/\(name)"
        let pictures = (0..<(name == "Empty" ? 0 : 12)).map { index in
          SearchFixture.picture(String(format: "\(folder)/DSCF%04d.JPG", index + 1))
        }
        return LibrarySection(
          name: name, folder: URL(fileURLWithPath: folder), pictures: pictures)
      })
  }

  /// The details of each picture of `library`: cameras and ISO speeds by place, with
  /// `nikonFrom` the first picture of each folder taken with the Z 6 (the rest with the
  /// X100V).
  static func details(of library: Library, nikonFrom: Int = 6) -> PictureDetailsBatch {
    var details: [String: PictureDetails] = [:]
    for section in library.sections {
      for (index, picture) in section.pictures.enumerated() {
        var made = index >= nikonFrom ? SearchFixture.z6 : SearchFixture.x100v
        made.exposure = Exposure(iso: [100, 400, 800, 3200][index % 4])
        details[picture.path] = made
      }
    }
    return PictureDetailsBatch(details)
  }

  static func shown(_ state: GalleryState) -> [[String]] {
    state.sections.map { $0.pictures.map(\.path) }
  }

  /// What a gallery started with `text` as its filter shows, with `batches` read.
  static func applied(_ text: String, _ batches: [PictureDetailsBatch]) -> [[String]] {
    var state = GalleryState(
      library: library(), width: 100, height: 30,
      configuration: .init(layoutPreset: .grid, filter: PictureQuery(text)))
    for batch in batches { _ = state.update(.detailsRead(batch)) }
    return shown(state)
  }

  /// Types `keys` (a query character, `⌫`, `⎋`, `/`, `…` for the user idle), checking the
  /// screen against a fresh gallery's after each; `change` arrives after `changeAt` keys.
  static func type(
    _ keys: String, changing change: PictureDetailsBatch? = nil, at changeAt: Int = .max
  ) {
    let library = library()
    var batches = [details(of: library)]
    var state = GalleryState(
      library: library, width: 100, height: 30, configuration: .init(layoutPreset: .grid))
    _ = state.update(.detailsRead(batches[0]))
    var typed = ""
    for (count, key) in keys.enumerated() {
      if count == changeAt, let change {
        batches.append(change)
        _ = state.update(.detailsRead(change))
      }
      switch key {
      case "/": AppFixture.press([.character("/")], &state)
      case "⌫":
        AppFixture.press([.backspace], &state)
        if !typed.isEmpty { typed.removeLast() }
      case "⎋":
        AppFixture.press([.escape], &state)
        typed = ""
      case "…": _ = state.update(.timerFired(.idle))
      default:
        AppFixture.press([.character(key)], &state)
        typed.append(key)
      }
      #expect(shown(state) == applied(typed, batches), "after \(count + 1) keys: \(typed)")
    }
  }

  @Test(arguments: [
    "/d⌫dscf⎋/…dscf",
    "/…camera:x iso>=800⌫⌫⌫3200⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⎋/camera:nikon⌫⌫⌫⌫⌫x",
    "/dscf⌫⌫⌫⌫dscf00 iso:100|3200⌫⌫⌫⌫⌫⎋/…dscf iso:100 place:kyoto⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫",
    "/-camera:nikon⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫camera:nikon -iso<=100 lis⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫",
  ])
  func queriesTypedErasedAndTypedAgainShowWhatTheyShowWhole(keys: String) {
    Self.type(keys)
  }

  /// Details that arrive (a file rewritten, read again) change what the queries kept
  /// showed: none of them is shown again.
  @Test(arguments: [10, 16, 24])
  func detailsArrivingForgetWhatTheQueriesShowed(at changeAt: Int) {
    let library = Self.library()
    Self.type(
      "/…camera:nikon⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫⌫iso>=800⌫⌫⌫⌫⌫⌫⌫⌫camera:nikon",
      changing: Self.details(of: library, nikonFrom: 2), at: changeAt)
  }

  /// A term the query started from already has is not tried again, and a query whose
  /// terms it has all is answered without a picture looked at.
  @Test func theTermsLeftAreThoseTheStartHasNot() {
    let query = PictureQuery("camera:nikon iso>=800 lis")
    #expect(
      query.remaining(after: PictureQuery("lis camera:nikon")).terms.map(\.rendered) == [
        "iso>=800"
      ])
    #expect(query.remaining(after: .none).terms.map(\.rendered) == query.terms.map(\.rendered))
    #expect(query.remaining(after: PictureQuery("iso>=800 lis camera:nikon")).matchesEverything)
    #expect(!query.remaining(after: PictureQuery("iso>=80 lis camera:nikon")).matchesEverything)
  }

  /// A filter that leaves a few pictures puts the focus on the nearest of them after the
  /// focused one, in the order before, as when most stay.
  @Test func theFocusGoesToTheNearestPictureLeftAfterIt() {
    let library = Self.library()
    var state = GalleryState(
      library: library, width: 100, height: 30, configuration: .init(layoutPreset: .grid))
    _ = state.update(.detailsRead(Self.details(of: library)))
    let porto = library.sections[1].pictures
    guard let start = state.libraryPath(of: porto[2].path) else {
      Issue.record("the third picture of Porto is not shown")
      return
    }
    state.browsing.moveFocus(to: start)
    AppFixture.press([.character("/")], &state)
    // The Z 6 took the last six of each folder: three pictures of Porto at ISO 800 and
    // up would be more than half; this leaves two of 48.
    for character in "camera:nikon iso>=3200 place:porto" {
      AppFixture.press([.character(character)], &state)
    }
    #expect(Self.shown(state) == [[porto[7].path, porto[11].path]])
    #expect(state.focus.flatMap { state.picture(at: $0)?.path } == porto[7].path)
  }

  /// The nearest picture left is found by halving when the pictures left keep the old
  /// order, forward winning a tie; when they do not, or one was not shown before, the
  /// halving declines and every picture left is looked at.
  @Test func theNearestPictureLeftIsFoundByHalvingOnlyInTheOldOrder() throws {
    var old = Snapshot<String, String>()
    try old.appendSections(["s"])
    try old.appendItems((0..<20).map { "p\($0)" }, toSection: "s")
    func nearest(_ index: Int, _ shown: [Int]) -> String? {
      GalleryState.nearestKept(to: index, in: shown.map { "p\($0)" }, of: old)
    }
    #expect(nearest(10, [2, 8, 13, 19]) == "p8")
    #expect(nearest(10, [2, 7, 13, 19]) == "p13")
    #expect(nearest(10, [2, 8, 12, 19]) == "p12")
    #expect(nearest(10, [11, 12]) == "p11")
    #expect(nearest(10, [1, 4]) == "p4")
    #expect(nearest(0, [19]) == "p19")
    #expect(nearest(19, [0]) == "p0")
    #expect(nearest(10, [13, 8]) == nil)
    #expect(nearest(10, [2, 8, 13, 12]) == nil)
    #expect(GalleryState.nearestKept(to: 10, in: ["p2", "elsewhere", "p13"], of: old) == nil)
    #expect(nearest(10, []) == nil)
  }

  /// Once the scan is over and every picture's details are in, they are laid out in the
  /// pictures' places for the first query on a field; a new batch lays them out again.
  @Test func theLibrarysLastDetailsAreLaidOutForTheFirstQuery() {
    let library = Library(sections: Self.library().sections, stats: ScanStats())
    var state = GalleryState(
      library: library, width: 100, height: 30, configuration: .init(layoutPreset: .grid))
    #expect(state.content.shown.searchColumns == nil)
    _ = state.update(.detailsRead(Self.details(of: library)))
    let laidOut = state.content.shown.searchColumns
    #expect(laidOut?.count == 5)
    #expect(laidOut?.first?.details?[7]?.cameraModel == "NIKON Z 6")
    #expect(laidOut?.first?.names?.count == laidOut?.first?.count)
    _ = state.update(.detailsRead(Self.details(of: library, nikonFrom: 2)))
    #expect(state.content.shown.searchColumns?.first?.details?[3]?.cameraModel == "NIKON Z 6")
  }

  /// Details that all came while the folders were still being scanned (from the index)
  /// are laid out when the scan ends: the user need not be idle first.
  @Test func detailsInBeforeTheScanEndsAreLaidOutWhenItEnds() {
    let library = Library(sections: Self.library().sections)
    var state = GalleryState(
      library: library, width: 100, height: 30, configuration: .init(layoutPreset: .grid))
    _ = state.update(.detailsRead(Self.details(of: library)))
    #expect(state.content.shown.searchColumns == nil, "the scan goes on")
    _ = state.update(.scan(.finished(ScanStats())))
    #expect(state.content.shown.searchColumns?.first?.details?[7]?.cameraModel == "NIKON Z 6")
  }

  /// What a filter narrows is shown exactly as if it were made afresh: the snapshot
  /// narrowed from the base's holds the same sections and pictures, an empty folder left
  /// out, and finds each picture where it is.
  @Test func aNarrowedSnapshotIsTheOneMadeAfresh() {
    let sections = Self.library().sections
    let base = ShownSections(sections, capacity: 60, searchColumns: nil)
    for text in ["0001", "dscf000", "-0012", "zzz", "dscf"] {
      let narrowed = NarrowedSections(
        sections, of: .none, columns: nil, by: PictureQuery(text), lookUp: { _ in nil },
        isMarked: { _ in false }, isFavorite: { _ in false })
      let shown = ShownSections(
        narrowing: base, to: narrowed.sections, positions: narrowed.positions,
        searchColumns: narrowed.columns)
      let fresh = ShownSections(narrowed.sections, capacity: 60, searchColumns: nil)
      #expect(shown.snapshot.sectionIdentifiers == fresh.snapshot.sectionIdentifiers, "\(text)")
      #expect(shown.snapshot.itemIdentifiers == fresh.snapshot.itemIdentifiers, "\(text)")
      #expect(!shown.snapshot.contains(section: "/trips/Empty"))
      for path in fresh.snapshot.itemIdentifiers {
        #expect(shown.snapshot.indexPath(for: path) == fresh.snapshot.indexPath(for: path))
      }
    }
  }

  /// The results kept are bounded by the pictures they hold, the whole library's apart.
  @Test func theResultsKeptAreBounded() {
    var recent = RecentFilterResults()
    func shown(_ count: Int) -> ShownSections {
      ShownSections(
        [
          LibrarySection(
            name: "A", folder: URL(fileURLWithPath: "/a"),
            pictures: (0..<count).map { SearchFixture.picture("/a/\($0).jpg") })
        ], capacity: count, searchColumns: nil)
    }
    recent.keep(shown(100), for: .none, pictureLimit: 100)
    recent.keep(shown(60), for: PictureQuery("a"), pictureLimit: 100)
    recent.keep(shown(30), for: PictureQuery("ab"), pictureLimit: 100)
    #expect(recent.result(for: PictureQuery("a")) != nil)
    recent.keep(shown(20), for: PictureQuery("abc"), pictureLimit: 100)
    #expect(recent.result(for: PictureQuery("a")) == nil, "the oldest went first")
    #expect(recent.result(for: PictureQuery("ab")) != nil)
    #expect(recent.result(for: .none) != nil, "the whole library's stays")
    #expect(recent.narrowest(holdingMatchesOf: PictureQuery("abcd"))?.rendered == "abc")
    #expect(recent.narrowest(holdingMatchesOf: PictureQuery("x"))?.rendered == "")
    recent.keep(shown(1), for: PictureQuery("is:marked"), pictureLimit: 100)
    #expect(recent.result(for: PictureQuery("is:marked")) == nil, "marks change by themselves")
  }
}

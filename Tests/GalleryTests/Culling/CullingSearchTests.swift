import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// The search's terms on culling (`is:rejected`, `is:picked`, `is:unrated`, `rating>=3`,
/// `label:red`), answered anew each time (never from a result kept, as `is:marked`), and
/// the order by rating.
@Suite struct CullingSearchTests {
  typealias F = SearchFixture

  static func facts(_ stars: Int = 0, _ flag: CullingFlag = .none, _ labels: ColorLabels = [])
    -> PictureFacts
  {
    PictureFacts(
      F.picture("/photos/a.jpg"),
      decision: CullingDecision(rating: StarRating(clamping: stars), flag: flag, labels: labels))
  }

  @Test func isAsksForTheFlagAndTheStars() {
    #expect(F.matches("is:rejected", Self.facts(3, .rejected)))
    #expect(!F.matches("is:rejected", Self.facts(3, .picked)))
    #expect(F.matches("is:picked", Self.facts(0, .picked)))
    #expect(F.matches("is:unrated", Self.facts(0, .rejected)))
    #expect(!F.matches("is:unrated", Self.facts(1)))
    #expect(F.matches("-is:rejected", Self.facts()))
    #expect(F.matches("is:picked|rejected", Self.facts(0, .rejected)))
  }

  @Test(arguments: [
    ("rating>=3", 3, true), ("rating>=3", 2, false), ("rating>3", 3, false),
    ("rating<2", 1, true), ("rating<=2", 2, true), ("rating:4", 4, true),
    ("rating=4", 5, false), ("rating:2-4", 3, true), ("rating:2-4", 5, false),
    ("rating:0", 0, true), ("-rating>=1", 0, true),
  ])
  func ratingComparesTheStars(query: String, stars: Int, matches: Bool) {
    #expect(F.matches(query, Self.facts(stars)) == matches)
  }

  @Test func aRatingNeedsNoDetails() {
    // `facts` has no details: a field that reads them would match nothing.
    #expect(F.matches("rating>=1", Self.facts(2)))
    #expect(F.matches("label:red", Self.facts(0, .none, [.red])))
  }

  @Test func labelAsksForAnyOfItsColours() {
    #expect(F.matches("label:red", Self.facts(0, .none, [.red, .blue])))
    #expect(F.matches("label:Green|blue", Self.facts(0, .none, [.blue])))
    #expect(!F.matches("label:yellow", Self.facts(0, .none, [.red])))
    #expect(!F.matches("label:red", Self.facts()))
    #expect(F.matches("-label:red", Self.facts()))
  }

  @Test func wrongValuesSayWhatIsWanted() {
    #expect(F.problems("rating>=6") == ["rating wants 0 to 5 stars, as in rating>=3 or rating:2-4"])
    #expect(F.problems("rating:x").count == 1)
    #expect(
      F.problems("label:orange") == [
        "label wants red, yellow, green, blue, purple, as in label:red|green"
      ])
    #expect(F.problems("label>red").first?.hasPrefix("label takes :") == true)
    #expect(F.problems("is:rated").count == 1)
  }

  @Test func termsOnDecisionsNeitherNarrowNorAreNarrowed() {
    #expect(!PictureQuery("rating>=4").narrows(PictureQuery("rating>=3")))
    #expect(!PictureQuery("is:rejected x").narrows(PictureQuery("x")))
    #expect(!PictureQuery("x label:red").narrows(PictureQuery("label:red")))
    var recent = RecentFilterResults()
    recent.keep(ShownSections(), for: PictureQuery("rating>=3"), pictureLimit: 100)
    #expect(recent.result(for: PictureQuery("rating>=3")) == nil, "decisions change by themselves")
  }

  @Test func theFilterFindsWhatWasDecided() {
    var state = ArrangementStateTests.state()
    AppFixture.press([.character("X"), .right, .character("4"), .right, .character("6")], &state)
    SearchStateTests.type("is:rejected", &state)
    #expect(ArrangementStateTests.names(state) == ["a.jpg"])
    AppFixture.press([.control("u")] + "rating>=3".map { .character($0) }, &state)
    #expect(ArrangementStateTests.names(state) == ["b.jpg"])
    AppFixture.press([.control("u")] + "label:red".map { .character($0) }, &state)
    #expect(ArrangementStateTests.names(state) == ["C.jpg"])
    AppFixture.press([.control("u")] + "is:unrated -is:rejected".map { .character($0) }, &state)
    #expect(ArrangementStateTests.names(state) == ["C.jpg", "d.jpg"])
    // Typed again after more decisions, a term finds them: nothing kept answers it.
    AppFixture.press([.enter, .character("X")], &state)
    SearchStateTests.type("", &state)
    AppFixture.press([.escape], &state)
    SearchStateTests.type("is:rejected", &state)
    #expect(ArrangementStateTests.names(state).count == 2, "\(ArrangementStateTests.names(state))")
  }

  @Test func decidingLeavesWhatIsShownAsItIs() {
    var state = ArrangementStateTests.state()
    SearchStateTests.type("is:unrated", &state)
    AppFixture.press([.enter, .character("3")], &state)
    // As a mark under `is:marked`: the picture stays until the filter is applied again.
    #expect(ArrangementStateTests.names(state) == ["a.jpg", "b.jpg", "C.jpg", "d.jpg"])
    #expect(state.decision(of: "/pictures/Mixed/a.jpg").rating.stars == 3)
  }

  @Test func sSortsByRatingRejectsBelowTheUnrated() {
    var state = ArrangementStateTests.state()
    AppFixture.press(
      [.character("5"), .right, .character("X"), .right, .right, .character("2")], &state)
    // name, date taken, modified, size, rating.
    AppFixture.press(Array(repeating: .character("s"), count: 4), &state)
    #expect(state.order.key == .rating)
    #expect(ArrangementStateTests.names(state) == ["b.jpg", "C.jpg", "d.jpg", "a.jpg"])
    #expect(ArrangementStateTests.focusedName(state) == "d.jpg", "the focus stays on its picture")
    AppFixture.press([.character("S")], &state)
    #expect(ArrangementStateTests.names(state) == ["a.jpg", "d.jpg", "C.jpg", "b.jpg"])
    #expect(FileActionsStateTests.statusLine(state).contains("rating"))
    #expect(PictureOrder.Key(rawValue: "rating") == .rating, "the state file keeps it")
  }

  /// Decisions read from sidecars while a filter or an order reads decisions show as they
  /// come: `--filter 'rating>=3'` at start finds the pictures rated in darktable.
  @Test func decisionsReadApplyTheFilterAndTheOrderAgain() {
    var state = ArrangementStateTests.state()
    SearchStateTests.type("rating>=3", &state)
    AppFixture.press([.enter], &state)
    #expect(state.content.snapshot.numberOfItems == 0)
    let four = CullingDecision(rating: StarRating(clamping: 4), flag: .none, labels: [])
    _ = state.update(.decisionsRead(["/pictures/Mixed/C.jpg": four]))
    #expect(ArrangementStateTests.names(state) == ["C.jpg"])
    _ = state.update(.decisionsRead(["/pictures/Mixed/C.jpg": four]))
    #expect(ArrangementStateTests.names(state) == ["C.jpg"], "the same decision read again")

    var sorted = ArrangementStateTests.state()
    AppFixture.press(Array(repeating: .character("s"), count: 4), &sorted)
    #expect(sorted.order.key == .rating)
    _ = sorted.update(.decisionsRead(["/pictures/Mixed/a.jpg": four]))
    #expect(ArrangementStateTests.names(sorted) == ["b.jpg", "C.jpg", "d.jpg", "a.jpg"])
  }
}

import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// A query typed a character at a time is looked for among the pictures the last one
/// showed when it only narrows it (`PictureQuery.narrows`): what shows is always what the
/// same query shows when applied to the whole library.
@Suite struct SearchNarrowingTests {
  @Test(arguments: [
    ("camera:x1", "camera:x", true), ("camera:x100v iso>=3", "camera:x100v", true),
    ("iso>=3200", "iso>=3", true), ("iso>3", "iso>=3", true), ("iso>=3", "iso>3", false),
    ("iso>=3", "iso>=3200", false), ("iso<100", "iso<=100", true), ("iso<=100", "iso<100", false),
    ("iso:100-200", "iso>=100", true), ("iso:100-200", "iso>100", false),
    ("iso=200", "iso:100-400", true), ("iso:100-400", "iso=200", false),
    ("iso:200|400", "iso>=200", true), ("iso:100|400", "iso>=200", false),
    ("kitchen", "kit", true), ("Kit", "kit", false), ("kit", "Kit", false),
    ("lens:350", "lens:35", false), ("-camera:x1", "-camera:x", false),
    ("-camera:x", "-camera:x", true), ("camera:x place:a", "place:a", true),
    ("is:marked x", "x", false), ("x", "", false), ("", "x", false),
    ("camera:x100v", "iso>=3", false), ("camera=x100v", "camera:x", false),
    ("camera:x1|z6", "camera:x|z", true), ("camera:x1|z6", "camera:x", false),
    ("camera:x10", "camera:x1", false),
  ])
  func whetherAQueryNarrowsAnother(new: String, old: String, narrows: Bool) {
    #expect(PictureQuery(new).narrows(PictureQuery(old)) == narrows)
  }

  /// `ArrangementStateTests`' library, some of its pictures with details: an X100V's
  /// at ISO 3200, a Z 6's at ISO 100, a screenshot's.
  static func details(of library: Library) -> PictureDetailsBatch {
    let paths = library.sections.flatMap(\.pictures).map(\.path)
    var details: [String: PictureDetails] = [:]
    for (index, path) in paths.enumerated() {
      switch index % 4 {
      case 0: details[path] = SearchFixture.x100v
      case 1: details[path] = SearchFixture.z6
      case 2: details[path] = SearchFixture.screenshot
      default: break
      }
    }
    return PictureDetailsBatch(details)
  }

  static func shown(_ state: GalleryState) -> [[String]] {
    state.sections.map { $0.pictures.map(\.fileName) }
  }

  /// What a gallery started with `text` as its filter shows.
  static func applied(_ text: String) -> [[String]] {
    let library = ArrangementStateTests.library()
    var state = GalleryState(
      library: library, width: 100, height: 30,
      configuration: .init(layoutPreset: .grid, filter: PictureQuery(text)))
    _ = state.update(.detailsRead(details(of: library)))
    return shown(state)
  }

  @Test(arguments: [
    "camera:x100v iso>=3200", "kitchen -iso>=1000 camera:x|z", "iso:100|3200 place:kit",
    "w>=6000 h>=4000", "c.jpg",
  ])
  func whatIsShownAsAQueryIsTypedAndErasedIsWhatItShowsWhole(query: String) {
    let library = ArrangementStateTests.library()
    var state = GalleryState(
      library: library, width: 100, height: 30, configuration: .init(layoutPreset: .grid))
    _ = state.update(.detailsRead(Self.details(of: library)))
    AppFixture.press([.character("/")], &state)
    var typed = ""
    var seen = Set<[[String]]>()
    for character in query {
      typed.append(character)
      AppFixture.press([.character(character)], &state)
      #expect(Self.shown(state) == Self.applied(typed), "\(typed)")
      seen.insert(Self.shown(state))
    }
    while !typed.isEmpty {
      typed.removeLast()
      AppFixture.press([.backspace], &state)
      #expect(Self.shown(state) == Self.applied(typed), "\(typed)")
    }
    #expect(seen.count > 1, "the query narrows as it is typed")
  }
}

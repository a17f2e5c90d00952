import TerminalKit
import Testing

@testable import Gallery

/// The query typed into the filter (`/`) through `update` alone: fields narrow the grid
/// as they are typed, and the status line shows the first problem.
@Suite struct SearchStateTests {
  static func type(_ text: String, _ state: inout GalleryState) {
    AppFixture.press([.character("/")] + text.map { .character($0) }, &state)
  }

  static func statusLine(_ state: GalleryState, width: Int = 100) -> String {
    var state = state
    _ = state.update(.resize(width: width, height: 30, cellAspect: 2))
    return String(GalleryView.render(state).text.split(separator: "\n").last ?? "")
  }

  /// No picture's details are read here: a field that reads them matches none (the
  /// names do).
  @Test func aFieldNarrowsTheGridAsItIsTyped() {
    var state = ArrangementStateTests.state()
    #expect(state.content.shownPictureCount == 7)
    Self.type("iso>=3200", &state)
    #expect(state.filter.terms.first?.field == .iso)
    #expect(state.content.shownPictureCount == 0)
    let status = Self.statusLine(state)
    #expect(status.contains("/iso>=3200"), "\(status)")
    #expect(status.contains("0 of 7 pictures"), "\(status)")
    AppFixture.press([.control("u")] + "kitchen -iso>=1".map { .character($0) }, &state)
    #expect(state.content.shownPictureCount == 0, "unread details match no negation either")
    AppFixture.press([.control("u")] + "kitchen -is:raw".map { .character($0) }, &state)
    #expect(
      ArrangementStateTests.names(state) == ["kitchen-1.jpg", "kitchen-2.jpg", "kitchen-3.jpg"])
  }

  @Test func isMarkedNarrowsToTheMarks() {
    var state = ArrangementStateTests.state()
    AppFixture.press([.right, .character("m")], &state)
    #expect(state.markCount == 1)
    Self.type("is:marked", &state)
    #expect(ArrangementStateTests.names(state) == ["b.jpg"])
    #expect(state.sections.count == 1)
    AppFixture.press([.control("u")] + "-is:marked place:mixed".map { .character($0) }, &state)
    #expect(ArrangementStateTests.names(state) == ["a.jpg", "C.jpg", "d.jpg"])
  }

  @Test func theFirstProblemShowsAfterTheTypedText() {
    var state = ArrangementStateTests.state()
    Self.type("iso>=abc", &state)
    #expect(state.content.shownPictureCount == 7, "no sound term: everything matches")
    let status = Self.statusLine(state)
    #expect(status.contains("/iso>=abc"), "\(status)")
    #expect(status.contains("iso wants a whole number, as in iso>=3200"), "\(status)")
    #expect(status.contains("7 of 7 pictures"), "\(status)")
    // The problem is dim, the text is not.
    let frame = GalleryView.render(state)
    let row = frame.height - 1
    let cells = (0..<frame.width).map { frame[$0, row] }
    let wants = cells.firstIndex { $0.character == "w" } ?? 0
    #expect(cells[wants].style == state.theme.statusHint)
    #expect(cells[2].style == state.theme.statusName)
    // On a narrow screen the count goes first, then the problem is cut at its end.
    let narrow = Self.statusLine(state, width: 40)
    #expect(narrow.contains("/iso>=abc"), "\(narrow)")
    #expect(narrow.contains("iso wants"), "\(narrow)")
    #expect(!narrow.contains("of 7"), "\(narrow)")
    // Corrected, the problem goes.
    AppFixture.press([.backspace, .backspace, .backspace, .character("1")], &state)
    #expect(!Self.statusLine(state).contains("wants"))
  }

  @Test func aProblemAfterASoundTermShowsAndTheTermStillNarrows() {
    var state = ArrangementStateTests.state()
    Self.type("kitchen-2 cam:x", &state)
    #expect(ArrangementStateTests.names(state) == ["kitchen-2.jpg"])
    let status = Self.statusLine(state, width: 160)
    #expect(status.contains("unknown field \"cam\": fields are camera"), "\(status)")
  }

  /// `--filter`: the gallery starts with the query in force, as if typed and kept with
  /// Enter; Esc clears it.
  @Test func aFilterGivenAtStartIsInForceAndEscClearsIt() {
    var state = GalleryState(
      library: ArrangementStateTests.library(), width: 100, height: 30,
      configuration: .init(layoutPreset: .grid, filter: PictureQuery("kitchen -is:raw")))
    #expect(!state.isEditingFilter)
    #expect(
      ArrangementStateTests.names(state) == ["kitchen-1.jpg", "kitchen-2.jpg", "kitchen-3.jpg"])
    #expect(ArrangementStateTests.focusedName(state) == "kitchen-1.jpg")
    let status = Self.statusLine(state)
    #expect(status.contains("/kitchen -is:raw 3 of 7 pictures"), "\(status)")
    AppFixture.press([.escape], &state)
    #expect(state.filter.isEmpty && state.content.shownPictureCount == 7)
  }
}

import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// Acting on what culling decided, through `update` alone: `D` (`trash rejects`) and
/// `trash section rejects` ask to trash the rejected pictures of the gallery or of the
/// focused section, `move picks` and `move section picks` open the move's prompt for the
/// picked ones; a pair goes whole, and with nothing decided so nothing is asked.
@Suite struct CulledPicturesStateTests {
  typealias Files = FileActionsStateTests
  typealias Pairs = PairsTests

  static let office1 = "/pictures/Office/office-1.jpg"
  static let office2 = "/pictures/Office/office-2.jpg"
  static let office3 = "/pictures/Office/office-3.jpg"
  static let kitchen4 = "/pictures/Kitchen/kitchen-4.jpg"
  static let kitchen5 = "/pictures/Kitchen/kitchen-5.jpg"

  static func decided(_ flag: CullingFlag, stars: Int = 0) -> CullingDecision {
    CullingDecision(rating: StarRating(clamping: stars), flag: flag, labels: [])
  }

  /// The showcase library with the actions bound as a configuration file binds them:
  /// `a` trash section rejects, `b` move picks, `e` move section picks.
  static func state() -> GalleryState {
    var keys = KeyMap.standard
    keys.bind(.character("a"), to: KeyAction(named: "trash section rejects"))
    keys.bind(.character("b"), to: KeyAction(named: "move picks"))
    keys.bind(.character("e"), to: KeyAction(named: "move  section picks"))
    var state = GalleryState(
      library: AppFixture.library(), width: 10, height: 10, configuration: .init(keyMap: keys))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    return state
  }

  /// `state()` with office-2 and kitchen-4 rejected, office-3 and kitchen-5 picked,
  /// office-1 given stars; the focus on office-1.
  static func culled() -> GalleryState {
    var state = Self.state()
    _ = state.update(
      .decisionsRead([
        office1: decided(.none, stars: 4),
        office2: decided(.rejected, stars: 2), kitchen4: decided(.rejected),
        office3: decided(.picked), kitchen5: decided(.picked),
      ]))
    return state
  }

  @Test func dAsksToTrashEveryRejectOfTheGalleryAndYesTrashesThemTogether() {
    var state = Self.culled()
    #expect(AppFixture.press([.character("D")], &state).isEmpty, "nothing before the answer")
    #expect(
      state.prompts.actionPrompt?.kind
        == .confirmTrash(PictureFiles(pictures: [[Self.office2], [Self.kitchen4]])))
    #expect(
      Files.statusLine(state).contains(
        "move 2 rejected pictures in the gallery to the Trash? y yes, n no"))
    let commands = AppFixture.press([.character("y")], &state)
    #expect(commands.contains(.act(.trash([Self.office2, Self.kitchen4]))))
    #expect(!state.isPrompting)
  }

  @Test func noLeavesEveryRejectWhereItIs() {
    var state = Self.culled()
    AppFixture.press([.character("D")], &state)
    #expect(AppFixture.press([.character("n")], &state).isEmpty)
    #expect(Files.statusLine(state).contains("nothing trashed"))
  }

  @Test func theSectionsRejectsAreTheFocusedSectionsAlone() {
    var state = Self.culled()
    AppFixture.press([.character("a")], &state)
    #expect(
      state.prompts.actionPrompt?.kind == .confirmTrash(PictureFiles(pictures: [[Self.office2]])))
    #expect(
      Files.statusLine(state).contains(
        "move 1 rejected picture in Office to the Trash? y yes, n no"))
    #expect(
      AppFixture.press([.character("y")], &state).contains(.act(.trash([Self.office2]))))
  }

  @Test func withoutARejectNothingIsAskedAndTheStatusLineSaysSo() {
    var state = Self.state()
    #expect(AppFixture.press([.character("D")], &state).isEmpty)
    #expect(!state.isPrompting)
    #expect(Files.statusLine(state).contains("no rejected picture in the gallery"))
    // Rejects elsewhere are not the focused section's.
    _ = state.update(.decisionsRead([Self.kitchen4: Self.decided(.rejected)]))
    AppFixture.press([.character("a")], &state)
    #expect(!state.isPrompting)
    #expect(Files.statusLine(state).contains("no rejected picture in Office"))
    AppFixture.press([.character("b")], &state)
    #expect(!state.isPrompting)
    #expect(Files.statusLine(state).contains("no picked picture in the gallery"))
  }

  @Test func aRejectedPairGoesWithEveryFile() {
    var state = Pairs.state()
    _ = state.update(.decisionsRead([Pairs.path("IMG_0001.CR3"): Self.decided(.rejected)]))
    AppFixture.press([.character("D")], &state)
    #expect(Files.statusLine(state).contains("1 rejected picture (2 files: 1 raw) in the"))
    #expect(
      AppFixture.press([.character("y")], &state).contains(
        .act(.trash([Pairs.path("IMG_0001.JPG"), Pairs.path("IMG_0001.CR3")]))))
  }

  @Test func movePicksOpensTheMovesPromptForThePicksAlone() {
    var state = Self.culled()
    AppFixture.press([.character("b")], &state)
    #expect(state.prompts.actionPrompt?.kind == .moveTo([Self.office3, Self.kitchen5]))
    #expect(Files.statusLine(state).contains("move 2 picked pictures in the gallery to: "))
    _ = Files.type("Keep", &state)
    let commands = AppFixture.press([.enter], &state)
    #expect(
      commands.contains(.act(.move([Self.office3, Self.kitchen5], to: "Keep", conflicts: .ask))))
    var section = Self.culled()
    AppFixture.press([.character("e")], &section)
    #expect(section.prompts.actionPrompt?.kind == .moveTo([Self.office3]))
    #expect(Files.statusLine(section).contains("move 1 picked picture in Office to: "))
  }

  @Test func theMarksAndTheFocusDoNotChangeWhatIsTaken() {
    var state = Self.culled()
    AppFixture.press([.character("m")], &state)
    AppFixture.press([.character("D")], &state)
    #expect(
      state.prompts.actionPrompt?.kind
        == .confirmTrash(PictureFiles(pictures: [[Self.office2], [Self.kitchen4]])))
  }

  @Test func theActionsAreNamedForTheConfiguration() {
    #expect(KeyMap.standard.action(for: .character("D")) == .trashRejects)
    #expect(KeyAction(named: "trash rejects") == .trashRejects)
    #expect(KeyAction(named: "trash  section rejects") == .trashSectionRejects)
    #expect(KeyAction(named: "move picks") == .movePicks)
    #expect(KeyAction(named: "move section picks") == .moveSectionPicks)
  }
}

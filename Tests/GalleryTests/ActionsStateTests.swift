import CompositionalLayout
import Foundation
import TerminalKit
import Testing

@testable import Gallery

/// Open (`o`), copy (`y`) and the slideshow (`p`) through `update` alone: the commands
/// they ask of the runtime, and what the state does with the answers.
@Suite struct ActionsStateTests {
  static let o = Key.character("o")
  static let y = Key.character("y")
  static let p = Key.character("p")

  @Test func openAsksForTheFocusedPictureOrTheMarkedOnes() {
    var state = AppFixture.state()
    #expect(
      AppFixture.press([Self.o], &state) == [.openExternally(["/pictures/Office/office-1.jpg"])])
    AppFixture.press([.character("m"), .right, .character("m")], &state)
    #expect(
      AppFixture.press([Self.o], &state) == [
        .openExternally(["/pictures/Office/office-1.jpg", "/pictures/Office/office-2.jpg"])
      ])
    AppFixture.press([.enter], &state)
    #expect(AppFixture.press([Self.o], &state).count == 1, "in the detail view too")
  }

  @Test func theOpenersOutcomeIsAMessage() {
    var state = AppFixture.state()
    _ = state.update(.opened(.opened(count: 2, program: "feh")))
    #expect(state.message == .opened(.opened(count: 2, program: "feh")))
    #expect(state.message?.isWarning == false)
    #expect(state.message?.description == "opened 2 pictures with feh")
    _ = state.update(.opened(.failed("cannot open: feh not found (set GALLERY_OPENER)")))
    #expect(state.message?.isWarning == true)
    let status = GalleryView.render(state).text.split(separator: "\n").last ?? ""
    #expect(status.contains("⚠ cannot open: feh not found"))
  }

  @Test func copyAsksForThePathsAndConfirms() {
    var state = AppFixture.state()
    #expect(AppFixture.press([Self.y], &state) == [.copy(["/pictures/Office/office-1.jpg"])])
    #expect(state.message == .copied(count: 1))
    AppFixture.press([.character("M")], &state)
    let commands = AppFixture.press([Self.y], &state)
    guard case .copy(let paths)? = commands.first else {
      Issue.record("no copy in \(commands)")
      return
    }
    #expect(paths.count == 15)
    #expect(state.message?.description == "15 paths copied to the clipboard")
    AppFixture.press([.right], &state)
    #expect(state.message == nil, "the confirmation goes with the next key")
  }

  @Test func theSlideshowAsksForTicksAndAdvancesOnThem() {
    var state = AppFixture.state()
    AppFixture.press([.enter], &state)
    #expect(
      AppFixture.press([Self.p], &state).first == .scheduleTimer(.slideshow, milliseconds: 3000))
    #expect(state.detail.slideshow?.interval == 3)
    #expect(
      state.update(.timerFired(.slideshow)).first == .scheduleTimer(.slideshow, milliseconds: 3000))
    #expect(state.focus == ItemIndexPath(item: 1, section: 0))
    // The last picture wraps round to the first.
    AppFixture.press([.end], &state)
    #expect(state.detail.slideshow == nil, "a key stops it")
    AppFixture.press([Self.p], &state)
    _ = state.update(.timerFired(.slideshow))
    #expect(state.focus == state.firstPath)
  }

  @Test func plusAndMinusChangeThePaceAndOtherKeysStopIt() {
    var state = AppFixture.state()
    AppFixture.press([.enter, Self.p], &state)
    #expect(
      AppFixture.press([.character("+")], &state).first
        == .scheduleTimer(.slideshow, milliseconds: 2000))
    #expect(
      AppFixture.press([.character("+"), .character("+")], &state).first
        == .scheduleTimer(.slideshow, milliseconds: 1000))
    #expect(state.detail.slideshow?.interval == 1, "no faster than a second")
    AppFixture.press([.character("-"), .character("-"), .character("-")], &state)
    #expect(state.detail.slideshow?.interval == 5)
    let status = GalleryView.render(state).text.split(separator: "\n").last ?? ""
    #expect(status.contains("▶ 5 s"))
    // Right stops the slideshow and goes to the next picture as usual.
    let commands = AppFixture.press([.right], &state)
    #expect(commands.first == .cancelTimer(.slideshow))
    #expect(state.detail.slideshow == nil)
    #expect(state.focus == ItemIndexPath(item: 1, section: 0))
    // p and Esc only stop it.
    AppFixture.press([Self.p, .escape], &state)
    #expect(state.detail.slideshow == nil && state.presentation.mode == .detail)
    _ = state.update(.timerFired(.slideshow))
    #expect(state.focus == ItemIndexPath(item: 1, section: 0), "a late tick does nothing")
  }

  @Test func pInTheGridOpensThePictureAndPlays() {
    var state = AppFixture.state()
    let commands = AppFixture.press([.down, Self.p], &state)
    #expect(state.presentation.mode == .detail)
    #expect(commands.first == .scheduleTimer(.slideshow, milliseconds: 3000))
  }
}

/// Key bindings from the configuration and its problems, through `update` alone.
@Suite struct KeyMapStateTests {
  @Test func aReboundKeyDoesItsNewActionAndTheHelpShowsIt() {
    var keyMap = KeyMap.standard
    keyMap.bind(.character("x"), to: .down)
    keyMap.bind(.character("j"), to: nil)
    var state = GalleryState(
      library: AppFixture.library(), width: 10, height: 10,
      configuration: .init(keyMap: keyMap))
    _ = state.update(.resize(width: 100, height: 40, cellAspect: 2))
    _ = state.update(.key(.character("j")))
    #expect(state.focus == ItemIndexPath(item: 0, section: 0), "j does nothing now")
    _ = state.update(.key(.character("x")))
    #expect(state.focus == ItemIndexPath(item: 0, section: 1))
    _ = state.update(.key(.character("?")))
    let help = GalleryView.render(state).text
    #expect(help.contains("left/h down/x up/k right/l"), "\(help)")
  }

  @Test func configurationProblemsShowInTheStatusLine() {
    var state = AppFixture.state()
    _ = state.update(
      .configProblems([
        ConfigProblem(line: 3, "unknown action 'jump'"), ConfigProblem(line: 7, "x"),
      ]))
    #expect(state.message?.isWarning == true)
    let status = GalleryView.render(state).text.split(separator: "\n").last ?? ""
    #expect(status.contains("⚠ config line 3: unknown action 'jump' (and 1 more)"), "\(status)")
  }
}

/// The help on a screen too short for every key scrolls.
@Suite struct HelpScrollStateTests {
  @Test func theHelpScrollsWhereItDoesNotFit() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.character("?")], &state)
    var text = GalleryView.render(state).text
    #expect(text.contains("↓ more") && !text.contains("↑ more"))
    #expect(!text.contains("click focuses"), "the last line is below")
    AppFixture.press([.end], &state)
    text = GalleryView.render(state).text
    #expect(text.contains("click focuses") && text.contains("↑ more") && !text.contains("↓ more"))
    let maximum = OverlaySheet.maximumScroll(lines: KeyBinding.all.count, screenHeight: 24)
    AppFixture.press([.down], &state)
    #expect(state.presentation.overlayScroll == maximum, "no further")
    AppFixture.press([.character("k")], &state)
    #expect(state.presentation.overlayScroll == maximum - 1)
    AppFixture.press([.escape, .character("?")], &state)
    #expect(
      state.presentation.mode == .help && state.presentation.overlayScroll == 0,
      "opens at the top again")
  }
}

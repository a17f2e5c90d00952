import TerminalKit
import Testing

@testable import Gallery

/// The help and the report take every key while open: an action on pictures never
/// reaches the grid or the detail view beneath them, and a user's command never runs.
@Suite struct OverlayRoutingTests {
  /// The actions that act on pictures or on what is shown, which an overlay must swallow.
  static let pictureActions: [KeyAction] = [
    .favorite, .mark, .markSection, .unmarkAll, .sort, .reverseSort, .filter, .group,
    .goToDate, .open, .copy, .trash, .undo, .moveTo, .copyTo, .rename, .turnLeft, .turnRight,
    .flipHorizontal, .flipVertical, .keyHandler, .slideshow, .play, .zoomIn, .zoomOut,
    .actualSize, .fit, .list, .fold,
  ]

  /// A user command bound to `e`.
  static let command = UserCommand(line: "exiftool %f", isDetached: false)

  /// What an action on pictures could change, as text to compare.
  static func fingerprint(_ state: GalleryState) -> String {
    let parts: [Any] = [
      state.browsing, state.presentation, state.prompts, state.content.marks.sorted(),
      state.content.order, state.content.grouping, state.content.favorites,
      state.detail.zoom as Any, state.detail.slideshow as Any, state.message as Any,
    ]
    return parts.map { String(describing: $0) }.joined(separator: "\n")
  }

  /// A gallery with `e` bound to a command, in the grid or in the detail view, with the
  /// help or the report open over it.
  static func state(overlay: Character, inDetail: Bool) -> GalleryState {
    var keyMap = KeyMap.standard
    keyMap.bind(.character("e"), to: command)
    var state = GalleryState(
      library: AppFixture.library(), width: 80, height: 24,
      configuration: .init(keyMap: keyMap))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    AppFixture.press((inDetail ? [.enter] : []) + [.character(overlay)], &state)
    return state
  }

  @Test(arguments: ["?", "!"] as [Character], [false, true])
  func anOverlaySwallowsEveryActionOnPictures(overlay: Character, inDetail: Bool) {
    for action in Self.pictureActions {
      var state = Self.state(overlay: overlay, inDetail: inDetail)
      let mode = state.presentation.mode
      #expect(mode.isOverlay)
      let before = Self.fingerprint(state)
      let commands = state.perform(action)
      #expect(commands.isEmpty, "\(action) in \(mode): \(commands)")
      #expect(Self.fingerprint(state) == before, "\(action) changed the state in \(mode)")
    }
  }

  @Test(arguments: ["?", "!"] as [Character], [false, true])
  func anOverlayRunsNoUserCommand(overlay: Character, inDetail: Bool) {
    var state = Self.state(overlay: overlay, inDetail: inDetail)
    let commands = AppFixture.press([.character("e")], &state)
    #expect(!commands.contains { if case .run = $0 { true } else { false } })
    #expect(state.presentation.mode.isOverlay)
  }

  /// The same command runs once the overlay is closed: the test above is not passing
  /// only because `e` runs nothing anywhere.
  @Test func theCommandRunsOnceTheOverlayIsClosed() {
    var state = Self.state(overlay: "?", inDetail: false)
    let commands = AppFixture.press([.escape, .character("e")], &state)
    #expect(commands.contains { if case .run = $0 { true } else { false } })
  }
}

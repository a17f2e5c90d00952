import CompositionalLayout
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// An animated picture plays in the detail view: frames asked for when it opens, a tick
/// per frame, everything stopped when it closes.
@Suite struct AnimationStateTests {
  static let path = "/pictures/Office/office-1.jpg"

  static func animatedMetadata(frames: Int = 3) -> ImageMetadata {
    ImageMetadata(format: .gif, originalWidth: 64, originalHeight: 48, frameCount: frames)
  }

  static func frame(_ size: TileSize, _ glyph: Character) -> CellArt {
    CellArt(
      size: size, fit: CellFit(column: 0, row: 0, columns: size.columns, rows: size.rows),
      cells: Array(repeating: Cell(glyph), count: size.columns * size.rows))
  }

  /// The detail view open on office-1, known to be an animation; returns the request.
  static func opened() -> (GalleryState, AppCommand?) {
    var state = AppFixture.state(width: 80, height: 24)
    _ = state.update(
      .pictureDescribed(
        path: path, outcome: .ready(metadata: animatedMetadata(), isPartial: false)))
    let commands = state.update(.key(.enter))
    return (state, commands.first { if case .requestAnimation = $0 { true } else { false } })
  }

  @Test func openingAnAnimatedPictureAsksForItsFramesAndPlaysThem() throws {
    var (state, request) = Self.opened()
    guard case .requestAnimation(let path, let size, let generation)? = request else {
      Issue.record("no animation asked for")
      return
    }
    #expect(path == Self.path && size == DetailLayout(screen: state.screen).artBox)
    let first = AnimationPart(
      frames: [Self.frame(size, "1"), Self.frame(size, "2")], delays: [50, 70], loopCount: 2,
      isLast: false)
    let commands = state.update(
      .animationFrames(path: path, size: size, generation: generation, result: .success(first)))
    #expect(commands.contains(.scheduleTimer(.animation, milliseconds: 50)))
    #expect(GalleryView.render(state).text.contains("1111"))
    let ticked = state.update(.timerFired(.animation))
    #expect(state.detail.playback?.current == 1)
    #expect(GalleryView.render(state).text.contains("2222"))
    #expect(
      !ticked.contains { if case .scheduleTimer = $0 { true } else { false } },
      "waits on the last frame it has until the rest arrives")
    let rest = AnimationPart(
      frames: [Self.frame(size, "3")], delays: [100], loopCount: 2, isLast: true)
    let resumed = state.update(
      .animationFrames(path: path, size: size, generation: generation, result: .success(rest)))
    #expect(resumed.contains(.scheduleTimer(.animation, milliseconds: 70)))
    // Two loops of three frames, then it rests on the last.
    var ticks = 0
    while state.detail.playback?.isFinished == false && ticks < 20 {
      _ = state.update(.timerFired(.animation))
      ticks += 1
    }
    #expect(state.detail.playback?.loopsPlayed == 2)
    #expect(ticks == 5)
    #expect(GalleryView.render(state).text.contains("3333"))
  }

  @Test func leavingTheDetailViewStopsEverything() throws {
    var (state, request) = Self.opened()
    guard case .requestAnimation(let path, let size, _)? = request else {
      Issue.record("no animation asked for")
      return
    }
    let commands = state.update(.key(.escape))
    #expect(commands.contains(.cancelAnimation(path: path, size: size)))
    #expect(commands.contains(.cancelTimer(.animation)))
    #expect(state.detail.playback == nil)
  }

  @Test func framesOfACancelledPlaybackAreIgnored() throws {
    var (state, request) = Self.opened()
    guard case .requestAnimation(let path, let size, let generation)? = request else {
      Issue.record("no animation asked for")
      return
    }
    _ = state.update(.key(.escape))
    let reopened = state.update(.key(.enter))
    #expect(
      reopened.contains(.requestAnimation(path: path, size: size, generation: generation + 1)))
    let stale = AnimationPart(
      frames: [Self.frame(size, "x")], delays: [10], loopCount: 0, isLast: true)
    _ = state.update(
      .animationFrames(path: path, size: size, generation: generation, result: .success(stale)))
    #expect(state.detail.playback?.frames.isEmpty == true)
  }

  @Test func aStillPictureAndTheGridPlayNothing() {
    var state = AppFixture.state(width: 80, height: 24)
    _ = state.update(
      .pictureDescribed(
        path: Self.path, outcome: .ready(metadata: Self.animatedMetadata(), isPartial: false)))
    #expect(state.detail.playback == nil, "the grid shows the first frame")
    var still = AppFixture.state(width: 80, height: 24)
    _ = still.update(
      .pictureDescribed(
        path: Self.path,
        outcome: .ready(metadata: Self.animatedMetadata(frames: 1), isPartial: false)))
    let commands = still.update(.key(.enter))
    #expect(!commands.contains { if case .requestAnimation = $0 { true } else { false } })
  }

  @Test func aResizeAsksForFramesOfTheNewSize() throws {
    var (state, request) = Self.opened()
    guard case .requestAnimation(let path, let size, _)? = request else {
      Issue.record("no animation asked for")
      return
    }
    let commands = state.update(.resize(width: 100, height: 30, cellAspect: 2))
    #expect(commands.contains(.cancelAnimation(path: path, size: size)))
    #expect(
      commands.contains {
        if case .requestAnimation(_, let new, _) = $0 { new != size } else { false }
      })
  }
}

import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// Videos play in the detail view through `update` alone: asked for when the view opens
/// on one, each frame drawn as it comes, `Space` pauses and goes on, leaving stops the
/// player; a Live Photo's motion plays once on `Space` and goes back to the still.
@Suite struct VideoPlaybackStateTests {
  static let folder = "/phone"

  static func state(width: Int = 80, height: Int = 24) -> GalleryState {
    func file(_ name: String, _ format: ImageFormat) -> Picture {
      Picture(
        path: folder + "/" + name, fileName: name, byteSize: 1000,
        modificationDate: Date(timeIntervalSince1970: 0), format: format)
    }
    let pictures = [
      file("a.jpg", .jpeg), file("clip.mp4", .video), file("live.heic", .heic),
      file("live.mov", .video),
    ]
    let library = Library(
      sections: [
        LibrarySection(name: "phone", folder: URL(fileURLWithPath: folder), pictures: pictures)
      ], stats: ScanStats())
    var state = GalleryState(
      library: library, width: 10, height: 10, configuration: .init(layoutPreset: .grid))
    _ = state.update(.resize(width: width, height: height, cellAspect: 2))
    return state
  }

  static func frame(_ character: Character, time: Double, size: TileSize) -> VideoFrame {
    let cells = Array(repeating: Cell(character), count: size.columns * size.rows)
    let fit = CellFit(column: 0, row: 0, columns: size.columns, rows: size.rows)
    return VideoFrame(
      content: .cells(CellArt(size: size, fit: fit, cells: cells)), time: time, dropped: 0)
  }

  static func played(_ commands: [AppCommand]) -> (path: String, size: TileSize, generation: Int)? {
    for case .playVideo(let path, let size, let generation, _) in commands {
      return (path, size, generation)
    }
    return nil
  }

  @Test func aVideoPlaysWhenTheDetailViewShowsItAndStopsWhenItLeaves() throws {
    var state = Self.state()
    let opened = AppFixture.press([.right, .enter], &state)
    let play = try #require(Self.played(opened), "\(opened)")
    #expect(play.path == "/phone/clip.mp4")
    #expect(play.size == DetailLayout(screen: state.screen).artBox)
    _ = state.update(
      .videoPlayed(
        generation: play.generation, .frame(Self.frame("▓", time: 3.4, size: play.size))))
    let text = GalleryView.render(state).text
    #expect(text.contains("▓▓▓▓"), "the frame drawn:\n\(text)")
    #expect(text.contains("0:03  Space pause  Esc back"), "\(text)")
    // A frame of a player stopped before does not show.
    _ = state.update(
      .videoPlayed(
        generation: play.generation - 1, .frame(Self.frame("x", time: 1, size: play.size))))
    #expect(!GalleryView.render(state).text.contains("xxxx"))
    let left = AppFixture.press([.escape], &state)
    #expect(left.contains(.stopVideo(generation: play.generation)))
    #expect(state.detail.video == nil)
  }

  @Test func spacePausesAndGoesOnAndPlaysAgainAtTheEnd() throws {
    var state = Self.state()
    let play = try #require(Self.played(AppFixture.press([.right, .enter], &state)))
    let space = Key.character(" ")
    #expect(
      AppFixture.press([space], &state) == [.pauseVideo(generation: play.generation, paused: true)])
    #expect(GalleryView.render(state).text.contains("Space play"))
    #expect(
      AppFixture.press([space], &state)
        == [.pauseVideo(generation: play.generation, paused: false)])
    #expect(state.favorites.isEmpty, "Space on a video is no favourite")
    _ = state.update(.videoPlayed(generation: play.generation, .ended))
    #expect(GalleryView.render(state).text.contains("Space again"))
    let again = AppFixture.press([space], &state)
    #expect(again.contains(.stopVideo(generation: play.generation)))
    let replay = try #require(Self.played(again), "\(again)")
    #expect(replay.path == play.path && replay.generation > play.generation)
  }

  @Test func aLivePhotosMotionPlaysOnSpaceOnceThenTheStillIsBack() throws {
    var state = Self.state()
    let opened = AppFixture.press([.right, .right, .enter], &state)
    #expect(Self.played(opened) == nil, "a still does not move by itself")
    #expect(GalleryView.render(state).text.contains("Space motion"))
    let motion = AppFixture.press([.character(" ")], &state)
    let play = try #require(Self.played(motion), "\(motion)")
    #expect(play.path == "/phone/live.mov")
    #expect(state.favorites.isEmpty)
    _ = state.update(
      .videoPlayed(generation: play.generation, .frame(Self.frame("▓", time: 0, size: play.size))))
    #expect(GalleryView.render(state).text.contains("▓▓▓▓"))
    _ = state.update(.videoPlayed(generation: play.generation, .ended))
    #expect(state.detail.video == nil && state.detail.motionPath == nil)
    #expect(!GalleryView.render(state).text.contains("▓▓▓▓"), "back to the still")
    // Away and back: the still again, not its motion.
    #expect(Self.played(AppFixture.press([.left, .right], &state)) == nil)
  }

  @Test func spaceOnAStillOrInTheGridIsStillAFavourite() {
    var state = Self.state()
    AppFixture.press([.character(" ")], &state)
    #expect(state.favorites.paths == ["/phone/a.jpg"])
    AppFixture.press([.enter, .character(" ")], &state)
    #expect(state.favorites.isEmpty)
  }

  @Test func aResizeGoesOnWhereTheVideoWasPausedOrNot() throws {
    var state = Self.state()
    let play = try #require(Self.played(AppFixture.press([.right, .enter], &state)))
    _ = state.update(
      .videoPlayed(
        generation: play.generation, .frame(Self.frame("▓", time: 2.5, size: play.size))))
    AppFixture.press([.character(" ")], &state)
    let resized = state.update(.resize(width: 100, height: 30, cellAspect: 2))
    #expect(resized.contains(.stopVideo(generation: play.generation)))
    var resumed: (start: Double, generation: Int)?
    for case .playVideo(_, _, let generation, let start) in resized {
      resumed = (start, generation)
    }
    let again = try #require(resumed, "\(resized)")
    #expect(again.start == 2.5)
    #expect(resized.contains(.pauseVideo(generation: again.generation, paused: true)))
    #expect(state.detail.video?.isPaused == true)
  }

  @Test func zoomingInStopsThePlayerAndTheFailedOneIsNotAskedAgain() throws {
    var state = Self.state()
    let play = try #require(Self.played(AppFixture.press([.right, .enter], &state)))
    let zoomed = AppFixture.press([.character("+")], &state)
    #expect(zoomed.contains(.stopVideo(generation: play.generation)))
    let fitted = AppFixture.press([.character("W")], &state)
    let again = try #require(Self.played(fitted))
    _ = state.update(.videoPlayed(generation: again.generation, .failed(.soundOnly)))
    #expect(Self.played(state.update(.resize(width: 80, height: 24, cellAspect: 2))) == nil)
    #expect(state.detail.video?.hasEnded == true && state.detail.video?.frame == nil)
  }
}

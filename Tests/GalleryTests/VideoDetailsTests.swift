import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// What the detail view and the status line say of a video: the size of its frames even when an attached
/// cover of another size is its poster, and a clock that reaches the length at the end.
@Suite struct VideoDetailsTests {
  static let path = "/phone/clip.mp4"

  static func details(_ video: VideoFacts, width: Int = 600, height: Int = 600)
    -> ImageMetadata
  {
    ImageMetadata(format: .video, originalWidth: width, originalHeight: height, video: video)
  }

  /// The grid of `VideoPlaybackStateTests` with `clip.mp4` described as `metadata`, the
  /// detail view open on it; the player's request.
  static func opened(_ metadata: ImageMetadata) throws -> (GalleryState, TileSize, Int) {
    var state = VideoPlaybackStateTests.state(width: 100, height: 30)
    _ = state.update(
      .pictureDescribed(path: path, outcome: .ready(metadata: metadata, isPartial: false)))
    let opened = AppFixture.press([.right, .enter], &state)
    let play = try #require(VideoPlaybackStateTests.played(opened), "\(opened)")
    return (state, play.size, play.generation)
  }

  @Test func aCoveredVideoGivesTheSizeOfItsFrames() throws {
    let cover = Self.details(
      VideoFacts(
        duration: 4, codec: "h264", framesPerSecond: 25, hasAudio: false,
        frameSize: PixelSize(width: 1280, height: 720)))
    let (state, _, _) = try Self.opened(cover)
    let text = GalleryView.render(state).text
    #expect(text.contains("video · 1280×720 pixels · 0:04"), "\(text)")
    // The status line too.
    #expect(text.contains("clip.mp4  1280×720"), "\(text)")
    #expect(!text.contains("600×600"), "\(text)")
  }

  /// A 4-second clip's last frame starts at 3.96 s: the clock still ends at its length.
  @Test func theClockReachesTheLengthAtTheEnd() throws {
    let clip = Self.details(
      VideoFacts(duration: 4, codec: "h264", framesPerSecond: 25, hasAudio: false),
      width: 1280, height: 720)
    var (state, size, generation) = try Self.opened(clip)
    _ = state.update(
      .videoPlayed(
        generation: generation, .frame(VideoPlaybackStateTests.frame("▓", time: 1.5, size: size))))
    #expect(GalleryView.render(state).text.contains("0:01 / 0:04  Space pause"))
    _ = state.update(
      .videoPlayed(
        generation: generation, .frame(VideoPlaybackStateTests.frame("▓", time: 3.96, size: size))))
    _ = state.update(.videoPlayed(generation: generation, .ended))
    let text = GalleryView.render(state).text
    #expect(text.contains("0:04 / 0:04  Space again"), "\(text)")
  }
}

import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// A video's tile has its length in its top edge, its row in the list the length among
/// its facts, and the detail view its length, codec, frame rate and sound.
@Suite struct VideoTileTests {
  static let path = "/pictures/Kitchen/kitchen-1.jpg"
  static let metadata = ImageMetadata(
    format: .video, originalWidth: 1920, originalHeight: 1080,
    video: VideoFacts(duration: 42.4, codec: "h264", framesPerSecond: 29.97, hasAudio: true))

  /// The showcase with kitchen-1's thumbnail arrived as a video's poster.
  static func state(width: Int = 100, height: Int = 30, unicode: Bool = true) -> GalleryState {
    var state = GalleryState(
      library: AppFixture.library(), width: width, height: height,
      configuration: .init(appearance: Appearance(unicode: unicode)))
    _ = state.update(.resize(width: width, height: height, cellAspect: 2))
    for want in state.thumbnailWants() where want.path == path {
      let cells = Array(repeating: Cell("█"), count: want.size.columns * want.size.rows)
      let fit = CellFit(column: 0, row: 0, columns: want.size.columns, rows: want.size.rows)
      _ = state.update(
        .thumbnailReady(
          path: path, size: want.size,
          result: .art(
            CellArt(size: want.size, fit: fit, cells: cells), metadata: metadata,
            isPartial: false)))
    }
    return state
  }

  @Test func theTileShowsTheLength() {
    let text = GalleryView.render(Self.state()).text
    #expect(text.components(separatedBy: "▶ 0:42").count - 1 == 1, "\(text)")
    let ascii = GalleryView.render(Self.state(unicode: false)).text
    #expect(ascii.contains("> 0:42"), "\(ascii)")
  }

  @Test func theDetailViewGivesLengthCodecAndRate() {
    var state = Self.state()
    AppFixture.press([.down, .enter], &state)
    let text = GalleryView.render(state).text
    #expect(
      text.contains("video · 1920×1080 pixels · 0:42 · H.264 · 29.97 fps · with sound"),
      "\(text)")
  }

  @Test func lengthsReadAsAClock() {
    func text(_ seconds: Double) -> String? {
      VideoFacts(duration: seconds, codec: "", framesPerSecond: nil, hasAudio: false).durationText
    }
    #expect(text(0.2) == "0:01")
    #expect(text(59.6) == "1:00")
    #expect(text(725) == "12:05")
    #expect(text(3723) == "1:02:03")
    #expect(text(0) == nil)
  }
}

import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// A picture past the decoding limits: the grid's badge says so in a few words that fit
/// a tile, the detail view says what was measured, in one line of an 80-column screen.
@Suite struct TooLargePictureTests {
  static let path = "/pictures/Kitchen/kitchen-1.jpg"
  static let error = ThumbnailError.tooLarge(
    width: 20_000, height: 20_000,
    cap: .memory(
      bytes: 1_600_000_000, limit: 512 << 20, decodedWidth: 20_000, decodedHeight: 20_000))

  /// The showcase at `width`×`height` with kitchen-1 refused as too large, its tiles and
  /// its details both.
  static func state(width: Int = 80, height: Int = 24) -> GalleryState {
    var state = AppFixture.state(width: width, height: height)
    for want in state.thumbnailWants() where want.path == path {
      _ = state.update(.thumbnailReady(path: path, size: want.size, result: .failed(error)))
    }
    _ = state.update(.pictureDescribed(path: path, outcome: .failed(error)))
    return state
  }

  @Test func theBadgeIsShortAndTheDetailsSayWhatWasMeasured() {
    #expect(BrokenReason.short(Self.error) == "too large")
    var state = Self.state()
    AppFixture.press([.down, .enter], &state)
    for want in state.thumbnailWants() where want.path == Self.path {
      _ = state.update(
        .thumbnailReady(path: Self.path, size: want.size, result: .failed(Self.error)))
    }
    let lines = GalleryView.render(state).text.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("✗ too large") })
    let message = "Decoding this 20000×20000 picture needs 1.5 GiB, past the 512 MiB limit"
    #expect(lines.contains { $0.contains("error  " + message) }, "\(lines.joined(separator: "\n"))")
  }

  @Test func theGridShowsTheBadgeWhole() {
    let lines = GalleryView.render(Self.state(width: 90, height: 50)).text.split(separator: "\n")
      .map(String.init)
    #expect(lines.contains { $0.contains("✗ too large") }, "\(lines.joined(separator: "\n"))")
  }
}

import Gallery
import Pictures
import Thumbnails

/// The commands for the thumbnail service's moving pictures: animations and videos.
extension GalleryRuntime {
  /// Asks for an animation's frames; they come back as `animationFrames` of `generation`.
  func requestAnimation(path: String, size: TileSize, generation: Int) {
    let inbox = self.inbox
    thumbnails?.animate(
      animationRequest(path, size), priority: ThumbnailPriority.detail.rawValue
    ) { request, result in
      inbox.post(
        .animationFrames(
          path: request.path, size: request.size, generation: generation, result: result))
    }
  }

  /// The request for an animation's frames, in the state's colours and symbols.
  func animationRequest(_ path: String, _ size: TileSize) -> ThumbnailRequest {
    ThumbnailWant(path: path, size: size, priority: .detail).request(in: state.appearance)
  }

  /// A player for the video at `path` in `size`: in pixels when the screen draws them, else
  /// in cell art; its reports come back as `videoPlayed` of `generation`.
  func playVideo(path: String, size: TileSize, generation: Int, from start: Double)
    -> (any VideoPlaying)?
  {
    guard let thumbnails else { return nil }
    let inbox = self.inbox
    let deliver: @Sendable (VideoPlayerEvent) -> Void = {
      inbox.post(.videoPlayed(generation: generation, $0))
    }
    let want = ThumbnailWant(path: path, size: size, priority: .detail)
    if let cell = state.viewport.cellPixels,
      let request = want.pictureRequest(in: state.appearance, cell: cell)
    {
      return thumbnails.playVideo(request, from: start, deliver: deliver)
    }
    return thumbnails.playVideo(want.request(in: state.appearance), from: start, deliver: deliver)
  }
}

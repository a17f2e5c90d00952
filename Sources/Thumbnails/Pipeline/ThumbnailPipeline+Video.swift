import Pictures
import TerminalKit

extension ThumbnailPipeline {
  /// Plays the video at `request.path` muted in `request.size` from `start` seconds in,
  /// each frame drawn as cell art at cell art's working resolution (`pixelBox`); `deliver`
  /// gets the frames as they are due (on the player's thread). Stop the player returned
  /// when it is no longer shown.
  package func playVideo(
    _ request: ThumbnailRequest, from start: Double,
    deliver: @escaping @Sendable (VideoPlayerEvent) -> Void
  ) -> any VideoPlaying {
    let configuration = self.configuration
    return VideoPlayer(
      path: request.path, from: start, box: Self.pixelBox(for: request.size, configuration),
      limits: configuration.decoder.limits,
      render: { image, metadata in
        let fit = CellFit.fitting(
          width: metadata.displayWidth, height: metadata.displayHeight, in: request.size,
          cellAspect: configuration.cellAspect)
        return .cells(
          CellArtRenderer.render(
            image, size: request.size, fit: fit, mode: request.mode, symbols: request.symbols))
      }, deliver: deliver)
  }

  /// Plays the video at `request.path` muted as pictures in pixels for the request's
  /// protocol, each frame fitted into the tile's pixels and named afresh.
  package func playVideo(
    _ request: PictureRequest, from start: Double,
    deliver: @escaping @Sendable (VideoPlayerEvent) -> Void
  ) -> any VideoPlaying {
    let identifiers = self.identifiers
    return VideoPlayer(
      path: request.path, from: start, box: (request.tile.pixelWidth, request.tile.pixelHeight),
      limits: configuration.decoder.limits, background: request.tile.background,
      render: { image, _ in .image(request.encode(image).image(id: identifiers.next())) },
      deliver: deliver)
  }
}

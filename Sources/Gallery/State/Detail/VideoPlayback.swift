import Pictures

/// The detail view's video: which file plays for which picture, the frame showing, and
/// whether it is paused or over.
///
/// The player keeps its own time (`AppCommand.playVideo`) and hands over frames as they
/// are due; the state keeps only the latest, so a video of any length takes one frame's
/// memory here.
package struct VideoPlayback: Sendable {
  /// The file playing: the video itself, or a Live Photo's motion.
  package let path: String
  /// The picture shown while it plays (the Live Photo's still for its motion).
  package let picturePath: String
  /// The box the frames fill.
  package let size: TileSize
  /// Tells this playback's frames from a stopped one's still on their way.
  package let generation: Int
  /// Whether it is a Live Photo's motion, played once on a key, back to the still after.
  package let isMotion: Bool
  /// The frame showing, nil before the first.
  package private(set) var frame: VideoFrame?
  /// Whether `Space` paused it.
  package private(set) var isPaused = false
  /// Whether it has played to its end, or could not play.
  package private(set) var hasEnded = false
  /// Why it could not play (the poster then stays), nil while it plays or played.
  package private(set) var failure: ThumbnailError?

  init(
    path: String, picturePath: String, size: TileSize, generation: Int, isMotion: Bool,
    isPaused: Bool = false
  ) {
    self.path = path
    self.picturePath = picturePath
    self.size = size
    self.generation = generation
    self.isMotion = isMotion
    self.isPaused = isPaused
  }

  /// Pauses it, or goes on with it (`Space`).
  mutating func togglePause() { isPaused.toggle() }

  /// Takes what the player reported.
  mutating func receive(_ event: VideoPlayerEvent) {
    switch event {
    case .frame(let frame): self.frame = frame
    case .ended: hasEnded = true
    case .failed(let error):
      frame = nil
      hasEnded = true
      failure = error
    }
  }
}

import Pictures

/// The detail view's video: which file plays for which picture, the frame showing, and
/// whether it is paused or over.
///
/// The player keeps its own time (`AppCommand.playVideo`) and hands over frames as they
/// are due; the state keeps only the latest, so a video of any length takes one frame's
/// memory here.
public struct VideoPlayback: Sendable {
  /// The file playing: the video itself, or a Live Photo's motion.
  public let path: String
  /// The picture shown while it plays (the Live Photo's still for its motion).
  public let picturePath: String
  /// The box the frames fill.
  public let size: TileSize
  /// Tells this playback's frames from a stopped one's still on their way.
  public let generation: Int
  /// Whether it is a Live Photo's motion, played once on a key, back to the still after.
  public let isMotion: Bool
  /// The frame showing, nil before the first.
  public private(set) var frame: VideoFrame?
  /// Whether `Space` paused it.
  public private(set) var isPaused = false
  /// Whether it has played to its end, or could not play.
  public private(set) var hasEnded = false
  /// Why it could not play (the poster then stays), nil while it plays or played.
  public private(set) var failure: ThumbnailError?

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

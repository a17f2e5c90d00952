/// Part of an animation drawn as cell art: the frames decoded since the last part.
public struct AnimationPart: Sendable {
  /// Each frame as cell art in the request's box, in order.
  public var frames: [CellArt]
  /// How long each frame shows, in milliseconds.
  public var delays: [Int]
  /// How many times the animation plays; 0 for forever.
  public var loopCount: Int
  /// Whether this is the last part: the animation is whole (or cut short, see
  /// `truncation`).
  public var isLast: Bool
  /// Why the animation stops before the file's last frame, when it does.
  public var truncation: AnimationTruncation?

  public init(
    frames: [CellArt], delays: [Int], loopCount: Int, isLast: Bool,
    truncation: AnimationTruncation? = nil
  ) {
    self.frames = frames
    self.delays = delays
    self.loopCount = loopCount
    self.isLast = isLast
    self.truncation = truncation
  }
}

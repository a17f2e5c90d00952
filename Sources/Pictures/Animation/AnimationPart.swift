/// Part of an animation drawn as cell art: the frames decoded since the last part.
package struct AnimationPart: Sendable {
  /// Each frame as cell art in the request's box, in order.
  package var frames: [CellArt]
  /// How long each frame shows, in milliseconds.
  package var delays: [Int]
  /// How many times the animation plays; 0 for forever.
  package var loopCount: Int
  /// Whether this is the last part: the animation is whole (or cut short, see
  /// `truncation`).
  package var isLast: Bool
  /// Why the animation stops before the file's last frame, when it does.
  package var truncation: AnimationTruncation?

  package init(
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

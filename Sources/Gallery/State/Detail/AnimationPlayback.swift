import Pictures

/// The detail view's animation: its frames as they arrive, which one shows, and whether
/// the next is due.
///
/// The state asks the run loop for the frames (`requestAnimation`) and for a tick after
/// each frame's delay (`scheduleTimer`); the frames come in parts, so playing starts
/// before a long animation is whole. When frames run out before the rest has arrived,
/// the playback waits on the last one it has.
package struct AnimationPlayback: Sendable {
  /// The picture and the box its frames fill.
  package let path: String
  package let size: TileSize
  /// Tells this playback's frames from a cancelled one's still on their way.
  package let generation: Int
  /// The frames so far, as cell art, and how long each shows (milliseconds).
  package private(set) var frames: [CellArt] = []
  package private(set) var delays: [Int] = []
  /// How many times the animation plays; 0 for forever.
  package private(set) var loopCount = 0
  /// Whether every frame there will be has arrived.
  package private(set) var isComplete = false
  /// Why it ends before the file's last frame, when it does.
  package private(set) var truncation: AnimationTruncation?
  /// The frame showing.
  package private(set) var current = 0
  /// Loops played to their end.
  package private(set) var loopsPlayed = 0
  /// Whether a tick is asked for and not yet come.
  package private(set) var isTicking = false

  init(path: String, size: TileSize, generation: Int) {
    self.path = path
    self.size = size
    self.generation = generation
  }

  /// The frame to draw, nil before the first arrives.
  package var currentFrame: CellArt? { frames.indices.contains(current) ? frames[current] : nil }

  /// Whether the playback has stopped for good (its loops played, or one frame only).
  package var isFinished: Bool {
    isComplete && (frames.count < 2 || (loopCount > 0 && loopsPlayed >= loopCount))
  }

  /// Takes a part of the frames.
  mutating func receive(_ part: AnimationPart) {
    frames += part.frames
    delays += part.delays
    loopCount = part.loopCount
    isComplete = part.isLast
    truncation = part.truncation
  }

  /// The delay before the next tick, when one should be asked for now: the playback has
  /// a frame after the current one (or will loop), and no tick is due. Notes the tick.
  mutating func nextTick() -> Int? {
    guard !isTicking, !isFinished, frames.indices.contains(current) else { return nil }
    let hasNext = current + 1 < frames.count || (isComplete && frames.count > 1)
    guard hasNext else { return nil }
    isTicking = true
    return max(1, delays[current])
  }

  /// The tick came: shows the next frame (back to the first at the end of a loop).
  mutating func advance() {
    isTicking = false
    if current + 1 < frames.count {
      current += 1
    } else if isComplete && frames.count > 1 {
      loopsPlayed += 1
      if loopCount == 0 || loopsPlayed < loopCount { current = 0 }
    }
  }
}

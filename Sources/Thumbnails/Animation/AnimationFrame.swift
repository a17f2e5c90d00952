import Pictures

/// One frame of an animation: the whole canvas as it shows, and how long it stays.
package struct AnimationFrame: Sendable {
  /// The composited canvas (every earlier frame's disposal applied), finished like a
  /// still picture: over the background, fitted to the target, sRGB, upright.
  package var image: PixelImage
  /// How long the frame shows, in milliseconds, after `displayDelay(milliseconds:)`.
  package var delay: Int
  /// True when the data ended inside this frame (the rest of it is left as the
  /// canvas was).
  package var isPartial: Bool

  package init(image: PixelImage, delay: Int, isPartial: Bool = false) {
    self.image = image
    self.delay = delay
    self.isPartial = isPartial
  }

  /// The delay browsers show for a frame that asks for `milliseconds`: under 20 ms
  /// becomes 100 ms. Old GIFs ask for 0 or 10 ms meaning "as fast as you can",
  /// which browsers have long slowed to this, and animations are made to look right
  /// there; WebP gets the same rule.
  package static func displayDelay(milliseconds: Int) -> Int {
    milliseconds < 20 ? 100 : milliseconds
  }
}

/// A whole animation decoded at once (`ImageDecoder.decodeAnimation`).
package struct Animation: Sendable {
  /// The frames in order; at least one.
  package var frames: [AnimationFrame]
  /// The picture's metadata; `frameCount` counts the file's frames, which may be
  /// more than `frames` holds (see `truncation`).
  package var metadata: ImageMetadata
  /// How many times the animation plays; 0 for forever.
  package var loopCount: Int
  /// Why frames were left out, or nil when all are here.
  package var truncation: AnimationTruncation?

  /// The frames' bytes.
  package var byteCount: Int { frames.reduce(0) { $0 + $1.image.byteCount } }
  /// One pass through the frames, in milliseconds.
  package var duration: Int { frames.reduce(0) { $0 + $1.delay } }
}

/// A format's frames as its library composites them: full canvas, RGBA with
/// straight alpha, before the finishing steps.
protocol FrameSource: AnyObject {
  var canvasWidth: Int { get }
  var canvasHeight: Int { get }
  /// Loop count from the file; 0 for forever.
  var loopCount: Int { get }
  /// The next frame, or nil after the last.
  func nextFrame() throws(ThumbnailError) -> RawFrame?
}

/// A frame from a `FrameSource`: the canvas's pixels (`canvasWidth × canvasHeight × 4`
/// bytes) and the delay the file asks for, in milliseconds.
struct RawFrame {
  var pixels: [UInt8]
  var delay: Int
  var isPartial: Bool
}

import Pictures

/// The frames of a picture, decoded one at a time (`ImageDecoder.animationFrames`).
///
/// Holds the file and its decoder's state, so one frame's canvas at a time is in
/// memory besides the frames the caller keeps: a detail view can turn each into
/// cell art and drop the pixels. A still picture yields one frame. Not thread-safe:
/// use it from one thread at a time (it may move between threads).
package final class AnimationReader {
  /// The picture's metadata; `frameCount` is the file's frame count.
  package let metadata: ImageMetadata
  /// How many times the animation plays; 0 for forever. Known once the first frame
  /// is read (GIF keeps it in an extension before the first frame).
  package var loopCount: Int {
    if case .frames(let source, _, _, _) = content { return source.loopCount }
    return 0
  }
  /// Why `next()` stopped before the file's last frame; set when it happens.
  package private(set) var truncation: AnimationTruncation?
  /// Frames handed out so far.
  package private(set) var framesRead = 0

  private enum Content {
    case frames(any FrameSource, Finishing, allowed: Int, limitedBy: AnimationTruncation)
    case still(DecodedImage?)
  }
  private var content: Content

  init(still: DecodedImage) {
    metadata = still.metadata
    content = .still(still)
  }

  init(source: any FrameSource, finishing: Finishing, metadata: ImageMetadata, limits: DecodeLimits)
  {
    self.metadata = metadata
    let byWork = max(
      1, limits.maxAnimationPixels / max(1, source.canvasWidth * source.canvasHeight))
    let allowed = limits.framesAllowed(width: source.canvasWidth, height: source.canvasHeight)
    content = .frames(
      source, finishing, allowed: allowed,
      limitedBy: byWork < limits.maxFrames ? .workLimit : .frameLimit)
  }

  /// The next frame, or nil after the last one (or the last the limits allow; then
  /// `truncation` says why).
  ///
  /// Throws when the first frame cannot be decoded; a later frame that fails ends
  /// the animation there, with `truncation` `.dataEnded`.
  package func next() throws(ThumbnailError) -> AnimationFrame? {
    switch content {
    case .still(let decoded):
      guard let decoded else { return nil }
      content = .still(nil)
      framesRead = 1
      return AnimationFrame(image: decoded.image, delay: 0, isPartial: decoded.isPartial)
    case .frames(let source, let finishing, let allowed, let limit):
      guard truncation == nil else { return nil }
      if framesRead >= allowed {
        if metadata.frameCount > framesRead { truncation = limit }
        return nil
      }
      let raw: RawFrame?
      do {
        raw = try source.nextFrame()
      } catch {
        if framesRead == 0 { throw error }
        truncation = .dataEnded
        return nil
      }
      guard let raw else {
        if framesRead == 0 { throw .noFrames }
        return nil
      }
      framesRead += 1
      if raw.isPartial { truncation = .dataEnded }
      let delay = AnimationFrame.displayDelay(milliseconds: raw.delay)
      let isPartial = raw.isPartial
      // Consumed, so a frame nothing else holds (WebP's copy) is composited in place.
      let image = PixelImage(
        width: source.canvasWidth, height: source.canvasHeight, pixels: (consume raw).pixels)
      return AnimationFrame(
        image: finishing.finish(consume image), delay: delay, isPartial: isPartial)
    }
  }
}

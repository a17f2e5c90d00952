import CImageFormats
import Pictures

/// Animated WebP frames through libwebp's animation decoder, which composites each
/// frame onto the canvas (blending and disposal as the file says).
///
/// The decoder is handed only the first frames the limits allow (the container
/// rebuilt without the rest), so its per-frame records stay bounded too.
final class WebPFrameSource: FrameSource {
  let canvasWidth: Int
  let canvasHeight: Int
  let loopCount: Int

  private let bytes: PinnedBytes
  private let decoder: OpaquePointer
  private var timestamp: Int32 = 0

  /// Checks the canvas against the limits (its memory with `finishing`'s copy, see
  /// `WebPDecoder.animationCost`) before libwebp allocates it.
  init(bytes: [UInt8], container: WebPContainer, limits: DecodeLimits, finishing: Finishing)
    throws(ThumbnailError)
  {
    guard let canvas = container.canvas else { throw .corrupt("an animation without a canvas") }
    try limits.check(width: canvas.width, height: canvas.height)
    try limits.check(
      WebPDecoder.animationCost(width: canvas.width, height: canvas.height, finishing: finishing))
    if container.frameCount == 0 { throw container.isTruncated ? .truncated : .noFrames }
    let allowed = limits.framesAllowed(width: canvas.width, height: canvas.height)
    let kept =
      container.frameCount > allowed
      ? WebPContainer(bytes, keepFrames: allowed).trimmed(bytes) : bytes
    self.bytes = PinnedBytes(kept)
    guard let decoder = gallery_webp_anim_decoder(self.bytes.base, self.bytes.count) else {
      throw container.isTruncated ? .truncated : .corrupt("the WebP animation is invalid")
    }
    self.decoder = decoder
    var info = WebPAnimInfo()
    guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
      Int(info.canvas_width) == canvas.width, Int(info.canvas_height) == canvas.height
    else {
      WebPAnimDecoderDelete(decoder)
      throw .corrupt("the WebP animation's canvas is inconsistent")
    }
    canvasWidth = canvas.width
    canvasHeight = canvas.height
    loopCount = Int(info.loop_count)
  }

  deinit { WebPAnimDecoderDelete(decoder) }

  func nextFrame() throws(ThumbnailError) -> RawFrame? {
    guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
    var buffer: UnsafeMutablePointer<UInt8>?
    var now: Int32 = 0
    guard WebPAnimDecoderGetNext(decoder, &buffer, &now) != 0, let buffer else {
      throw .corrupt("a frame of the WebP animation is invalid")
    }
    let pixels = Array(UnsafeBufferPointer(start: buffer, count: canvasWidth * canvasHeight * 4))
    defer { timestamp = now }
    return RawFrame(pixels: pixels, delay: Int(now - timestamp), isPartial: false)
  }
}

/// Caps checked before any allocation that a file's contents decide.
public struct DecodeLimits: Hashable, Sendable {
  /// Most pixels a header may claim (width × height).
  public var maxPixels: Int
  /// Longest side a header may claim, in pixels.
  public var maxSide: Int
  /// Largest file read, in bytes.
  public var maxFileBytes: Int64
  /// Most frames an animation yields; later frames are left out (and the frames
  /// counted past it are not decoded).
  public var maxFrames: Int
  /// Most bytes of decoded frames an animation keeps at once in
  /// `ImageDecoder.decodeAnimation`.
  public var maxAnimationBytes: Int
  /// Most pixels composited across an animation's frames (canvas pixels × frames):
  /// the bound on work, so a file of a thousand huge frames cannot keep a core busy
  /// for minutes. Roughly 2–5 ns a pixel.
  public var maxAnimationPixels: Int

  public init(
    maxPixels: Int = 100_000_000, maxSide: Int = 30_000, maxFileBytes: Int64 = 256 << 20,
    maxFrames: Int = 1000, maxAnimationBytes: Int = 256 << 20,
    maxAnimationPixels: Int = 500_000_000
  ) {
    self.maxPixels = maxPixels
    self.maxSide = maxSide
    self.maxFileBytes = maxFileBytes
    self.maxFrames = maxFrames
    self.maxAnimationBytes = maxAnimationBytes
    self.maxAnimationPixels = maxAnimationPixels
  }

  /// 100 megapixels, 30,000 pixels a side, 256 MiB a file; 1000 frames, 256 MiB of
  /// frames and 500 million composited pixels an animation.
  public static let standard = DecodeLimits()

  /// Throws `.tooLarge` when the claimed dimensions pass a cap (or are not positive).
  func check(width: Int, height: Int) throws(ThumbnailError) {
    guard width > 0, height > 0 else { throw .corrupt("the header gives no size") }
    if width > maxSide || height > maxSide
      || width.multipliedReportingOverflow(by: height)
        .partialValue > maxPixels
    {
      throw .tooLarge(width: width, height: height)
    }
  }

  /// How many frames of a `width`×`height` canvas may be composited: at most
  /// `maxFrames` and the work bound, and always the first.
  func framesAllowed(width: Int, height: Int) -> Int {
    let perFrame = max(1, width.multipliedReportingOverflow(by: height).partialValue)
    return max(1, min(maxFrames, maxAnimationPixels / perFrame))
  }
}

/// Caps checked before any allocation that a file's contents decide.
public struct DecodeLimits: Hashable, Sendable {
  /// Most pixels a header may claim (width × height).
  public var maxPixels: Int
  /// Longest side a header may claim, in pixels.
  public var maxSide: Int
  /// Largest file read, in bytes.
  public var maxFileBytes: Int64

  public init(maxPixels: Int = 100_000_000, maxSide: Int = 30_000, maxFileBytes: Int64 = 256 << 20)
  {
    self.maxPixels = maxPixels
    self.maxSide = maxSide
    self.maxFileBytes = maxFileBytes
  }

  /// 100 megapixels, 30,000 pixels a side, 256 MiB a file.
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
}

/// Decodes JPEG and PNG files into RGBA pictures, safely.
///
/// The format comes from the bytes, never the name. Every failure is a
/// `ThumbnailError`; no allocation follows a header past `limits`.
public struct ImageDecoder: Sendable {
  public var limits: DecodeLimits
  /// What transparent pixels are composited over.
  public var background: BackgroundColor

  public init(limits: DecodeLimits = .standard, background: BackgroundColor = .black) {
    self.limits = limits
    self.background = background
  }

  /// Decodes the file at `path`.
  ///
  /// - Parameter target: a bounding box in display pixels the picture will be shown
  ///   in; JPEG decodes at the smallest DCT scale still covering the picture fitted
  ///   into it (aspect kept). Nil decodes full size. PNG always decodes full size.
  public func decode(path: String, target: (width: Int, height: Int)? = nil)
    throws(ThumbnailError) -> DecodedImage
  {
    let bytes = try SafeFileReader.read(path: path, limits: limits)
    return try decode(bytes: bytes, target: target)
  }

  /// Decodes bytes already in memory.
  public func decode(bytes: [UInt8], target: (width: Int, height: Int)? = nil)
    throws(ThumbnailError) -> DecodedImage
  {
    if bytes.isEmpty { throw .empty }
    if Int64(bytes.count) > limits.maxFileBytes {
      throw .fileTooLarge(bytes: Int64(bytes.count), limit: limits.maxFileBytes)
    }
    switch ImageFormat.sniff(bytes) {
    case .jpeg: return try JPEGDecoder.decode(bytes, target: target, limits: limits)
    case .png: return try PNGDecoder.decode(bytes, background: background, limits: limits)
    case nil: throw .unsupportedFormat
    }
  }
}

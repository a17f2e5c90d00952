import Pictures

/// Caps checked before any allocation that a file's contents decide.
///
/// Two kinds. The claims (`maxSide`, `maxPixels`) are checked against the size a header
/// gives, before any work: a header of a few bytes can claim billions of pixels. The
/// memory cap (`maxDecodeBytes`) is checked against what the decode will hold at the scale
/// it decodes at (`DecodeCost`), still before allocating: a 200-megapixel JPEG decoded at
/// 1/8 for a thumbnail holds about 12 MiB, the same picture as a PNG 760 MiB.
package struct DecodeLimits: Hashable, Sendable {
  /// Most bytes of pixel buffers one decode holds at once, at the scale it decodes at: the
  /// output, the library's own buffers of picture size (a progressive JPEG's coefficients,
  /// a lossless WebP's ARGB, libheif's planes) and the copies the finishing steps make.
  /// The file's bytes, capped by `maxFileBytes`, come on top.
  package var maxDecodeBytes: Int
  /// Most pixels a header may claim (width × height), whatever the scale decoded at. A
  /// scaled decode still reads every block of the picture, so this bounds the work a
  /// small file with a huge header makes; with `maxSide` at 30,000 (900 megapixels at
  /// most) it binds only for a larger side cap.
  package var maxPixels: Int
  /// Longest side a header may claim, in pixels.
  package var maxSide: Int
  /// Largest file read, in bytes.
  package var maxFileBytes: Int64
  /// Largest SVG document, in bytes (after `maxFileBytes`; a compressed `.svgz` counts
  /// as stored). librsvg cannot be stopped once it renders, and its time grows with
  /// the document, so this bounds the work a drawing makes besides librsvg's own caps
  /// (a million elements, 500,000 references) and the pixels it is rendered at.
  package var maxSVGBytes: Int
  /// Longest one file may keep LibRaw (a raw file's development) or FFmpeg (a video's
  /// poster) working, in seconds: both are checked between their steps and stop past it
  /// (a damaged file can keep a demosaic or a decoder busy for minutes).
  package var maxDecodeSeconds: Int
  /// Most frames an animation yields; later frames are left out (and the frames
  /// counted past it are not decoded).
  package var maxFrames: Int
  /// Most bytes of decoded frames an animation keeps at once in
  /// `ImageDecoder.decodeAnimation`.
  package var maxAnimationBytes: Int
  /// Most pixels composited across an animation's frames (canvas pixels × frames):
  /// the bound on work, so a file of a thousand huge frames cannot keep a core busy
  /// for minutes. Roughly 2–5 ns a pixel.
  package var maxAnimationPixels: Int

  package init(
    maxDecodeBytes: Int = 512 << 20, maxPixels: Int = 1_000_000_000, maxSide: Int = 30_000,
    maxFileBytes: Int64 = 256 << 20, maxSVGBytes: Int = 16 << 20, maxDecodeSeconds: Int = 30,
    maxFrames: Int = 1000,
    maxAnimationBytes: Int = 256 << 20,
    maxAnimationPixels: Int = 500_000_000
  ) {
    self.maxDecodeBytes = maxDecodeBytes
    self.maxPixels = maxPixels
    self.maxSide = maxSide
    self.maxFileBytes = maxFileBytes
    self.maxSVGBytes = maxSVGBytes
    self.maxDecodeSeconds = maxDecodeSeconds
    self.maxFrames = maxFrames
    self.maxAnimationBytes = maxAnimationBytes
    self.maxAnimationPixels = maxAnimationPixels
  }

  /// 512 MiB of pixels a decode; a gigapixel and 30,000 pixels a side a header; 256 MiB a
  /// file, 16 MiB an SVG; 30 s a raw development or a video's poster; 1000 frames, 256 MiB of frames and 500 million composited pixels an animation.
  package static let standard = DecodeLimits()

  /// Throws `.tooLarge` when the claimed dimensions pass the side or pixel cap, `.corrupt`
  /// when they are not positive. Overflow-free for any `Int` sizes.
  func check(width: Int, height: Int) throws(ThumbnailError) {
    guard width > 0, height > 0 else { throw .corrupt("the header gives no size") }
    if width > maxSide || height > maxSide {
      throw .tooLarge(width: width, height: height, cap: .side(maxSide))
    }
    if Saturating.product(width, height) > maxPixels {
      throw .tooLarge(width: width, height: height, cap: .pixels(maxPixels))
    }
  }

  /// Throws `.tooLarge` when the decode `cost` describes needs more than `maxDecodeBytes`.
  /// Called after `check(width:height:)` and before the buffers exist.
  func check(_ cost: DecodeCost) throws(ThumbnailError) {
    guard cost.bytes > maxDecodeBytes else { return }
    throw .tooLarge(
      width: cost.width, height: cost.height,
      cap: .memory(
        bytes: cost.bytes, limit: maxDecodeBytes, decodedWidth: cost.decodedWidth,
        decodedHeight: cost.decodedHeight))
  }

  /// Whether `bytes` more of buffers fit the memory cap: for a buffer only some decodes
  /// need (a damaged JPEG's second pass), asked when it is needed.
  func allows(bytes: Int) -> Bool { bytes <= maxDecodeBytes }

  /// How many frames of a `width`×`height` canvas may be composited: at most
  /// `maxFrames` and the work bound, and always the first.
  func framesAllowed(width: Int, height: Int) -> Int {
    let perFrame = max(1, Saturating.product(width, height))
    return max(1, min(maxFrames, maxAnimationPixels / perFrame))
  }
}

/// What one decode holds at its peak, worked out from the headers before any of it is
/// allocated: the picture's size, the size it decodes at, and the bytes of its buffers.
struct DecodeCost: Hashable, Sendable {
  /// The picture's size as its header gives it, in pixels.
  var width: Int
  var height: Int
  /// The size the library decodes it at, in pixels: smaller than the picture for a
  /// DCT-scaled JPEG, WebP's scaled decode or a HEIF thumbnail item.
  var decodedWidth: Int
  var decodedHeight: Int
  /// Bytes of pixel buffers held at once at the peak; saturates at `Int.max`.
  var bytes: Int

  /// A picture decoded whole: `bytesPerPixel` bytes for each of its pixels, plus `extra`.
  static func whole(width: Int, height: Int, bytesPerPixel: Int, extra: Int = 0) -> DecodeCost {
    DecodeCost(
      width: width, height: height, decodedWidth: width, decodedHeight: height,
      bytes: Saturating.sum(Saturating.product(width, height, bytesPerPixel), extra))
  }
}

/// Integer arithmetic that stops at `Int.max` instead of trapping: sizes come from
/// headers, and a fuzzed one may claim anything.
enum Saturating {
  /// The product of non-negative `factors`, or `Int.max` when it overflows.
  static func product(_ factors: Int...) -> Int {
    var result = 1
    for factor in factors {
      let (value, overflow) = result.multipliedReportingOverflow(by: max(0, factor))
      if overflow { return .max }
      result = value
    }
    return result
  }

  /// The sum of non-negative `terms`, or `Int.max` when it overflows.
  static func sum(_ terms: Int...) -> Int {
    var result = 0
    for term in terms {
      let (value, overflow) = result.addingReportingOverflow(max(0, term))
      if overflow { return .max }
      result = value
    }
    return result
  }
}

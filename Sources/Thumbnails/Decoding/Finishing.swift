import Pictures

/// The steps every decoder but JPEG's and PNG's shares after its library hands back
/// pixels: alpha over the background, shrinking to the target, colour conversion
/// to sRGB, then orientation.
///
/// Shrinking first keeps the colour conversion and the turn cheap (a thumbnail is a
/// few thousand pixels, the picture millions); the small copy is what the
/// thumbnail pipeline would have made anyway.
struct Finishing: Sendable {
  /// A bounding box in display pixels (after orientation), or nil for full size.
  var target: (width: Int, height: Int)?
  var background: BackgroundColor
  /// EXIF orientation (1–8) still to apply to the stored pixels.
  var orientation = 1
  /// The conversion from the picture's colour profile, if it names one.
  var colour: ColorTransform?

  init(
    target: (width: Int, height: Int)?, background: BackgroundColor, orientation: Int = 1,
    colour: ColorSource? = nil
  ) {
    self.target = target
    self.background = background
    self.orientation = orientation
    self.colour = colour.map(ColorManagement.transform(for:))
  }

  /// The description of the picture's colour profile, for `ImageMetadata.colorProfile`.
  var colorProfile: String? { colour?.description }

  /// The finished picture.
  ///
  /// Takes `image` over: handed a buffer nothing else holds (pass it with `consume`), it
  /// composites and converts in place, so the only copies are the shrunk one and the
  /// turned one, which `extraBytes` counts.
  func finish(_ image: consuming PixelImage) -> PixelImage {
    image.composite(over: background)
    if let fitted = shrunkSize(width: image.width, height: image.height) {
      image = image.downscaled(toWidth: fitted.width, height: fitted.height)
    }
    colour?.apply(to: &image)
    return image.oriented(orientation)
  }

  /// The size `finish` shrinks a `width`×`height` picture to, or nil when it keeps it.
  private func shrunkSize(width: Int, height: Int) -> (width: Int, height: Int)? {
    guard let target else { return nil }
    let box = orientation >= 5 ? (target.height, target.width) : target
    let fitted = JPEGDecoder.fittedSize(width: width, height: height, in: box)
    return fitted.width < width || fitted.height < height ? fitted : nil
  }

  /// Bytes `finish` allocates beside a decoded `width`×`height` picture it owns: the
  /// shrunk copy (4 bytes a pixel, with one row of 16-byte sums for the shrinking) or the
  /// turned one, whichever is larger. The picture is freed once shrunk, so shrinking and
  /// turning are never both beside it. Saturating.
  func extraBytes(width: Int, height: Int) -> Int {
    let turns = (2...8).contains(orientation)
    if let fitted = shrunkSize(width: width, height: height) {
      return Saturating.sum(
        Saturating.product(fitted.width, fitted.height, 4), Saturating.product(width, 16))
    }
    return turns ? Saturating.product(width, height, 4) : 0
  }
}

extension PixelImage {
  /// A picture from `width`×`height` RGBA rows `stride` bytes apart at `base`.
  init(copying base: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let row = width * 4
    pixels.withUnsafeMutableBufferPointer { target in
      guard let out = target.baseAddress else { return }
      for y in 0..<height {
        (out + y * row).update(from: base + y * stride, count: row)
      }
    }
    self.init(width: width, height: height, pixels: pixels)
  }
}

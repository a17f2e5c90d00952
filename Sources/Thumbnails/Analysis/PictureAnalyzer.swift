import Pictures

/// Measures pictures for the survey, the detail view and the order by sharpness: their
/// histogram, clipping and sharpness
/// (`PictureAnalysis`).
///
/// An ordinary picture is decoded at a reduced scale, covering a `decodeSide`-pixel box (a
/// JPEG at the smallest DCT scale that covers it: a 4032×3024 photo at 3/8, 1512×1134),
/// and all three are measured on those pixels. A camera raw file's histogram and clipping
/// come from its sensor data, before any development, and its sharpness from its embedded
/// preview decoded the same way (none when it has no preview LibRaw can take out). A raw
/// whose data is no mosaic (a linear DNG) is measured on its preview alone. A video is
/// measured on its poster. Every failure is a `ThumbnailError`; the decoder's limits cap
/// what a file may make it allocate (a 24-megapixel raw's data is 48 MB). Safe from any
/// thread; each call takes its time (tens to hundreds of milliseconds), so call it off
/// the main thread.
package struct PictureAnalyzer: Sendable {
  /// Decodes the pictures, with its limits and background.
  package var decoder: ImageDecoder

  package init(decoder: ImageDecoder = ImageDecoder()) {
    self.decoder = decoder
  }

  /// The box pictures are decoded to cover: `Sharpness.scale` on both sides.
  package static let decodeSide = Sharpness.scale

  /// The analysis of the picture at `path`, the sharpness over `focus` (fractions of the
  /// picture as shown; the whole frame when nil).
  package func analyze(path: String, focus: FocusRegion? = nil)
    -> Result<PictureAnalysis, ThumbnailError>
  {
    Result { () throws(ThumbnailError) in try analysis(path: path, focus: focus) }
  }

  private func analysis(path: String, focus: FocusRegion?) throws(ThumbnailError)
    -> PictureAnalysis
  {
    let limits = decoder.limits
    let box = (Self.decodeSide, Self.decodeSide)
    return try decoder.withFile(
      path: path,
      raw: { descriptor throws(ThumbnailError) in
        try RAWFile.reading(descriptor: descriptor, limits: limits) {
          file throws(ThumbnailError) in try analysis(of: file, focus: focus)
        }
      },
      video: { file throws(ThumbnailError) in
        let poster = try VideoDecoder.decode(
          file, target: box, background: decoder.background, limits: limits)
        return try Self.analysis(of: poster.image, focus: focus)
      },
      bytes: { bytes throws(ThumbnailError) in
        if ImageDecoder.sniff(bytes.prefix(ImageFormat.sniffLength)) == .raw {
          return try RAWFile.reading(bytes, limits: limits) { file throws(ThumbnailError) in
            try analysis(of: file, focus: focus)
          }
        }
        return try Self.analysis(of: decoder.decode(bytes: bytes, target: box).image, focus: focus)
      })
  }

  /// The histogram and clipping of the raw file at `path` from its sensor data alone:
  /// the file read and unpacked, its mosaic counted, no preview decoded. Nil when its
  /// data is no mosaic; `.unsupported` when the file is no raw LibRaw reads.
  package func sensorTones(path: String)
    -> Result<(histogram: ToneHistogram, clipping: Clipping)?, ThumbnailError>
  {
    let limits = decoder.limits
    func measure(_ file: RAWFile) throws(ThumbnailError) -> (ToneHistogram, Clipping)? {
      try limits.check(width: Int(file.facts.raw_width), height: Int(file.facts.raw_height))
      return try file.measureSensor()
    }
    return Result { () throws(ThumbnailError) in
      try decoder.withFile(
        path: path,
        raw: { descriptor throws(ThumbnailError) in
          try RAWFile.reading(descriptor: descriptor, limits: limits, measure)
        },
        video: { _ throws(ThumbnailError) in throw .unsupportedFormat },
        bytes: { bytes throws(ThumbnailError) in
          guard ImageDecoder.sniff(bytes.prefix(ImageFormat.sniffLength)) == .raw else {
            throw .unsupportedFormat
          }
          return try RAWFile.reading(bytes, limits: limits, measure)
        })
    }
  }

  /// A raw file's analysis: the sensor's tones, the preview's sharpness.
  private func analysis(of file: RAWFile, focus: FocusRegion?) throws(ThumbnailError)
    -> PictureAnalysis
  {
    let facts = file.facts
    try decoder.limits.check(width: Int(facts.raw_width), height: Int(facts.raw_height))
    let sensor = try file.measureSensor()
    let preview = previewImage(of: file)
    if let sensor {
      return PictureAnalysis(
        histogram: sensor.histogram, clipping: sensor.clipping,
        sharpness: preview.flatMap { Self.sharpness(of: $0, focus: focus) })
    }
    guard let preview else {
      throw .unsupportedVariant(.raw, "sensor data that is no mosaic, and no preview")
    }
    return try Self.analysis(of: preview, focus: focus)
  }

  /// The embedded preview decoded to cover the box, turned as the raw is; nil when there
  /// is none, or it cannot be decoded.
  private func previewImage(of file: RAWFile) -> PixelImage? {
    let orientation = RAWDecoder.orientation(flip: Int(file.facts.flip))
    let finishing = Finishing(
      target: (Self.decodeSide, Self.decodeSide), background: decoder.background,
      orientation: orientation)
    switch file.preview() {
    case .jpeg(let jpeg)?:
      // Stored pixels: the raw's orientation is applied once, by the finishing.
      let stored = (Self.decodeSide, Self.decodeSide)
      guard
        let decoded = try? JPEGDecoder.decode(
          jpeg, target: stored, limits: decoder.limits, readsMetadata: false)
      else { return nil }
      return finishing.finish(decoded.image)
    case .bitmap(let bitmap)?:
      return finishing.finish(bitmap)
    case nil:
      return nil
    }
  }

  /// The analysis of decoded pixels.
  static func analysis(of image: PixelImage, focus: FocusRegion?) throws(ThumbnailError)
    -> PictureAnalysis
  {
    guard let rows = PixelRows.rgba(width: image.width, height: image.height),
      let analysis = image.pixels.withUnsafeBytes({ ToneAnalysis.analyze($0, rows, focus: focus) })
    else { throw .corrupt("the decoder gave pixels of no size") }
    return analysis
  }

  /// The sharpness of decoded pixels.
  static func sharpness(of image: PixelImage, focus: FocusRegion?) -> Sharpness? {
    guard let rows = PixelRows.rgba(width: image.width, height: image.height) else { return nil }
    return image.pixels.withUnsafeBytes { Sharpness.measure($0, rows, focus: focus) }
  }
}

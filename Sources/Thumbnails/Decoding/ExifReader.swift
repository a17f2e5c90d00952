import Pictures

/// Orientation, date, camera, lens and exposure from an EXIF block, as the decoders report
/// them, read by the same walk of its directories as the library index's (`TIFFTags`).
struct ExifFields {
  var orientation = 1
  var dateTaken: String?
  /// The make before the model, unless the model already starts with it.
  var cameraModel: String?
  var lens: String?
  var exposure: Exposure?
  /// The JPEG of IFD1 (the small preview cameras store), when asked for and present.
  var thumbnail: [UInt8]?

  init() {}

  /// The fields of `jpeg` (a JPEG file, or its start); defaults when it has no EXIF.
  ///
  /// The block is found by `JPEGHead`'s walk, which steps over fill bytes before a marker
  /// (libexif's own marker scan, used once, gave up on them: a picture then decoded
  /// upright-as-stored while its embedded preview was turned).
  init(jpeg: [UInt8]) {
    if let block = JPEGHead.exif(bytes: jpeg) {
      self.init(payload: block[...])
    } else {
      self.init()
    }
  }

  /// The fields of an EXIF payload as other containers hold it: a TIFF structure
  /// (`II*\0`, `MM\0*`), possibly after an `Exif\0\0` header (WebP's EXIF chunk,
  /// a HEIF Exif item past its offset field, a JPEG XL `Exif` box).
  init(payload: ArraySlice<UInt8>) { self.init(payload: payload, keepsThumbnail: false) }

  /// The fields of an EXIF payload; with `keepsThumbnail`, IFD1's JPEG is copied out too
  /// (`thumbnail`), when it lies within the payload.
  init(payload: ArraySlice<UInt8>, keepsThumbnail: Bool) {
    let head = FileHead(memory: payload)
    let base = payload.starts(with: HeadDetails.exifSignature) ? 6 : 0
    guard let tags = TIFFTags(head: head, base: base, end: head.fileSize) else { return }
    if let orientation = tags.orientation, (1...8).contains(orientation) {
      self.orientation = orientation
    }
    dateTaken = tags.dateTimeOriginal ?? tags.dateTime
    cameraModel = Self.camera(make: tags.make, model: tags.model)
    lens = tags.lens
    exposure = tags.exposure
    if keepsThumbnail, let range = tags.thumbnail {
      thumbnail = head.array(at: range.lowerBound, count: range.count)
    }
  }

  /// The camera as people name it: the make before the model, unless the model already
  /// starts with the make's first word (`Canon EOS R5`; `NIKON Z 6` for a make of
  /// `NIKON CORPORATION`).
  static func camera(make: String?, model: String?) -> String? {
    guard let model else { return make }
    guard let make, let brand = make.split(separator: " ").first,
      !model.lowercased().hasPrefix(brand.lowercased())
    else { return model }
    return "\(make) \(model)"
  }
}

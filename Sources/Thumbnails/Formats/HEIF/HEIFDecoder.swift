import CImageFormats
import Pictures

/// HEIC, AVIF and other HEIF pictures through libheif: the primary image only.
///
/// libheif applies the container's transforms (`irot` rotation, `imir` mirror,
/// `clap` crop) while decoding, and those are what orient a HEIF picture: the
/// EXIF orientation an iPhone also writes describes the same turn, so it is read
/// for the record but never applied (that would turn the picture twice). The
/// reported size is therefore the displayed one, with orientation 1. A thumbnail
/// item at least as large as the target is decoded instead of the picture, unless it
/// cannot be.
enum HEIFDecoder {
  static func decode(
    _ bytes: [UInt8], format: ImageFormat, target: (width: Int, height: Int)?,
    background: BackgroundColor, limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    try open(for: format)
    guard let context = heif_context_alloc() else { throw .corrupt("libheif did not start") }
    defer { heif_context_free(context) }
    // libheif refuses larger images itself, before allocating for them; decoding
    // runs on this thread (our pool), not libheif's own.
    heif_context_set_maximum_image_size_limit(context, Int32(clamping: limits.maxSide))
    heif_context_set_max_decoding_threads(context, 0)

    // `without_copy`: libheif reads `bytes` in place, so everything happens inside.
    return try bytes.withBytes { raw throws(ThumbnailError) -> DecodedImage in
      try check(
        heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil),
        format)
      var primary: OpaquePointer?
      try check(heif_context_get_primary_image_handle(context, &primary), format)
      guard let primary else { throw .corrupt("the file has no primary image") }
      defer { heif_image_handle_release(primary) }
      let width = Int(heif_image_handle_get_width(primary))
      let height = Int(heif_image_handle_get_height(primary))
      try limits.check(width: width, height: height)
      try limits.check(
        width: Int(heif_image_handle_get_ispe_width(primary)),
        height: Int(heif_image_handle_get_ispe_height(primary)))

      let exif = exifFields(primary)
      let finishing = Finishing(target: target, background: background, colour: colour(primary))
      let needed = target.map { JPEGDecoder.fittedSize(width: width, height: height, in: $0) }
      let thumbnail = needed.flatMap { thumbnailHandle(primary, covering: $0, of: (width, height)) }
      defer { if let thumbnail { heif_image_handle_release(thumbnail) } }
      // A damaged thumbnail does not make a sound picture unreadable: the primary image
      // then (found by the image fuzz target: the grid showed a picture whose details
      // failed). Nor does one that decodes smaller than its header said, which would be
      // drawn enlarged (also found by fuzzing: 64×48 for a box needing 120×90).
      let image: PixelImage
      var size = (width: width, height: height)
      if let thumbnail,
        let small = try? decodeImage(
          thumbnail, format: format, limits: limits, finishing: finishing),
        let needed, small.width >= needed.width, small.height >= needed.height
      {
        image = small
      } else {
        image = try decodeImage(primary, format: format, limits: limits, finishing: finishing)
        // The picture's own size over its header's: a damaged `ispe` said 64×53 of a
        // 64×48 picture, which then fitted its cells at the wrong shape (found by the
        // image fuzz target).
        size = (image.width, image.height)
      }
      let metadata = ImageMetadata(
        format: format, originalWidth: size.width, originalHeight: size.height,
        dateTaken: exif.dateTaken, cameraModel: exif.cameraModel,
        colorProfile: finishing.colorProfile, lens: exif.lens, exposure: exif.exposure)
      return DecodedImage(image: finishing.finish(consume image), metadata: metadata)
    }
  }

  /// Opens libheif (once per process, as its plugins load) or says why `format` cannot
  /// be read.
  static func open(for format: ImageFormat) throws(ThumbnailError) {
    try CodecLibrary.heif.open(for: format)
    _ = initialised
  }

  /// libheif's plugins load once per process, after the library is opened.
  private static let initialised: Void = { _ = heif_init(nil) }()

  /// The image behind `handle`, decoded to 8-bit RGBA with its transforms applied, after
  /// the memory cap is checked for it (`cost`).
  private static func decodeImage(
    _ handle: OpaquePointer, format: ImageFormat, limits: DecodeLimits, finishing: Finishing
  ) throws(ThumbnailError) -> PixelImage {
    try limits.check(cost(handle, finishing: finishing))
    guard let options = heif_decoding_options_alloc() else {
      throw .corrupt("libheif did not start")
    }
    defer { heif_decoding_options_free(options) }
    options.pointee.ignore_transformations = 0
    options.pointee.convert_hdr_to_8bit = 1
    var image: OpaquePointer?
    try check(
      heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options),
      format)
    guard let image else { throw .corrupt("libheif returned no image") }
    defer { heif_image_release(image) }
    let width = Int(heif_image_get_width(image, heif_channel_interleaved))
    let height = Int(heif_image_get_height(image, heif_channel_interleaved))
    try limits.check(width: width, height: height)
    var stride: Int32 = 0
    guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
      Int(stride) >= width * 4
    else { throw .corrupt("libheif returned no pixels") }
    return PixelImage(copying: plane, width: width, height: height, stride: Int(stride))
  }

  /// What decoding the image behind `handle` holds at its peak, whole at its size, the
  /// largest of three moments: libheif converting its decoded planes (up to three colours
  /// and alpha at full resolution, 1 byte a sample, 2 past 8 bits, then through a 16-bit
  /// RGBA step of 8 bytes a pixel) into its RGBA (4); its RGBA and our copy (4 + 4); our
  /// copy and the finishing's. Measured, peak resident memory less the file: 7.8 bytes a
  /// pixel for a 12-megapixel 4:2:0 HEIC, 8.4 for 4:4:4 (both 8-bit; this counts 8).
  private static func cost(_ handle: OpaquePointer, finishing: Finishing) -> DecodeCost {
    let width = Int(heif_image_handle_get_width(handle))
    let height = Int(heif_image_handle_get_height(handle))
    let deep =
      heif_image_handle_get_luma_bits_per_pixel(handle) > 8
      || heif_image_handle_get_chroma_bits_per_pixel(handle) > 8
    let samples = heif_image_handle_has_alpha_channel(handle) != 0 ? 4 : 3
    let converting = samples * (deep ? 2 : 1) + (deep ? 8 : 0) + 4
    let pixels = Saturating.product(width, height)
    let bytes = max(
      Saturating.product(pixels, converting), Saturating.product(pixels, 8),
      Saturating.sum(
        Saturating.product(pixels, 4), finishing.extraBytes(width: width, height: height)))
    return DecodeCost(
      width: width, height: height, decodedWidth: width, decodedHeight: height, bytes: bytes)
  }

  /// The smallest thumbnail item of the picture's shape at least `needed` (the picture's
  /// fit in the target box), by its header.
  private static func thumbnailHandle(
    _ primary: OpaquePointer, covering needed: (width: Int, height: Int),
    of size: (width: Int, height: Int)
  ) -> OpaquePointer? {
    let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
    guard count > 0 else { return nil }
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
    var best: (handle: OpaquePointer, pixels: Int)?
    for id in ids.prefix(listed) {
      var handle: OpaquePointer?
      guard heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok,
        let handle
      else { continue }
      let width = Int(heif_image_handle_get_width(handle))
      let height = Int(heif_image_handle_get_height(handle))
      // Same shape as the picture (so the same transforms), and big enough.
      let sameShape = abs(width * size.height - height * size.width) <= max(width, height) * 2
      if sameShape, width >= needed.width, height >= needed.height,
        width * height < (best?.pixels ?? Int.max)
      {
        if let best { heif_image_handle_release(best.handle) }
        best = (handle, width * height)
      } else {
        heif_image_handle_release(handle)
      }
    }
    return best?.handle
  }

  /// The primary image's colour profile: an ICC profile, or an nclx description.
  private static func colour(_ handle: OpaquePointer) -> ColorSource? {
    switch heif_image_handle_get_color_profile_type(handle) {
    case heif_color_profile_type_prof, heif_color_profile_type_rICC:
      let size = heif_image_handle_get_raw_color_profile_size(handle)
      guard size > 0, size < 1 << 24 else { return nil }
      var profile = [UInt8](repeating: 0, count: size)
      guard heif_image_handle_get_raw_color_profile(handle, &profile).code == heif_error_Ok else {
        return nil
      }
      return .icc(profile)
    case heif_color_profile_type_nclx:
      var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
      let error = heif_image_handle_get_nclx_color_profile(handle, &nclx)
      // libheif 1.15 hands out the profile it allocated also with some errors (an
      // unknown primaries code): freed either way, or each such picture leaks 52 bytes.
      guard let nclx else { return nil }
      defer { heif_nclx_color_profile_free(nclx) }
      guard error.code == heif_error_Ok else { return nil }
      let p = nclx.pointee
      let xy = Chromaticities(
        redX: Double(p.color_primary_red_x), redY: Double(p.color_primary_red_y),
        greenX: Double(p.color_primary_green_x), greenY: Double(p.color_primary_green_y),
        blueX: Double(p.color_primary_blue_x), blueY: Double(p.color_primary_blue_y),
        whiteX: Double(p.color_primary_white_x), whiteY: Double(p.color_primary_white_y))
      return .nclx(
        primaries: Int(p.color_primaries.rawValue),
        transfer: Int(p.transfer_characteristics.rawValue),
        xy: xy)
    default:
      return nil
    }
  }

  /// The primary image's EXIF fields, nothing decoded: libheif reads the boxes only.
  static func exif(_ bytes: [UInt8]) -> ExifFields {
    guard (try? open(for: .heif)) != nil else { return ExifFields() }
    guard let context = heif_context_alloc() else { return ExifFields() }
    defer { heif_context_free(context) }
    return bytes.withUnsafeBytes { raw in
      let read = heif_context_read_from_memory_without_copy(
        context, raw.baseAddress, raw.count, nil)
      var primary: OpaquePointer?
      guard read.code == heif_error_Ok,
        heif_context_get_primary_image_handle(context, &primary).code == heif_error_Ok,
        let primary
      else { return ExifFields() }
      defer { heif_image_handle_release(primary) }
      return exifFields(primary)
    }
  }

  /// Date and camera from the primary image's Exif item (past its 4-byte offset).
  private static func exifFields(_ handle: OpaquePointer) -> ExifFields {
    var id: heif_item_id = 0
    guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else {
      return ExifFields()
    }
    let size = heif_image_handle_get_metadata_size(handle, id)
    guard size > 4, size < 1 << 24 else { return ExifFields() }
    var data = [UInt8](repeating: 0, count: size)
    guard heif_image_handle_get_metadata(handle, id, &data).code == heif_error_Ok else {
      return ExifFields()
    }
    let offset = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
    guard offset >= 0, 4 + offset < size else { return ExifFields() }
    return ExifFields(payload: data[(4 + offset)...])
  }

  /// Throws the `ThumbnailError` for a libheif error; nothing for success.
  static func check(_ error: heif_error, _ format: ImageFormat) throws(ThumbnailError) {
    guard error.code != heif_error_Ok else { return }
    let message = error.message.map { String(cString: $0) } ?? "libheif error"
    switch (error.code, error.subcode) {
    case (heif_error_Invalid_input, heif_suberror_End_of_data): throw .truncated
    case (_, heif_suberror_Security_limit_exceeded):
      throw .corrupt("past libheif's safety limits (\(message))")
    case (heif_error_Unsupported_filetype, _), (heif_error_Unsupported_feature, _):
      throw .unsupportedVariant(format, message.lowercased())
    default: throw .corrupt(message)
    }
  }
}

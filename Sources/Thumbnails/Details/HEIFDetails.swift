import CImageFormats
import Pictures
import TerminalKit

/// A HEIF's (HEIC, AVIF) details through libheif, read box by box from the file (its
/// boxes and its EXIF item, never its coded data): the primary image's size as shown
/// (libheif applies the container's turns, so the orientation is 1, as the decoder
/// reports it) and its EXIF item's tags.
enum HEIFDetails {
  static func read(_ head: FileHead, into details: inout PictureDetails) {
    let format = details.format ?? .heif
    do throws(ThumbnailError) {
      try HEIFDecoder.open(for: format)
    } catch {
      details.brokenReason = error.shortReason
      return
    }
    guard let context = heif_context_alloc() else { return }
    defer { heif_context_free(context) }
    let source = Unmanaged.passUnretained(head).toOpaque()
    do throws(ThumbnailError) {
      try HEIFDecoder.check(heif_context_read_from_reader(context, reader, source, nil), format)
      var primary: OpaquePointer?
      try HEIFDecoder.check(heif_context_get_primary_image_handle(context, &primary), format)
      guard let primary else { throw .corrupt("the file has no primary image") }
      defer { heif_image_handle_release(primary) }
      let width = Int(heif_image_handle_get_width(primary))
      let height = Int(heif_image_handle_get_height(primary))
      if width > 0, height > 0 { details.storedSize = PixelSize(width: width, height: height) }
      if let tags = exif(primary) {
        details.take(tags)
        details.orientation = 1  // the container's turns are applied; EXIF's is a record
        details.focusPoint = focusPoint(tags, primary, shown: (width, height))
      }
    } catch {
      details.brokenReason = error.shortReason
    }
  }

  /// The focus point of the picture as libheif shows it (`shown`: turned by the
  /// container). The tags count pixels of the coded picture (`ispe`'s size); the
  /// container's turns are not told, but a phone writes EXIF's orientation to match them,
  /// which the sizes check: when no quarter turn took the coded size to the shown one,
  /// EXIF's quarter turn was not applied (heif-enc keeps a JPEG's EXIF, turning nothing),
  /// and when one did that EXIF does not name, which way is not known: no point.
  private static func focusPoint(
    _ tags: TIFFTags, _ handle: OpaquePointer, shown: (width: Int, height: Int)
  ) -> FocusPoint? {
    let coded = PixelSize(
      width: Int(heif_image_handle_get_ispe_width(handle)),
      height: Int(heif_image_handle_get_ispe_height(handle)))
    guard coded.width > 0, coded.height > 0 else { return nil }
    let named = tags.orientation.flatMap { (1...8).contains($0) ? $0 : nil } ?? 1
    let quarterTurned = coded.width == shown.height && coded.height == shown.width
    let turn: Int
    if coded.width == coded.height || quarterTurned == (named >= 5) {
      turn = named
    } else if !quarterTurned {
      turn = 1
    } else {
      return nil
    }
    return tags.focusPoint(storedSize: coded, orientation: turn)
  }

  /// The tags of the image's `Exif` item (past its 4-byte offset field).
  private static func exif(_ handle: OpaquePointer) -> TIFFTags? {
    var id: heif_item_id = 0
    guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else {
      return nil
    }
    let size = heif_image_handle_get_metadata_size(handle, id)
    guard size > 4, size < 1 << 24 else { return nil }
    var data = [UInt8](repeating: 0, count: size)
    guard heif_image_handle_get_metadata(handle, id, &data).code == heif_error_Ok else {
      return nil
    }
    let skip = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
    guard skip >= 0, 4 + skip < size else { return nil }
    let item = FileHead(memory: data)
    let start = item.matches(HeadDetails.exifSignature, at: 4 + skip) ? 10 + skip : 4 + skip
    return TIFFTags(head: item, base: start, end: size)
  }

  /// libheif's reads, served by the file's head (`FileHead` as the user data); the reader
  /// lives as long as the program, libheif keeping a pointer to it.
  nonisolated(unsafe) private static let reader: UnsafeMutablePointer<heif_reader> = {
    let reader = UnsafeMutablePointer<heif_reader>.allocate(capacity: 1)
    reader.initialize(
      to: heif_reader(
        reader_api_version: 1,
        get_position: { userdata in
          guard let userdata else { return 0 }
          return Int64(Unmanaged<FileHead>.fromOpaque(userdata).takeUnretainedValue().position)
        },
        read: { data, size, userdata in
          guard let data, let userdata else { return 1 }
          let head = Unmanaged<FileHead>.fromOpaque(userdata).takeUnretainedValue()
          guard head.copy(at: head.position, count: size, into: data) else { return 1 }
          head.position += size
          return 0
        },
        seek: { position, userdata in
          guard let userdata, position >= 0 else { return 1 }
          let head = Unmanaged<FileHead>.fromOpaque(userdata).takeUnretainedValue()
          guard position <= Int64(head.fileSize) else { return 1 }
          head.position = Int(position)
          return 0
        },
        wait_for_file_size: { target, userdata in
          guard let userdata else { return heif_reader_grow_status_size_beyond_eof }
          let head = Unmanaged<FileHead>.fromOpaque(userdata).takeUnretainedValue()
          return target <= Int64(head.fileSize)
            ? heif_reader_grow_status_size_reached : heif_reader_grow_status_size_beyond_eof
        }))
    return reader
  }()
}

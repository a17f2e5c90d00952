import CRaw
import FoundationEssentials
import Glibc
import Pictures

/// One camera raw file opened by LibRaw: its facts, its embedded preview, its raw data
/// developed.
///
/// A file on disk is read by LibRaw through an open descriptor, only the parts it needs
/// (a tile reads the tags and the preview, a few hundred kilobytes of a 50 MB file); bytes
/// in memory are read in place. Either way a file lives only for the call that opens it
/// (`RAWFile.reading`), never past it. LibRaw's raw data buffer may not pass the
/// decoder's memory cap (`max_raw_memory_mb`), and its work stops at the time cap
/// (`DecodeLimits.maxDecodeSeconds`, checked between its steps). One thread at a time.
final class RAWFile {
  /// Opens the file for LibRaw: handed the memory cap in MiB and the watch, the handle or
  /// nil with LibRaw's status.
  private typealias Opener = (UInt32, UnsafeMutablePointer<gallery_raw_watch>, inout Int32) ->
    UnsafeMutablePointer<libraw_data_t>?

  private(set) var handle: UnsafeMutablePointer<libraw_data_t>
  private let watch: UnsafeMutablePointer<gallery_raw_watch>
  private let open: Opener
  private let memory: UInt32
  /// The time cap in seconds, for the error that names it.
  let seconds: Int
  /// Set when reading the preview failed so that LibRaw recycled the handle.
  private var needsReopening = false
  /// What the file says of itself.
  let facts: gallery_raw_facts

  /// `body`'s result for the regular file open at `descriptor` (checked by
  /// `FileReader.openRegular`), which LibRaw opens again by its `/proc/self/fd` name: the
  /// same file, whatever the path names meanwhile.
  static func reading<Result>(
    descriptor: Int32, limits: DecodeLimits, _ body: (RAWFile) throws(ThumbnailError) -> Result
  ) throws(ThumbnailError) -> Result {
    let name = "/proc/self/fd/\(descriptor)"
    return try body(
      try RAWFile(limits: limits) { memory, watch, status in
        gallery_raw_open_file(name, memory, watch, &status)
      })
  }

  /// Whether files can be handed to LibRaw by descriptor (`/proc` is mounted); else they
  /// are read whole and handed over in memory.
  static let readsByDescriptor = access("/proc/self/fd", X_OK) == 0

  /// `body`'s result for the file in `bytes`.
  static func reading<Result>(
    _ bytes: [UInt8], limits: DecodeLimits, _ body: (RAWFile) throws(ThumbnailError) -> Result
  ) throws(ThumbnailError) -> Result {
    try bytes.withBytes { raw throws(ThumbnailError) -> Result in
      try body(
        try RAWFile(limits: limits) { memory, watch, status in
          guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            status = LIBRAW_IO_ERROR.rawValue
            return nil
          }
          return gallery_raw_open(base, raw.count, memory, watch, &status)
        })
    }
  }

  /// The file opened by `open` (which stays valid for the file's life: it opens again
  /// after a failed preview).
  private init(limits: DecodeLimits, open: @escaping Opener) throws(ThumbnailError) {
    try CodecLibrary.raw.open(for: .raw)
    let seconds = UInt64(min(max(0, limits.maxDecodeSeconds), 1_000_000))
    watch = .allocate(capacity: 1)
    watch.initialize(to: gallery_raw_watch(deadline: gallery_raw_now() + seconds * 1_000_000_000))
    memory = UInt32(clamping: max(1, limits.maxDecodeBytes >> 20))
    self.seconds = limits.maxDecodeSeconds
    self.open = open
    var status: Int32 = 0
    guard let handle = open(memory, watch, &status) else {
      watch.deallocate()
      throw Self.error(status, seconds: limits.maxDecodeSeconds)
    }
    self.handle = handle
    var facts = gallery_raw_facts()
    gallery_raw_facts_of(handle, &facts)
    self.facts = facts
  }

  deinit {
    libraw_close(handle)
    watch.deallocate()
  }

  /// The embedded preview: a JPEG's bytes, or an 8-bit RGB bitmap turned to RGBA; nil
  /// when the file has none LibRaw can take out.
  func preview() -> Preview? {
    var status: Int32 = 0
    guard let image = gallery_raw_preview(handle, &status) else {
      if gallery_raw_is_fatal(status) != 0 { needsReopening = true }
      return nil
    }
    defer { libraw_dcraw_clear_mem(image) }
    let header = image.pointee
    let bytes = UnsafeRawBufferPointer(
      start: gallery_raw_image_data(image), count: Int(header.data_size))
    switch header.type {
    case LIBRAW_IMAGE_JPEG:
      return bytes.isEmpty ? nil : .jpeg(Array(bytes))
    case LIBRAW_IMAGE_BITMAP where header.bits == 8 && header.colors == 3:
      let width = Int(header.width)
      let height = Int(header.height)
      guard width > 0, height > 0, bytes.count >= width * height * 3 else { return nil }
      return .bitmap(Self.rgba(bytes, width: width, height: height))
    default:
      return nil
    }
  }

  /// The raw data developed to sRGB (the camera's white balance), stored side up, at half
  /// the sensor's size or full.
  func develop(halfSize: Bool) throws(ThumbnailError) -> PixelImage {
    var status: Int32 = 0
    if needsReopening {
      // A failed preview left LibRaw's handle recycled: the file is opened again.
      guard let fresh = open(memory, watch, &status) else {
        throw Self.error(status, seconds: seconds)
      }
      libraw_close(handle)
      handle = fresh
      needsReopening = false
    }
    guard let image = gallery_raw_develop(handle, halfSize ? 1 : 0, &status) else {
      throw Self.error(status, seconds: seconds)
    }
    defer { libraw_dcraw_clear_mem(image) }
    let header = image.pointee
    let width = Int(header.width)
    let height = Int(header.height)
    let count = Int(header.data_size)
    guard header.type == LIBRAW_IMAGE_BITMAP, header.bits == 8, header.colors == 3,
      width > 0, height > 0, count >= width * height * 3
    else { throw .corrupt("LibRaw developed no picture") }
    return Self.rgba(
      UnsafeRawBufferPointer(start: gallery_raw_image_data(image), count: count), width: width,
      height: height)
  }

  /// A camera raw file's embedded preview.
  enum Preview {
    case jpeg([UInt8])
    case bitmap(PixelImage)
  }

  /// Packed RGB rows to an opaque RGBA picture.
  private static func rgba(_ rgb: UnsafeRawBufferPointer, width: Int, height: Int) -> PixelImage {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer { out in
      for index in 0..<(width * height) {
        out[index * 4] = rgb[index * 3]
        out[index * 4 + 1] = rgb[index * 3 + 1]
        out[index * 4 + 2] = rgb[index * 3 + 2]
      }
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// LibRaw's status as the picture's error.
  static func error(_ status: Int32, seconds: Int) -> ThumbnailError {
    switch status {
    case LIBRAW_FILE_UNSUPPORTED.rawValue:
      return .unsupportedVariant(.raw, "a camera or layout LibRaw does not know")
    case LIBRAW_CANCELLED_BY_CALLBACK.rawValue:
      return .tookTooLong(.raw, seconds: seconds)
    case LIBRAW_IO_ERROR.rawValue:
      return .truncated
    case LIBRAW_UNSUFFICIENT_MEMORY.rawValue, LIBRAW_TOO_BIG.rawValue:
      return .corrupt("it claims more memory than the decoder allows")
    case LIBRAW_REQUEST_FOR_NONEXISTENT_IMAGE.rawValue, LIBRAW_NO_THUMBNAIL.rawValue:
      return .noFrames
    default:
      let message = libraw_strerror(status).map { String(cString: $0) } ?? "error \(status)"
      return .corrupt("LibRaw: \(message)")
    }
  }
}

import CFFmpeg
import FoundationEssentials
import Glibc
import Pictures

/// One video opened by FFmpeg through the gallery's own reads: its facts, its cover, its
/// frames one at a time.
///
/// The bytes come from an open descriptor (a file, read at the offsets the demuxer asks
/// for: a poster reads the header and the packets up to one key frame) or from memory.
/// FFmpeg opens nothing by name, no other file or URL a container names, and only the
/// demuxers of camera and phone videos; the decoder runs on this thread. Reading and
/// decoding stop at the time cap (`DecodeLimits.maxDecodeSeconds`). One thread at a time;
/// a file lives only for the call that opens it (`VideoFile.reading`).
final class VideoFile {
  private let video: UnsafeMutablePointer<gallery_video>
  private let seconds: Int
  /// What the file says of itself.
  let facts: gallery_video_facts

  /// `body`'s result for the regular file open at `descriptor`, `size` bytes long.
  static func reading<Result>(
    descriptor: Int32, size: Int64, limits: DecodeLimits,
    _ body: (VideoFile) throws(ThumbnailError) -> Result
  ) throws(ThumbnailError) -> Result {
    let source = gallery_video_source(
      data: nil, size: size, fd: descriptor, position: 0, deadline: deadline(limits))
    return try body(try VideoFile(source, limits: limits))
  }

  /// `body`'s result for the video in `bytes`.
  static func reading<Result>(
    _ bytes: [UInt8], limits: DecodeLimits, _ body: (VideoFile) throws(ThumbnailError) -> Result
  ) throws(ThumbnailError) -> Result {
    try bytes.withBytes { raw throws(ThumbnailError) -> Result in
      let source = gallery_video_source(
        data: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), size: Int64(raw.count),
        fd: -1, position: 0, deadline: deadline(limits))
      return try body(try VideoFile(source, limits: limits))
    }
  }

  private static func deadline(_ limits: DecodeLimits) -> UInt64 {
    gallery_video_now() + UInt64(max(0, limits.maxDecodeSeconds)) * 1_000_000_000
  }

  private init(_ source: gallery_video_source, limits: DecodeLimits) throws(ThumbnailError) {
    try CodecLibrary.ffmpeg.open(for: .video)
    _ = Self.quieted
    video = .allocate(capacity: 1)
    video.initialize(to: gallery_video())
    video.pointee.source = source
    seconds = limits.maxDecodeSeconds
    let status = gallery_video_open(video, Int64(limits.maxPixels))
    guard status == 0 else {
      let error =
        status == gallery_video_no_memory()
        ? Self.memoryError(tooManyStreams: video.pointee.too_many_streams != 0)
        : Self.error(status, seconds: limits.maxDecodeSeconds)
      gallery_video_close(video)
      video.deallocate()
      throw error
    }
    var facts = gallery_video_facts()
    gallery_video_facts_of(video, &facts)
    self.facts = facts
  }

  deinit {
    gallery_video_close(video)
    video.deallocate()
  }

  /// FFmpeg prepared once: its log silenced (it writes to standard error, which is the
  /// screen), its largest allocation capped.
  private static let quieted: Void = gallery_video_prepare()

  /// The container's metadata value for `key` (`location`, as FFmpeg names QuickTime's
  /// `©xyz`), else the video stream's; nil when neither has it.
  func metadataValue(_ key: String) -> String? {
    guard let format = video.pointee.format else { return nil }
    var entry = av_dict_get(format.pointee.metadata, key, nil, 0)
    let stream = Int(video.pointee.stream)
    if entry == nil, stream >= 0, stream < Int(format.pointee.nb_streams),
      let streams = format.pointee.streams, let chosen = streams[stream]
    {
      entry = av_dict_get(chosen.pointee.metadata, key, nil, 0)
    }
    guard let value = entry?.pointee.value else { return nil }
    return String(cString: value)
  }

  /// Whether the file has a video stream (not only sound).
  var hasVideoStream: Bool { video.pointee.stream >= 0 }

  /// Whether a decoder for the video stream is open.
  var canDecode: Bool { video.pointee.codec != nil }

  /// The attached cover's bytes (a JPEG or PNG), if the file carries one.
  var cover: [UInt8]? {
    var size: Int32 = 0
    guard let data = gallery_video_cover(video, &size), size > 0 else { return nil }
    return Array(UnsafeBufferPointer(start: data, count: Int(size)))
  }

  /// Gives reading and decoding `seconds` more from now: a video playing is read for as
  /// long as it lasts, each frame within the time cap.
  func renewDeadline(seconds: Int) {
    video.pointee.source.deadline =
      gallery_video_now() + UInt64(max(0, seconds)) * 1_000_000_000
  }

  /// Moves to the key frame at or before `seconds`; false when the file cannot seek.
  @discardableResult
  func seek(to seconds: Double) -> Bool { gallery_video_seek_to(video, seconds) == 0 }

  /// Decodes the next frame; its time in seconds from the start, or nil after the last.
  func nextFrame() throws(ThumbnailError) -> Double? {
    var time = 0.0
    let status = gallery_video_next_frame(video, &time)
    if status == 0 { return time }
    if status == gallery_video_eof() { return nil }
    throw Self.error(status, seconds: seconds)
  }

  /// The frame last decoded, scaled to `width`×`height` (stored side up).
  func scaledFrame(width: Int, height: Int) throws(ThumbnailError) -> PixelImage {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    let status = pixels.withUnsafeMutableBufferPointer { out in
      gallery_video_scale(video, out.baseAddress, Int32(width), Int32(height))
    }
    guard status == 0 else { throw .corrupt("FFmpeg could not convert the frame's pixels") }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// Opening failed for want of memory: FFmpeg's ENOMEM, which on a small file means it
  /// asked for more than the caps allow (`gallery_video_prepare`), not that the machine
  /// has none: too many tracks declared, or one block (a sample table, a packet) too
  /// large.
  static func memoryError(tooManyStreams: Bool) -> ThumbnailError {
    if tooManyStreams {
      return .unsupportedVariant(
        .video, "more than \(gallery_video_max_streams()) tracks")
    }
    let limit = gallery_video_max_alloc() >> 20
    return .corrupt("it asks for more memory at once than the \(limit) MiB allowed")
  }

  /// FFmpeg's status as the picture's error.
  static func error(_ status: Int32, seconds: Int) -> ThumbnailError {
    if status == gallery_video_exit() { return .tookTooLong(.video, seconds: seconds) }
    if status == gallery_video_refused() {
      return .unsupportedVariant(.video, "another file or a URL for its pictures")
    }
    if status == gallery_video_eof() { return .truncated }
    if status == gallery_video_no_memory() { return memoryError(tooManyStreams: false) }
    var message = [CChar](repeating: 0, count: 256)
    gallery_video_error(status, &message, message.count)
    let text = String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
    return .corrupt("FFmpeg: \(text)")
  }
}

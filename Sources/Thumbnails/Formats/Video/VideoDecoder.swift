import CFFmpeg
import Pictures
import TerminalKit

/// Videos through FFmpeg: a poster (the file's attached cover, else the key frame at or
/// before a tenth of its length), scaled straight to the box asked for, turned as the
/// video's display matrix says; its length, codec and frame rate in the details.
///
/// The poster is decoded from one key frame, never the frames before it, and converted to
/// RGBA at the size it is shown at, never at the video's own when that is larger. Checked
/// before decoding: the stream's size against the side and pixel caps, and what a frame
/// and the decoder's reference frames hold against the memory cap.
enum VideoDecoder {
  /// Where the poster is taken from, as a share of the video's length.
  static let posterShare = 0.1

  /// `decode` of a video in memory.
  static func decode(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    try VideoFile.reading(bytes, limits: limits) { file throws(ThumbnailError) in
      try decode(file, target: target, background: background, limits: limits)
    }
  }

  /// The details of a video in memory (`describe`).
  static func metadata(_ bytes: [UInt8], limits: DecodeLimits) throws(ThumbnailError)
    -> ImageMetadata
  {
    try VideoFile.reading(bytes, limits: limits) { file throws(ThumbnailError) in
      try describe(file, limits: limits).metadata
    }
  }

  static func decode(
    _ file: VideoFile, target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    let described = try describe(file, limits: limits)
    let metadata = described.metadata
    if let cover = described.cover {
      var decoded = try ImageDecoder(limits: limits, background: background)
        .decode(bytes: cover, target: target)
      decoded.metadata = metadata
      return decoded
    }
    guard file.canDecode else {
      throw .unsupportedVariant(
        .video, "a codec this FFmpeg does not decode (\(metadata.video?.codec ?? "unknown"))")
    }
    let size = posterSize(metadata, target: target)
    try limits.check(cost(file.facts, poster: size))
    if let duration = metadata.video?.duration { file.seek(to: duration * posterShare) }
    var time = try file.nextFrame()
    // A file that seeks badly (no index, or cut short after its key frames) shows its
    // first frame instead.
    if time == nil, file.seek(to: 0) { time = try file.nextFrame() }
    guard time != nil else { throw .noFrames }
    let poster = try file.scaledFrame(width: size.width, height: size.height)
    let finishing = Finishing(
      target: target, background: background, orientation: metadata.orientation)
    return DecodedImage(image: finishing.finish(poster), metadata: metadata)
  }

  /// The video's details: its shown size and turn (a cover's own, when it has one that
  /// reads, with the frames' size in `VideoFacts.frameSize`), its length, codec, frame rate and date; the cover's bytes.
  static func describe(_ file: VideoFile, limits: DecodeLimits) throws(ThumbnailError)
    -> (metadata: ImageMetadata, cover: [UInt8]?)
  {
    let facts = file.facts
    let video = VideoFacts(
      duration: facts.duration, codec: cFieldText(facts.codec) ?? "",
      framesPerSecond: facts.frame_rate, hasAudio: facts.has_audio != 0)
    guard file.hasVideoStream else {
      throw video.hasAudio ? .soundOnly : .noFrames
    }
    var metadata = ImageMetadata(
      format: .video, originalWidth: displayWidth(facts), originalHeight: Int(facts.height),
      orientation: orientation(quarterTurns: Int(facts.quarter_turns)),
      dateTaken: LocalExifDate.text(iso8601UTC: cFieldText(facts.creation_time)), video: video)
    if let cover = file.cover, Self.coverFormats.contains(ImageFormat.sniff(cover)),
      let own = try? ImageDecoder(limits: limits).metadata(bytes: cover)
    {
      // The poster's fit follows the cover; the details tell the frames' size.
      let frames = PixelSize(width: metadata.displayWidth, height: metadata.displayHeight)
      metadata.video?.frameSize = frames
      metadata.originalWidth = own.originalWidth
      metadata.originalHeight = own.originalHeight
      metadata.orientation = own.orientation
      return (metadata, cover)
    }
    try limits.check(width: metadata.originalWidth, height: metadata.originalHeight)
    return (metadata, nil)
  }

  /// The formats a cover is taken in: pictures, never another video (whose cover could be
  /// a video in turn, as deep as a crafted file likes) nor a raw file.
  static let coverFormats: Set<ImageFormat?> = [.jpeg, .png, .webp, .gif, .bmp]

  /// The poster's size in stored pixels: the video fitted into the box (turned back by its
  /// orientation), never larger than the video; the video's own with no box.
  static func posterSize(_ metadata: ImageMetadata, target: (width: Int, height: Int)?)
    -> (width: Int, height: Int)
  {
    let own = (width: metadata.originalWidth, height: metadata.originalHeight)
    guard let target else { return own }
    let box = metadata.orientation >= 5 ? (target.height, target.width) : target
    let fitted = JPEGDecoder.fittedSize(width: own.width, height: own.height, in: box)
    return fitted.width < own.width ? fitted : own
  }

  /// What decoding the poster holds: the decoder's frames (up to 16 references of the
  /// stream's coded size at 3 bytes a pixel, which covers 4:2:0 to 4:4:4 at 8 bits) and
  /// the poster in RGBA with the finishing's turned copy. Saturating.
  static func cost(_ facts: gallery_video_facts, poster: (width: Int, height: Int))
    -> DecodeCost
  {
    let frames = Saturating.product(Int(facts.width), Int(facts.height), 3, 16)
    let out = Saturating.product(poster.width, poster.height, 8)
    return DecodeCost(
      width: Int(facts.width), height: Int(facts.height), decodedWidth: poster.width,
      decodedHeight: poster.height, bytes: Saturating.sum(frames, out))
  }

  /// The shown width: the coded width stretched by the sample aspect ratio (anamorphic
  /// video), at least one pixel.
  static func displayWidth(_ facts: gallery_video_facts) -> Int {
    let width = Int(facts.width)
    guard facts.sar_num > 0, facts.sar_den > 0, facts.sar_num != facts.sar_den else {
      return width
    }
    return max(1, Int((Double(width) * Double(facts.sar_num) / Double(facts.sar_den)).rounded()))
  }

  /// Quarter turns clockwise as an EXIF orientation: 1 → 6, 2 → 3, 3 → 8.
  static func orientation(quarterTurns: Int) -> Int {
    switch quarterTurns {
    case 1: 6
    case 2: 3
    case 3: 8
    default: 1
    }
  }
}

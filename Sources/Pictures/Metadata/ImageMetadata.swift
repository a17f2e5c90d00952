import TerminalKit

/// What is known about a picture besides its pixels.
public struct ImageMetadata: Hashable, Sendable {
  public var format: ImageFormat
  /// Width of the stored picture in pixels, before scaling and orientation.
  public var originalWidth: Int
  /// Height of the stored picture in pixels, before scaling and orientation.
  public var originalHeight: Int
  /// EXIF orientation (1–8) that was applied; 1 when there was none.
  public var orientation: Int
  /// EXIF `DateTimeOriginal` (or `DateTime`) as written, e.g. `2024:05:01 12:00:00`.
  public var dateTaken: String?
  /// EXIF camera model.
  public var cameraModel: String?
  /// The lens, as the camera names it.
  public var lens: String?
  /// Exposure time, aperture, ISO and focal length.
  public var exposure: Exposure?
  /// For a camera raw file: which of its pictures the pixels are.
  public var rawRendition: RawRendition?
  /// For a video: its length, codec and frame rate (the pixels are its poster).
  public var video: VideoFacts?
  /// The description of the picture's colour profile, e.g. `Display P3` or
  /// `sRGB IEC61966-2.1`; nil when the file names none (sRGB is then assumed).
  /// The pixels are converted from it to sRGB.
  public var colorProfile: String?
  /// Frames of an animation (GIF, WebP, JPEG XL) or pages of a multi-page TIFF; 1 for
  /// a single picture. The decoded pixels are the first frame or page.
  public var frameCount: Int

  public init(
    format: ImageFormat, originalWidth: Int, originalHeight: Int, orientation: Int = 1,
    dateTaken: String? = nil, cameraModel: String? = nil, colorProfile: String? = nil,
    frameCount: Int = 1, lens: String? = nil, exposure: Exposure? = nil,
    rawRendition: RawRendition? = nil, video: VideoFacts? = nil
  ) {
    self.format = format
    self.originalWidth = originalWidth
    self.originalHeight = originalHeight
    self.orientation = orientation
    self.dateTaken = dateTaken
    self.cameraModel = cameraModel
    self.colorProfile = colorProfile
    self.frameCount = frameCount
    self.lens = lens
    self.exposure = exposure.flatMap { $0.isEmpty ? nil : $0 }
    self.rawRendition = rawRendition
    self.video = video
  }

  /// Whether the picture moves: a GIF or WebP of more than one frame (what
  /// `ImageDecoder.animationFrames` plays).
  public var isAnimated: Bool { format.isAnimatable && frameCount > 1 }

  /// Width as displayed, after orientation (orientations 5–8 swap the sides).
  public var displayWidth: Int { orientation >= 5 ? originalHeight : originalWidth }
  /// Height as displayed, after orientation.
  public var displayHeight: Int { orientation >= 5 ? originalWidth : originalHeight }

  /// The size a person means by the picture's: a video's frames', even where an attached
  /// cover of another size is its poster (the pixels); else `displayWidth`×`displayHeight`.
  public var shownSize: PixelSize {
    video?.frameSize ?? PixelSize(width: displayWidth, height: displayHeight)
  }
}

import TerminalKit

/// What is known about a picture besides its pixels.
package struct ImageMetadata: Hashable, Sendable {
  package var format: ImageFormat
  /// Width of the stored picture in pixels, before scaling and orientation.
  package var originalWidth: Int
  /// Height of the stored picture in pixels, before scaling and orientation.
  package var originalHeight: Int
  /// EXIF orientation (1–8) that was applied; 1 when there was none.
  package var orientation: Int
  /// EXIF `DateTimeOriginal` (or `DateTime`) as written, e.g. `2024:05:01 12:00:00`.
  package var dateTaken: String?
  /// EXIF camera model.
  package var cameraModel: String?
  /// The lens, as the camera names it.
  package var lens: String?
  /// Exposure time, aperture, ISO and focal length.
  package var exposure: Exposure?
  /// For a camera raw file: which of its pictures the pixels are.
  package var rawRendition: RawRendition?
  /// For a video: its length, codec and frame rate (the pixels are its poster).
  package var video: VideoFacts?
  /// The description of the picture's colour profile, e.g. `Display P3` or
  /// `sRGB IEC61966-2.1`; nil when the file names none (sRGB is then assumed).
  /// The pixels are converted from it to sRGB.
  package var colorProfile: String?
  /// Frames of an animation (GIF, WebP, JPEG XL) or pages of a multi-page TIFF; 1 for
  /// a single picture. The decoded pixels are the first frame or page.
  package var frameCount: Int

  package init(
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
  package var isAnimated: Bool { format.isAnimatable && frameCount > 1 }

  /// Width as displayed, after orientation (orientations 5–8 swap the sides).
  package var displayWidth: Int { orientation >= 5 ? originalHeight : originalWidth }
  /// Height as displayed, after orientation.
  package var displayHeight: Int { orientation >= 5 ? originalWidth : originalHeight }

  /// The size a person means by the picture's: a video's frames', even where an attached
  /// cover of another size is its poster (the pixels); else `displayWidth`×`displayHeight`.
  package var shownSize: PixelSize {
    video?.frameSize ?? PixelSize(width: displayWidth, height: displayHeight)
  }
}

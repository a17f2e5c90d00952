import TerminalKit

/// What the library index keeps of one picture's file besides its identity: what its
/// head says (format, size, when and with what it was taken, where), read without
/// decoding its pixels.
///
/// The file is the truth and this a copy of what it said when it was last read: the
/// index keeps it under the file's identity and stamp, and a file rewritten since is read
/// again. Every field is optional but the format's guess and the orientation: a GIF has
/// no camera, a screenshot no date, a video no aperture.
package struct PictureDetails: Hashable, Sendable {
  /// The format its bytes say (nil: none the gallery knows).
  package var format: ImageFormat?
  /// The stored size in pixels, before the orientation is applied; nil when unknown.
  package var storedSize: PixelSize?
  /// The EXIF orientation (1–8); 1 when the file names none.
  package var orientation: Int
  /// When it was taken, as the camera's clock said, with the zone when the file gives it.
  package var taken: TakenTime?
  /// The camera's maker as written (`FUJIFILM`, `NIKON CORPORATION`).
  package var cameraMake: String?
  /// The camera's model as written (`X100V`, `NIKON Z 6`).
  package var cameraModel: String?
  /// The lens, as the camera names it.
  package var lens: String?
  /// Exposure time, aperture, ISO and focal length.
  package var exposure: Exposure?
  /// Where it was taken, when the file says.
  package var position: GPSPosition?
  /// A video's length in seconds; nil for a still or when the container does not say.
  package var duration: Double?
  /// A video's codec as FFmpeg names it (`h264`, `hevc`).
  package var codec: String?
  /// Why the file cannot be shown (`truncated`, `not a JPEG`…); nil when its head is
  /// sound. Read from the head only: a file whose later bytes are damaged is found broken
  /// when it is decoded.
  package var brokenReason: String?

  package init(
    format: ImageFormat? = nil, storedSize: PixelSize? = nil, orientation: Int = 1,
    taken: TakenTime? = nil, cameraMake: String? = nil, cameraModel: String? = nil,
    lens: String? = nil, exposure: Exposure? = nil, position: GPSPosition? = nil,
    duration: Double? = nil, codec: String? = nil, brokenReason: String? = nil
  ) {
    self.format = format
    self.storedSize = storedSize
    self.orientation = (1...8).contains(orientation) ? orientation : 1
    self.taken = taken
    self.cameraMake = cameraMake
    self.cameraModel = cameraModel
    self.lens = lens
    self.exposure = exposure.flatMap { $0.isEmpty ? nil : $0 }
    self.position = position
    self.duration = duration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    self.codec = codec
    self.brokenReason = brokenReason
  }

  /// The size as shown: orientations 5–8 swap the sides.
  package var shownSize: PixelSize? {
    guard let storedSize else { return nil }
    return orientation >= 5
      ? PixelSize(width: storedSize.height, height: storedSize.width) : storedSize
  }

  /// Whether the file's head says it cannot be shown.
  package var isBroken: Bool { brokenReason != nil }
}

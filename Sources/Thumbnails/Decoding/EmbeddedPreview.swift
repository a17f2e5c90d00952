import FoundationEssentials
import Glibc
import Pictures
import SystemSupport

/// The small picture cameras and phones store in a JPEG's EXIF block (IFD1, usually
/// 160×120 to 512×384): drawn at once while the picture itself decodes.
///
/// A preview stands in for its picture only when it shows the same thing: the same aspect
/// within 1% (a 16:9 photo's 4:3 preview has black bars, and is refused) and smaller than
/// the picture. It is stored as the picture is, so the picture's EXIF orientation turns it
/// upright. Reading it costs a few small reads of the file's head, the EXIF block and a
/// decode of a few thousand pixels: about a millisecond against tens for a phone photo.
package enum EmbeddedPreview {
  /// Largest difference between the preview's aspect and the picture's, as a fraction.
  package static let aspectTolerance = 0.01

  /// Whether a `previewWidth × previewHeight` preview can stand for a
  /// `width × height` picture (both as stored).
  package static func serves(
    previewWidth: Int, previewHeight: Int, pictureWidth width: Int, pictureHeight height: Int
  ) -> Bool {
    guard previewWidth > 0, previewHeight > 0, width > 0, height > 0,
      previewWidth < width || previewHeight < height
    else { return false }
    let preview = Double(previewWidth) / Double(previewHeight)
    let picture = Double(width) / Double(height)
    return abs(preview / picture - 1) <= aspectTolerance
  }
}

extension ImageDecoder {
  /// The preview embedded in the JPEG at `path`, decoded for `target` (a box in display
  /// pixels) and turned upright, with the metadata of the picture itself (its stored size,
  /// orientation, date and camera; no colour profile, which the preview does not use).
  ///
  /// Nil when the file is not a JPEG, has no preview, or has one that cannot stand for
  /// the picture (`EmbeddedPreview.serves`), and whenever anything fails: the full decode
  /// that follows reports the file's problems.
  package func embeddedPreview(path: String, target: (width: Int, height: Int))
    -> DecodedImage?
  {
    guard let (descriptor, _) = try? PictureFile.openRegular(path: path, limits: limits)
    else { return nil }
    defer { close(descriptor) }
    guard
      let head = JPEGHead.read({ FileReader.read(descriptor, at: $0, count: $1) }),
      let exif = head.exif
    else { return nil }
    return embeddedPreview(head: head, exif: exif, target: target)
  }

  /// `embeddedPreview(path:target:)` for bytes already in memory.
  func embeddedPreview(bytes: [UInt8], target: (width: Int, height: Int)) -> DecodedImage? {
    guard let head = JPEGHead.read(bytes: bytes), let exif = head.exif else { return nil }
    return embeddedPreview(head: head, exif: exif, target: target)
  }

  private func embeddedPreview(
    head: JPEGHead, exif: [UInt8], target: (width: Int, height: Int)
  ) -> DecodedImage? {
    guard (try? limits.check(width: head.width, height: head.height)) != nil else { return nil }
    let fields = ExifFields(payload: exif[...], keepsThumbnail: true)
    guard let thumbnail = fields.thumbnail, let size = JPEGHead.read(bytes: thumbnail),
      EmbeddedPreview.serves(
        previewWidth: size.width, previewHeight: size.height, pictureWidth: head.width,
        pictureHeight: head.height)
    else { return nil }
    let orientation = fields.orientation
    let stored = orientation >= 5 ? (target.height, target.width) : target
    guard
      let decoded = try? JPEGDecoder.decode(
        thumbnail, target: stored, limits: limits, readsMetadata: false)
    else { return nil }
    let metadata = ImageMetadata(
      format: .jpeg, originalWidth: head.width, originalHeight: head.height,
      orientation: orientation, dateTaken: fields.dateTaken, cameraModel: fields.cameraModel)
    return DecodedImage(image: decoded.image.oriented(orientation), metadata: metadata)
  }
}

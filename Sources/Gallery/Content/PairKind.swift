import Pictures

/// The pairs of files cameras and phones write for one picture, which the gallery shows as
/// one (`PicturePairs`).
package enum PairKind: Hashable, Sendable {
  /// A camera raw file and the JPEG or HEIF the camera wrote beside it (`IMG_1.CR3` and
  /// `IMG_1.JPG`): the processed picture is shown, the raw kept with it.
  case rawAndProcessed(ImageFormat)
  /// A Live Photo: a still (HEIC or JPEG) and the few seconds of video around it
  /// (`IMG_1.HEIC` and `IMG_1.MOV`).
  case livePhoto
  /// A still with both a raw and a video beside it.
  case rawAndLivePhoto(ImageFormat)

  /// The kind `picture`'s companions make, nil when it has none.
  init?(_ picture: Picture) {
    let formats = picture.companions.map(\.format)
    let raw = formats.contains(.raw)
    let live = formats.contains(.video)
    let processed = picture.format ?? .jpeg
    switch (raw, live) {
    case (true, true): self = .rawAndLivePhoto(processed)
    case (true, false): self = .rawAndProcessed(processed)
    case (false, true): self = .livePhoto
    case (false, false): return nil
    }
  }

  /// The tile's badge: `RAW+JPG`, `RAW+HEIC`, `LIVE`, or both.
  package var badge: String {
    switch self {
    case .rawAndProcessed(let format): "RAW+" + Self.shortName(format)
    case .livePhoto: "LIVE"
    case .rawAndLivePhoto(let format): "RAW+" + Self.shortName(format) + " LIVE"
    }
  }

  /// Whether the pair has motion to play (a Live Photo's video).
  package var hasMotion: Bool {
    switch self {
    case .livePhoto, .rawAndLivePhoto: true
    case .rawAndProcessed: false
    }
  }

  private static func shortName(_ format: ImageFormat) -> String {
    switch format {
    case .jpeg: "JPG"
    case .heic, .heif: "HEIC"
    default: format.name.uppercased()
    }
  }
}

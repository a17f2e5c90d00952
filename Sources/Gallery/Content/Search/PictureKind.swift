import Pictures

/// What a picture is, as `is:` asks: `is:raw`, `is:live|pair`.
package enum PictureKind: String, CaseIterable, Hashable, Sendable {
  /// A camera raw, alone or in a pair with the JPEG or HEIF the camera wrote beside it.
  case raw
  /// A video (not a Live Photo's motion: `live` asks for those).
  case video
  /// A Live Photo: a still and its few seconds of video.
  case live
  /// Files shown as one (RAW+JPEG, a Live Photo).
  case pair
  /// A file that cannot be shown: its bytes are no format the gallery reads, or its
  /// head says it is damaged.
  case broken
  /// Marked (`m`).
  case marked
  /// A favourite (`f`).
  case favourite
  /// Rejected while culling (`X`).
  case rejected
  /// Picked while culling (`P`).
  case picked
  /// Without stars (`0`, or never rated).
  case unrated

  /// The kind typed as `name`, whatever its case; `favorite` is `favourite`.
  init?(named name: String) {
    let name = name.lowercased()
    self.init(rawValue: name == "favorite" ? "favourite" : name)
  }

  /// Whether `picture`, with its `details` (nil: not read yet) and `marks`, is of this
  /// kind.
  func holds(for picture: Picture, _ details: PictureDetails?, _ marks: PictureMarks) -> Bool {
    switch self {
    case .raw:
      return picture.format == .raw || picture.companions.contains { $0.format == .raw }
    case .video: return picture.format == .video
    case .live: return picture.pairKind?.hasMotion ?? false
    case .pair: return !picture.companions.isEmpty
    case .broken: return picture.format == nil || details?.isBroken == true
    case .marked: return marks.isMarked
    case .favourite: return marks.isFavorite
    case .rejected: return marks.decision.flag == .rejected
    case .picked: return marks.decision.flag == .picked
    case .unrated: return marks.decision.rating == .unrated
    }
  }

  /// Whether it asks what was decided while culling.
  var readsDecision: Bool {
    switch self {
    case .rejected, .picked, .unrated: true
    default: false
    }
  }
}

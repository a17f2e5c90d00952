import Pictures

/// What a picture's details say at all, as `has:` asks: `has:gps`, `has:lens|camera`.
package enum DetailPresence: String, CaseIterable, Hashable, Sendable {
  /// Where it was taken.
  case gps
  /// When it was taken.
  case date
  /// The camera's make or model.
  case camera
  /// The lens's name.
  case lens
  /// Any of exposure time, aperture, ISO or focal length.
  case exposure

  /// The presence typed as `name`, whatever its case.
  init?(named name: String) {
    self.init(rawValue: name.lowercased())
  }

  /// Whether `details` say it.
  func holds(for details: PictureDetails) -> Bool {
    switch self {
    case .gps: details.position != nil
    case .date: details.taken != nil
    case .camera: details.cameraMake != nil || details.cameraModel != nil
    case .lens: details.lens != nil
    case .exposure: details.exposure != nil
    }
  }
}

import Pictures

/// A field a query term names before its operator (`camera:x100v`, `iso>=3200`): what of
/// a picture it looks at, which operators it takes and what its value must look like.
package enum QueryField: String, CaseIterable, Hashable, Sendable {
  /// The camera's make and model.
  case camera
  /// The lens's name.
  case lens
  /// The ISO sensitivity.
  case iso
  /// The aperture's f-number.
  case aperture = "f"
  /// The focal length in millimetres.
  case focalLength = "focal"
  /// The exposure time in seconds.
  case shutter
  /// The day, month or year taken, on the camera's clock.
  case date
  /// What kind of picture it is (`is:raw`).
  case kind = "is"
  /// What its details say at all (`has:gps`).
  case presence = "has"
  /// The width as shown, in pixels.
  case width = "w"
  /// The height as shown, in pixels.
  case height = "h"
  /// A part of its folders' path.
  case place
  /// The stars given while culling, 0 to 5.
  case rating
  /// A colour label given while culling (`label:red`).
  case label

  /// The field typed as `name`, whatever its case.
  init?(named name: String) {
    self.init(rawValue: name.lowercased())
  }

  /// `unknown field "cam": fields are camera, lens, …`.
  static func unknown(_ name: String) -> String {
    "unknown field \"\(name)\": fields are "
      + allCases.map(\.rawValue).joined(separator: ", ")
  }

  /// The operators it takes: a camera or a lens contains (`:`) or is (`=`) the text;
  /// places, kinds and presences only match; numbers and dates also order.
  var comparisons: [QueryComparison] {
    switch self {
    case .camera, .lens: [.matches, .equals]
    case .place, .kind, .presence, .label: [.matches]
    case .iso, .aperture, .focalLength, .shutter, .date, .width, .height, .rating:
      QueryComparison.allCases
    }
  }

  /// Whether a value may be a range (`focal:24-70`, `date:2023..2024`).
  var takesRanges: Bool {
    switch self {
    case .iso, .aperture, .focalLength, .shutter, .date, .width, .height, .rating: true
    case .camera, .lens, .place, .kind, .presence, .label: false
    }
  }

  /// Whether it reads the picture's details: a picture whose details are not read yet
  /// matches no such term, negated or not.
  var readsDetails: Bool {
    switch self {
    case .kind, .place, .rating, .label: false
    default: true
    }
  }

  /// What its value should look like, for a value that does not.
  var expected: String {
    switch self {
    case .camera: "camera wants a name, as in camera:x100v"
    case .lens: "lens wants a name or a number, as in lens:35 or lens:\"XF 35\""
    case .iso: "iso wants a whole number, as in iso>=3200"
    case .aperture: "f wants an f-number, as in f<=2.8"
    case .focalLength: "focal wants millimetres or a range, as in focal:35 or focal:24-70"
    case .shutter: "shutter wants a time, as in shutter<1/500, shutter:0.5 or shutter>=2s"
    case .date: "date wants 2024, 2024-08, 2024-08-03 or a range 2023..2024"
    case .kind:
      "is wants "
        + PictureKind.allCases.map(\.rawValue).joined(separator: ", ")
        + ", as in is:raw|video"
    case .presence:
      "has wants "
        + DetailPresence.allCases.map(\.rawValue).joined(separator: ", ") + ", as in has:gps"
    case .width: "w wants a whole number of pixels, as in w>=4000"
    case .height: "h wants a whole number of pixels, as in h>=3000"
    case .place: "place wants a part of a folder's name, as in place:osaka"
    case .rating: "rating wants 0 to 5 stars, as in rating>=3 or rating:2-4"
    case .label:
      "label wants " + ColorLabel.allCases.map(\.name).joined(separator: ", ")
        + ", as in label:red|green"
    }
  }

  /// What an operator it does not take gets: `is takes :, as in is:raw`.
  func refuses(_ comparison: QueryComparison) -> String {
    let taken = comparisons.map(\.rawValue)
    let list =
      taken.count == 1
      ? taken[0] : taken.dropLast().joined(separator: ", ") + " or " + (taken.last ?? "")
    return "\(rawValue) takes \(list), not \(comparison.rawValue): \(expected)"
  }
}

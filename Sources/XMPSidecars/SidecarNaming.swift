import Pictures
import TerminalKit

/// Which sidecar names a decision is written to.
///
/// darktable and digiKam keep `IMG_0001.CR3.xmp`; Lightroom, Capture One and Bridge keep
/// `IMG_0001.xmp` for a proprietary raw (and read the XMP inside a DNG, JPEG or TIFF).
/// Whatever the naming, a sidecar of the other name that exists already is merged into
/// too, so no editor keeps seeing an old decision.
package enum SidecarNaming: String, Hashable, Sendable, CaseIterable {
  /// Both names for a proprietary raw, `NAME.EXT.xmp` for any other picture: the default.
  case automatic
  /// `NAME.EXT.xmp` only (darktable's, digiKam's).
  case pictureName
  /// `NAME.xmp` only (Lightroom's, Capture One's, Bridge's).
  case stem

  /// `IMG_0001.CR3.xmp`: the picture's whole name, then `.xmp`.
  package static func pictureNamePath(of picture: String) -> String { picture + ".xmp" }

  /// `IMG_0001.xmp`: the picture's name without its extension, then `.xmp`; nil when the
  /// name has no extension (it would be the other name).
  package static func stemPath(of picture: String) -> String? {
    let name = PathName.lastComponent(picture)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    return PathName.join(PathName.parent(picture), String(name[..<dot]) + ".xmp")
  }

  /// Both names a sidecar of `picture` may have, darktable's first.
  package static func candidates(of picture: String) -> [String] {
    [pictureNamePath(of: picture)] + (stemPath(of: picture).map { [$0] } ?? [])
  }

  /// The names this naming writes for `picture`, made when missing.
  package func paths(for picture: String) -> [String] {
    switch self {
    case .pictureName: [Self.pictureNamePath(of: picture)]
    case .stem: [Self.stemPath(of: picture) ?? Self.pictureNamePath(of: picture)]
    case .automatic:
      Self.isProprietaryRaw(picture)
        ? Self.candidates(of: picture) : [Self.pictureNamePath(of: picture)]
    }
  }

  /// A camera's raw file other than DNG, whose XMP Lightroom reads only from a sidecar.
  static func isProprietaryRaw(_ picture: String) -> Bool {
    let name = PathName.lastComponent(picture)
    return ImageFormat(fileName: name) == .raw && !name.lowercased().hasSuffix(".dng")
  }
}

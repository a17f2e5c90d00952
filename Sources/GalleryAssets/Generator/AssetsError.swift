/// What can go wrong while writing or checking the assets.
enum AssetsError: Error, CustomStringConvertible {
  case usage
  case createFolder(String, reason: String)
  case jpegEncoder(String)
  case pngEncoder(path: String, reason: String)
  case write(path: String, reason: String)
  case read(path: String, reason: String)

  var description: String {
    switch self {
    case .usage:
      return "usage: gallery-assets OUTPUT-FOLDER | gallery-assets --check ASSETS-FOLDER"
        + " | gallery-assets --photos COUNT WIDTHxHEIGHT OUTPUT-FOLDER [GRAIN]"
    case .createFolder(let path, let reason):
      return "cannot create folder \(path): \(reason)"
    case .jpegEncoder(let reason):
      return "TurboJPEG failed to encode: \(reason)"
    case .pngEncoder(let path, let reason):
      return "libpng failed to write \(path): \(reason)"
    case .write(let path, let reason):
      return "cannot write \(path): \(reason) (is the folder writable and the disk not full?)"
    case .read(let path, let reason):
      return "cannot read \(path): \(reason)"
    }
  }
}

import Foundation

/// Writes every asset of the catalog under a folder.
enum Generator {
  /// One written file: its path under the folder and what it is.
  struct Written {
    var relativePath: String
    var summary: String
  }

  /// Draws, encodes and writes all assets; `progress` hears about each file as it lands.
  static func writeAll(to folder: String, progress: (Written) -> Void) throws(AssetsError) {
    let files = FileManager.default
    for theme in Theme.allCases {
      try makeFolder(folder + "/" + theme.folder)
    }
    for spec in Catalog.all {
      let path = folder + "/" + spec.relativePath
      let canvas = Renderer.draw(spec)
      switch spec.format {
      case .jpeg(let progressive):
        let bitmap = Bitmap(
          width: canvas.width, height: canvas.height, channels: 3,
          bytes: canvas.bytes(alpha: false)
        ).stored(for: spec.exif?.orientation ?? .up)
        let bytes = try JPEGEncoder.encode(
          bitmap, quality: Catalog.jpegQuality, progressive: progressive, exif: spec.exif)
        guard files.createFile(atPath: path, contents: Data(bytes)) else {
          throw .write(path: path, reason: "the file could not be created")
        }
      case .png(let alpha):
        let bitmap = Bitmap(
          width: canvas.width, height: canvas.height, channels: alpha ? 4 : 3,
          bytes: canvas.bytes(alpha: alpha))
        try PNGEncoder.write(bitmap, to: path)
      }
      var summary = "\(spec.width)x\(spec.height) \(spec.format.label)"
      if let exif = spec.exif { summary += ", EXIF orientation \(exif.orientation.rawValue)" }
      progress(Written(relativePath: spec.relativePath, summary: summary))
    }
  }

  /// `mkdir -p`, with the system's own reason when it fails (Foundation's is vaguer).
  private static func makeFolder(_ path: String) throws(AssetsError) {
    var partial = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      partial += "/" + component
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: partial, isDirectory: &isFolder) {
        if isFolder.boolValue { continue }
        throw .createFolder(path, reason: "\(partial) is a file, not a folder")
      }
      if mkdir(partial, 0o755) != 0 && errno != EEXIST {
        throw .createFolder(path, reason: String(cString: strerror(errno)))
      }
    }
  }
}

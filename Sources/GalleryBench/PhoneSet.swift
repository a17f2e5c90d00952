import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Photos as phones take them, made once and kept: 70 noisy 4032×3024 JPEGs of about
/// 5.4 MB, each with a 320×240 EXIF preview put in by exiftool (as a camera stores it),
/// every fourth one turned by its EXIF orientation (6, upright a portrait), filed as
/// Desks 15, Kitchen 25, MacBook 30.
///
/// `gallery-assets --photos 70 4032x3024 DIR 32` draws them (grain of 32 levels gives a
/// phone's file size), ImageMagick's `convert -thumbnail` makes each preview and
/// `exiftool` writes it with the orientation, camera and date. Deterministic: the same
/// tools give the same bytes. Kept under `$XDG_CACHE_HOME/gallery-bench` (a stamp file
/// says the set is whole); never committed.
enum PhoneSet {
  static let sections = [("Desks", 15), ("Kitchen", 25), ("MacBook", 30)]
  static let name = "phones-70-4032x3024-v1"

  /// The set's root folder (sections inside) and its photos, made if missing; nil with
  /// the reason printed when a tool is missing or fails.
  static func make(assets: String) -> (root: String, photos: [String])? {
    let root = benchCacheFolder() + "/" + name
    let stamp = root + "/.complete"
    var photos: [String] = []
    var index = 0
    for (section, count) in sections {
      for _ in 0..<count {
        index += 1
        photos.append(root + "/" + section + "/" + String(format: "photo-%03d.jpg", index))
      }
    }
    if FileManager.default.fileExists(atPath: stamp) { return (root, photos) }
    for tool in ["/usr/bin/convert", "/usr/bin/exiftool"]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      print("# phones: \(tool) is missing (make bench installs imagemagick, exiftool)")
      return nil
    }
    print("# phones: making \(photos.count) photos in \(root) (once; a few minutes)")
    try? FileManager.default.removeItem(atPath: root)
    let flat = root + "/flat"
    guard runTool(assets, ["--photos", String(photos.count), "4032x3024", flat, "32"]) == 0 else {
      print("# phones: gallery-assets --photos failed")
      return nil
    }
    for (number, path) in photos.enumerated() {
      let folder = (path as NSString).deletingLastPathComponent
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let source = flat + "/" + String(format: "photo-%03d.jpg", number + 1)
      let preview = flat + "/preview.jpg"
      var tags = [
        "-q", "-overwrite_original", "-n", "-ThumbnailImage<=" + preview, "-Make=Gallery",
        "-Model=Bench Phone",
        String(format: "-DateTimeOriginal=2024:05:%02d 12:00:00", number % 28 + 1),
      ]
      if number % 4 == 3 { tags.append("-Orientation=6") }
      guard
        runTool(
          "/usr/bin/convert",
          [source, "-thumbnail", "320x240", "-strip", "-quality", "85", preview]) == 0,
        runTool("/usr/bin/exiftool", tags + [source]) == 0, rename(source, path) == 0
      else {
        print("# phones: making the preview of \(source) failed")
        return nil
      }
    }
    try? FileManager.default.removeItem(atPath: flat)
    // Without the stamp the next run only builds the set again.
    _ = FileManager.default.createFile(atPath: stamp, contents: Data())
    return (root, photos)
  }
}

/// Where the sets made once are kept: `$XDG_CACHE_HOME/gallery-bench` (default
/// `~/.cache/gallery-bench`).
func benchCacheFolder() -> String {
  let environment = ProcessInfo.processInfo.environment
  let cache =
    environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
  return cache + "/gallery-bench"
}

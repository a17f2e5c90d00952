import Gallery
import TerminalKit

/// The folder a move or copy goes to, from what was typed: `~` is the home folder, a
/// relative path starts at the pictures' folder, and `.` and `..` are taken by name.
enum FolderTarget {
  /// The absolute path `text` names, from `base` (the pictures' folder).
  static func resolve(_ text: String, from base: String, home: String) -> String {
    var path = text
    if path == "~" {
      path = home
    } else if path.hasPrefix("~/") {
      path = PathName.join(home, String(path.dropFirst(2)))
    } else if !path.hasPrefix("/") {
      path = PathName.join(base, path)
    }
    return PathName.standardized(path)
  }

  /// `path` as a person types it: under the home folder with `~` (what `resolve` reads
  /// back), as it is elsewhere.
  static func typed(_ path: String, home: String) -> String {
    guard !home.isEmpty, home != "/" else { return path }
    if path == home { return "~" }
    if path.hasPrefix(home + "/") { return "~" + path.dropFirst(home.count) }
    return path
  }

  /// `path` as a status line shows it: typed, its control characters made visible.
  static func shown(_ path: String, home: String) -> String {
    TextSanitizer.sanitize(typed(path, home: home))
  }

  /// The pictures `paths` are, named or counted as every prompt and summary says them
  /// (`PictureFiles`): `IMG_1 (JPG + DNG)`, `3 pictures (6 files: 3 raw)`.
  static func pictures(_ paths: [String]) -> PictureFiles {
    PictureFiles(paths: paths)
  }
}

import TerminalKit

/// The rules a new file name keeps, on every Linux file system: not empty, not `.` or
/// `..`, no `/` or NUL, at most 255 bytes.
package enum FileName {
  /// Why `name` cannot name a file; nil when it can.
  package static func problem(with name: String) -> String? {
    if name.isEmpty { return "a name cannot be empty" }
    if name == "." || name == ".." { return "\"\(name)\" names a folder" }
    if name.contains("/") { return "a name cannot hold /: r renames, x moves" }
    if name.unicodeScalars.contains("\u{0}") { return "a name cannot hold a NUL" }
    if name.utf8.count > 255 { return "a name is at most 255 bytes" }
    return nil
  }

  /// The stem of `name`: all before its last dot (`IMG_1.tar` of `IMG_1.tar.gz`); the
  /// whole name when it has no dot but a leading one.
  package static func stem(of name: String) -> Substring {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name[...] }
    return name[..<dot]
  }

  /// What the files of one picture share: the folder and the stem (`/card/IMG_1` for
  /// `/card/IMG_1.JPG` and `/card/IMG_1.CR2`).
  package static func pictureKey(ofPath path: String) -> String {
    PathName.parent(path) + "/" + stem(of: PathName.lastComponent(path))
  }

  /// The extension of `name` with its dot (`.CR2`), empty when it has none.
  package static func suffix(of name: String) -> Substring {
    name[stem(of: name).endIndex...]
  }
}

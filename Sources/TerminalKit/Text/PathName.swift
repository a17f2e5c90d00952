/// Slash-separated path names, taken apart and put together as text (no file system).
///
/// One set of rules for the whole program: a trailing slash is ignored, so the last
/// component of `/a/b/` is `b`, and `/` is its own last component and parent.
///
/// Paths are the text `PathBytes` makes of the system's bytes: a name that is not UTF-8
/// holds escapes, which never contain a slash, so every rule here works on such names as
/// on others. Slashes are found among scalars, not characters: a name may start with a
/// combining mark, which Swift would join to the slash before it.
public enum PathName {
  /// The last name of `path`: `b` for `/a/b` and `/a/b/`, `/` for `/`, the path itself
  /// when it has no slash.
  public static func lastComponent(_ path: String) -> String {
    if path.isEmpty { return path }
    return components(path).last.map(String.init) ?? "/"
  }

  /// The folder holding `path`: `/a` for `/a/b` and `/a/b/`, `/` for a top-level name,
  /// `.` for a bare name.
  public static func parent(_ path: String) -> String {
    var trimmed = Substring(path).unicodeScalars
    while trimmed.count > 1 && trimmed.last == "/" { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// `folder/name`, without doubling the slash of a folder that ends in one.
  public static func join(_ folder: String, _ name: String) -> String {
    folder.unicodeScalars.last == "/" ? folder + name : folder + "/" + name
  }

  /// The names leading from `root` down to `path`, or nil when `path` is not inside it.
  public static func components(of path: String, under root: String) -> [String]? {
    if path.unicodeScalars.elementsEqual(root.unicodeScalars) { return [] }
    let prefix = root.unicodeScalars.last == "/" ? root : root + "/"
    guard path.unicodeScalars.starts(with: prefix.unicodeScalars) else { return nil }
    let below = path.unicodeScalars.dropFirst(prefix.unicodeScalars.count)
    return below.split(separator: "/").map(String.init)
  }

  /// `path` tidied by name alone: empty and `.` components dropped, each `..` taking the
  /// name before it away (above the root it stays at the root), no trailing slash.
  ///
  /// Symbolic links are kept, not resolved: the name a user gave is the name shown and
  /// the favourites' key. Foundation's `standardizingPath` is not used for this: on Linux
  /// it resolves links through the file system, with the UTF-8 of the text, which for a
  /// name that is not UTF-8 names another file.
  public static func standardized(_ path: String) -> String {
    let isAbsolute = path.unicodeScalars.first == "/"
    var kept: [String] = []
    for component in components(path).map(String.init) {
      switch component {
      case ".": continue
      case "..":
        if let last = kept.last, last != ".." {
          kept.removeLast()
        } else if !isAbsolute {
          kept.append(component)
        }
      default: kept.append(component)
      }
    }
    let joined = kept.joined(separator: "/")
    if isAbsolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }

  /// The non-empty names between slashes.
  private static func components(_ path: String) -> [Substring.UnicodeScalarView] {
    path.unicodeScalars.split(separator: "/")
  }
}

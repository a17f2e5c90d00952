/// Slash-separated path names, taken apart and put together as text (no file system).
///
/// One set of rules for the whole program: a trailing slash is ignored, so the last
/// component of `/a/b/` is `b`, and `/` is its own last component and parent.
public enum PathName {
  /// The last name of `path`: `b` for `/a/b` and `/a/b/`, `/` for `/`, the path itself
  /// when it has no slash.
  public static func lastComponent(_ path: String) -> String {
    if path.isEmpty { return path }
    return path.split(separator: "/").last.map(String.init) ?? "/"
  }

  /// The folder holding `path`: `/a` for `/a/b` and `/a/b/`, `/` for a top-level name,
  /// `.` for a bare name.
  public static func parent(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// `folder/name`, without doubling the slash of a folder that ends in one.
  public static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// The names leading from `root` down to `path`, or nil when `path` is not inside it.
  public static func components(of path: String, under root: String) -> [String]? {
    if path == root { return [] }
    let prefix = root.hasSuffix("/") ? root : root + "/"
    guard path.hasPrefix(prefix) else { return nil }
    return path.dropFirst(prefix.count).split(separator: "/").map(String.init)
  }
}

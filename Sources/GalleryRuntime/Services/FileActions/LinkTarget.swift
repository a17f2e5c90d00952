import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// What a copy of a symbolic link points at: the same file as the link copied.
enum LinkTarget {
  /// The target for a copy at `destination` of the link `source` whose target is
  /// `target`.
  ///
  /// An absolute target is kept, and so is a relative one when the copy is in the same
  /// folder. Elsewhere a relative target would be read from the copy's folder and point
  /// at another file or none; it is made absolute from the real path of the link's
  /// folder, which is where the system reads it from.
  static func forCopy(_ target: String, of source: String, at destination: String) -> String {
    guard !target.hasPrefix("/"), let from = realPath(PathName.parent(source)) else {
      return target
    }
    guard realPath(PathName.parent(destination)) != from else { return target }
    return joined(from, target)
  }

  /// The real folder `folder` (no link, no `.` or `..` in it) and the relative `target`
  /// as one path; the target's leading `.` and `..` are taken against `folder`, which
  /// is exact as no part of it is a link. Later ones are kept, as a link before them
  /// decides where they lead.
  static func joined(_ folder: String, _ target: String) -> String {
    var base = folder.split(separator: "/", omittingEmptySubsequences: true)
    var rest = target.split(separator: "/", omittingEmptySubsequences: false)[...]
    while let first = rest.first, first == "." || first == ".." || first.isEmpty {
      if first == "..", !base.isEmpty { base.removeLast() }
      rest = rest.dropFirst()
    }
    let parts = base + rest
    return "/" + parts.joined(separator: "/")
  }

  /// `realpath` of `path`: every link resolved.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = PathBytes.withFileSystemRepresentation(path, { realpath($0, nil) }) else {
      return nil
    }
    defer { free(resolved) }
    return PathBytes.string(fileSystemCString: resolved)
  }
}

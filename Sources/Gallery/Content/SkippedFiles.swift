/// The files a folder holds that the gallery does not show, counted by kind: what the
/// status line and the scan report give as `3 text files, 1 other file not shown`.
///
/// A file counts here when its first bytes are no picture format the gallery reads and
/// its name does not look like a picture's (one that does is shown, broken, with the
/// reason); the kind is told by the name's extension alone.
package struct SkippedFiles: Hashable, Sendable {
  /// What a skipped file is, by its extension.
  package enum Kind: String, CaseIterable, Sendable {
    case text, other

    /// The kind's name for `count` files: `1 text file`, `2 other files`.
    func counted(_ count: Int) -> String {
      let (one, many) =
        switch self {
        case .text: ("text file", "text files")
        case .other: ("other file", "other files")
        }
      return "\(count) \(count == 1 ? one : many)"
    }
  }

  /// How many of each kind.
  package private(set) var counts: [Kind: Int] = [:]

  /// None.
  package init() {}

  /// Counts one skipped file named `fileName`.
  package mutating func add(fileName: String) { add(Self.kind(ofFileName: fileName)) }

  /// Counts `count` skipped files of `kind`.
  package mutating func add(_ kind: Kind, count: Int = 1) { counts[kind, default: 0] += count }

  /// Adds another folder's counts.
  package mutating func add(_ other: SkippedFiles) {
    for (kind, count) in other.counts { add(kind, count: count) }
  }

  /// Every skipped file.
  package var total: Int { counts.values.reduce(0, +) }

  /// Whether there are none.
  package var isEmpty: Bool { total == 0 }

  /// `1 text file, 3 other files`: each kind there is, in a fixed order; empty for none.
  package var summary: String {
    Kind.allCases.compactMap { kind in counts[kind].map { kind.counted($0) } }
      .joined(separator: ", ")
  }

  /// The kind a file's name says: text, or something else (an SVG drawing, a camera's
  /// raw file and a video are pictures). O(1).
  package static func kind(ofFileName name: String) -> Kind {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .other }
    switch name[name.index(after: dot)...].lowercased() {
    case "txt", "md", "json", "xml", "csv", "log", "ini", "yaml", "yml", "html", "htm", "aae",
      "rtf":
      return .text
    default: return .other
    }
  }
}

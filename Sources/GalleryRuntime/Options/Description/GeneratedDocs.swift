import FoundationEssentials
import Glibc

/// The files made from the description of the options, settings, keys and actions, by
/// their paths in the repository: the man page and the guide (their generated sections)
/// and the three completion scripts.
/// `gallery-docs write` writes them and `gallery-docs check` fails when a committed one
/// differs; a test checks the same.
package enum GeneratedDocs {
  /// A generated file: its path from the repository's root and what it should hold.
  package struct File: Sendable, Equatable {
    package let path: String
    package let text: String
  }

  /// Where the man page is, from the root.
  package static let manualPagePath = "gallery.1"

  /// Every generated file as it should be, the man page made from `manualPage` and the
  /// guide from `guide` (the committed ones, whose hand-written parts are kept).
  package static func files(manualPage: String, guide: String) throws(GeneratedDocsError)
    -> [File]
  {
    [
      File(path: manualPagePath, text: try ManualPage.updating(manualPage)),
      File(path: GuideReference.path, text: try GuideReference.updating(guide)),
      File(path: "completions/gallery.bash", text: ShellCompletions.bash),
      File(path: "completions/_gallery", text: ShellCompletions.zsh),
      File(path: "completions/gallery.fish", text: ShellCompletions.fish),
    ]
  }

  /// Every generated file as it should be for the repository at `root`.
  static func files(root: URL) throws(GeneratedDocsError) -> [File] {
    try files(
      manualPage: read(manualPagePath, root: root), guide: read(GuideReference.path, root: root))
  }

  /// The generated files under `root` that differ from what they should hold (or are
  /// missing), by path.
  package static func outOfDate(root: URL) throws(GeneratedDocsError) -> [String] {
    try files(root: root).filter {
      (try? read($0.path, root: root)) != $0.text
    }.map(\.path)
  }

  /// Writes every generated file under `root`; returns the paths it changed.
  package static func write(root: URL) throws(GeneratedDocsError) -> [String] {
    let stale = try outOfDate(root: root)
    for file in try files(root: root)
    where stale.contains(file.path) {
      let url = root.appendingPathComponent(file.path)
      do {
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.text.utf8).write(to: url, options: .atomic)
      } catch {
        throw .unreadable(file: file.path, reason: "\(error)")
      }
    }
    return stale
  }

  static func read(_ path: String, root: URL) throws(GeneratedDocsError) -> String {
    do {
      return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    } catch {
      throw .unreadable(file: path, reason: "\(error)")
    }
  }
}

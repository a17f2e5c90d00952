import TerminalKit

/// A folder a scan starts from, as the scan and the watcher place its sections.
package struct ScanRoot: Sendable, Hashable {
  /// The folder's absolute path with symbolic links resolved.
  package let path: String
  /// Only these sub-folders, in this order, when given (the root's own pictures are
  /// then left out); all sub-folders in natural order when nil.
  package let subfolders: [String]?
  /// The title of the folder's own section: the last name of the path as the user gave
  /// it, so a folder opened through a link is titled by the link's name, not its
  /// target's.
  package let name: String

  /// A root at `path`, taken as it is (the scanner's `resolving` initialiser checks a
  /// path a user typed), titled `name` (by default the path's last name).
  package init(path: String, subfolders: [String]? = nil, name: String? = nil) {
    self.path = path
    self.subfolders = subfolders
    self.name = name ?? PathName.lastComponent(path)
  }
}

/// A folder a scan starts from, as the scan and the watcher place its sections.
public struct ScanRoot: Sendable, Hashable {
  /// The folder's absolute path with symbolic links resolved.
  public let path: String
  /// Only these sub-folders, in this order, when given (the root's own pictures are
  /// then left out); all sub-folders in natural order when nil.
  public let subfolders: [String]?

  /// A root at `path`, taken as it is (the scanner's `resolving` initialiser checks a
  /// path a user typed).
  public init(path: String, subfolders: [String]? = nil) {
    self.path = path
    self.subfolders = subfolders
  }
}

import Gallery

/// The folders an inotify instance watches: descriptor, path and identity of each.
///
/// Identities keep one inode from being watched twice (the kernel would hand back the
/// same descriptor for a second path), which is also how links looping back are skipped.
struct WatchedFolders {
  private var paths: [Int32: String] = [:]
  private var descriptors: [String: Int32] = [:]
  private var identities: [Int32: FileIdentity] = [:]
  private var watchedIdentities: [FileIdentity: Int32] = [:]

  /// The number of folders watched.
  var count: Int { paths.count }

  /// The folder watched by `descriptor`.
  func path(of descriptor: Int32) -> String? { paths[descriptor] }

  /// Whether a folder at exactly `path` is watched.
  func isWatched(path: String) -> Bool { descriptors[path] != nil }

  /// The watch of the folder with `identity`, and the path it was watched under.
  func watch(of identity: FileIdentity) -> (descriptor: Int32, path: String)? {
    guard let descriptor = watchedIdentities[identity], let path = paths[descriptor] else {
      return nil
    }
    return (descriptor, path)
  }

  /// Records a new watch.
  mutating func insert(_ descriptor: Int32, path: String, identity: FileIdentity) {
    paths[descriptor] = path
    descriptors[path] = descriptor
    identities[descriptor] = identity
    watchedIdentities[identity] = descriptor
  }

  /// Forgets the watch `descriptor` (the kernel dropped it, or it was removed).
  mutating func remove(_ descriptor: Int32) {
    if let path = paths.removeValue(forKey: descriptor), descriptors[path] == descriptor {
      descriptors.removeValue(forKey: path)
    }
    if let identity = identities.removeValue(forKey: descriptor) {
      watchedIdentities.removeValue(forKey: identity)
    }
  }

  /// The descriptors of `path` and of every watched folder inside it. O(watched).
  func descriptors(atOrBelow path: String) -> [Int32] {
    let prefix = path.hasSuffix("/") ? path : path + "/"
    return paths.filter { $0.value == path || $0.value.hasPrefix(prefix) }.map(\.key)
  }
}

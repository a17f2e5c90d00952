import Foundation
import SystemSupport
import TerminalKit

/// Where the cache of dates taken lives, and taking it to and from disk:
/// `$XDG_CACHE_HOME/gallery/dates-taken` (an absolute `XDG_CACHE_HOME` only, else
/// `~/.cache`), beside the drawn art.
///
/// A cache: nothing in it is precious. A file that cannot be read or understood is an
/// empty cache, silently, and the next save replaces it; deleting it costs one reading
/// of every picture's head.
package struct DateTakenCacheFile: Sendable {
  /// The file.
  package let path: String

  package init(path: String) { self.path = path }

  /// The file at its place for `environment`.
  package init(environment: [String: String]) {
    self.init(
      path: PathName.join(
        PathName.join(CacheFolders.cacheHome(environment: environment), "gallery"),
        "dates-taken"))
  }

  /// The cache the file holds for the time zone `timeZone` (an identifier); empty when
  /// there is none, or it cannot be read, or it is damaged, of another version or made
  /// in another zone. Removes the temporary files of saves cut short. O(file).
  package func load(timeZone: String) -> DateTakenCache {
    AtomicFile.removeStaleTemporaries(for: path)
    guard
      let bytes = try? FileReader.read(
        path: path, limit: Int64(DateTakenCache.maximumFileSize))
    else { return DateTakenCache() }
    return DateTakenCache(fileBytes: bytes, timeZone: timeZone)
  }

  /// Replaces the file with `cache` atomically (the old file stays whole if anything
  /// fails), creating the folder (mode 0700) when needed.
  ///
  /// - Throws: the `errno` of the step that failed.
  package func save(_ cache: DateTakenCache, timeZone: String) throws(SystemError) {
    try Folders.create(PathName.parent(path))
    try AtomicFile.replace(path, with: cache.fileBytes(timeZone: timeZone))
  }
}

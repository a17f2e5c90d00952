import CFileCalls
import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension FavoritesStore {
  /// The most kept copies looked for: `favorites.json.migrated` to `.migrated.999`.
  static let keptNameLimit = 1000

  /// Keeps the favourites file as it is under the first free name of
  /// `favorites.json.migrated`, `.migrated.1`, …, and leaves at its own name the
  /// favourites `remainder` only, or no file when there are none.
  ///
  /// Nothing is overwritten or unlinked, and a kill at any moment loses nothing: with no
  /// remainder the file is renamed, which only takes a free name (`RENAME_NOREPLACE`);
  /// with one, a hard link gives the file its kept name first, then the remainder
  /// replaces the favourites file atomically (`save`), the old bytes living on under the
  /// kept name. A kill between the two leaves both names holding every favourite: the
  /// next start migrates the same favourites again, which changes nothing, and keeps one
  /// more copy.
  ///
  /// - Returns: the kept name; nil when the file is gone meanwhile (another gallery,
  ///   started at the same moment, migrated the same favourites and kept it).
  /// - Throws: `FavoritesError` when no kept name could be made (the file is left as it
  ///   was) or the remainder could not be written (the file is left as it was, and the
  ///   kept copy stays).
  package func keepMigrated(remainder: Favorites) throws(FavoritesError) -> String? {
    for attempt in 0..<Self.keptNameLimit {
      let kept = path + ".migrated" + (attempt == 0 ? "" : ".\(attempt)")
      let outcome =
        remainder.isEmpty
        ? Self.take(kept, for: path, renaming: true)
        : Self.take(kept, for: path, renaming: false)
      switch outcome {
      case .renamed:
        FolderFlush.flush(PathName.parent(path))
        return kept
      case .linked:
        // The kept name must be on disk before the remainder takes the file's name.
        FolderFlush.flush(PathName.parent(path))
        // A save another gallery made since the link (an older one, still running) stays:
        // the next start migrates it.
        guard Self.isSameFile(path, kept) else { return kept }
        try save(remainder)
        return kept
      case .nameTaken:
        continue
      case .gone:
        return nil
      case .failed(let error):
        throw .cannotSetAside(path: path, reason: error.reason)
      }
    }
    throw .cannotSetAside(
      path: path, reason: "every name up to .migrated.\(Self.keptNameLimit - 1) is taken")
  }

  /// Whether the names `a` and `b` hold the same file.
  private static func isSameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard PathBytes.withFileSystemRepresentation(a, { lstat($0, &first) }) == 0,
      PathBytes.withFileSystemRepresentation(b, { lstat($0, &second) }) == 0
    else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// What giving a file a free name did.
  private enum Taking {
    case renamed
    case linked
    case nameTaken
    case gone
    case failed(SystemError)
  }

  /// Gives the file at `path` the name `kept` while it is free: renaming it, or linking
  /// it (both names then hold it). A file system without `RENAME_NOREPLACE` gets a link
  /// where a rename was asked: `keepMigrated` then writes the empty remainder at the old
  /// name, which the next start leaves alone.
  private static func take(_ kept: String, for path: String, renaming: Bool) -> Taking {
    let result = PathBytes.withFileSystemRepresentation(path) { from in
      PathBytes.withFileSystemRepresentation(kept) { to in
        renaming
          ? gallery_rename(from, to, GALLERY_RENAME_NOREPLACE)
          : linkat(AT_FDCWD, from, AT_FDCWD, to, 0)
      }
    }
    if result == 0 { return renaming ? .renamed : .linked }
    let error = SystemError.current()
    if error.code == EEXIST { return .nameTaken }
    if error.code == ENOENT { return .gone }
    if renaming, error.code == EINVAL || error.code == ENOSYS {
      return take(kept, for: path, renaming: false)
    }
    return .failed(error)
  }
}

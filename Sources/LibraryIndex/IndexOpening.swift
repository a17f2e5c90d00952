import FoundationEssentials
import Glibc
import SystemSupport

/// What opening the index gave: the index (nil when it cannot be used this run: the
/// files are read instead) and what the user should hear.
package struct IndexOpening: Sendable {
  package var index: PictureIndex?
  package var notice: IndexNotice?
}

extension PictureIndex {
  /// How long an operation waits for another gallery's lock before passing the index by.
  package static let busyTimeout: Duration = .seconds(2)

  /// The index file: `library.sqlite` in the gallery's folder of the cache folder
  /// (`$XDG_CACHE_HOME/gallery/library.sqlite`).
  package static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    CacheFolders.cacheHome(environment: environment) + "/gallery/library.sqlite"
  }

  /// Opens the index at `path`, making it (and its folder) when missing.
  ///
  /// A damaged file, or one of an older schema, is made again (notice `.rebuilt`); a
  /// newer gallery's is left untouched (no index, notice `.bypassed`), as is one busy
  /// beyond `busyTimeout`; one that cannot be written is opened read-only (notice
  /// `.readOnly`). `readOnly` opens it read-only by choice, with no notice.
  package static func open(
    at path: String, readOnly: Bool = false, busyTimeout: Duration = busyTimeout
  ) -> IndexOpening {
    let milliseconds = Int32(
      clamping: busyTimeout.components.seconds * 1000
        + busyTimeout.components.attoseconds / 1_000_000_000_000_000)
    if readOnly {
      return openReadOnly(at: path, milliseconds: milliseconds, notice: nil)
    }
    let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    if !folder.isEmpty { _ = CacheFolders.make(folder) }
    do throws(IndexError) {
      return IndexOpening(index: try openWritable(at: path, milliseconds: milliseconds))
    } catch .corrupt {
      // The gallery's own cache: replacing it loses nothing the files do not say again.
      removeFiles(at: path)
      do throws(IndexError) {
        return IndexOpening(
          index: try openWritable(at: path, milliseconds: milliseconds),
          notice: IndexNotice(.corrupt(path: path), .rebuilt))
      } catch {
        return IndexOpening(index: nil, notice: IndexNotice(error, .bypassed))
      }
    } catch .readOnly(let path), .cannotOpen(let path, _) {
      return openReadOnly(
        at: path, milliseconds: milliseconds,
        notice: IndexNotice(.readOnly(path: path), .readOnly))
    } catch {
      return IndexOpening(index: nil, notice: IndexNotice(error, .bypassed))
    }
  }

  private static func openWritable(at path: String, milliseconds: Int32) throws(IndexError)
    -> PictureIndex
  {
    let connection = try IndexConnection(
      path: path, mode: .readWrite, busyTimeoutMilliseconds: milliseconds)
    // SQLite opens a file it cannot write read-only without a word.
    guard !connection.isReadOnly else { throw .readOnly(path: path) }
    try IndexSchema.prepare(connection)
    return PictureIndex(
      path: path, connection: connection, readOnly: false, busyTimeoutMilliseconds: milliseconds)
  }

  /// Opens the file read-only: through the WAL's shared memory when its folder allows,
  /// else as an unchanging file. Nothing is made again: a damaged file is passed by.
  private static func openReadOnly(at path: String, milliseconds: Int32, notice: IndexNotice?)
    -> IndexOpening
  {
    var failure = IndexError.cannotOpen(path: path, reason: "it does not exist")
    for mode in [IndexConnection.Mode.readOnly, .immutable] {
      do throws(IndexError) {
        let connection = try IndexConnection(
          path: path, mode: mode, busyTimeoutMilliseconds: milliseconds)
        try IndexSchema.prepareReadOnly(connection)
        return IndexOpening(
          index: PictureIndex(
            path: path, connection: connection, readOnly: true,
            busyTimeoutMilliseconds: milliseconds), notice: notice)
      } catch {
        failure = error
        // Only the shared memory's folder being read-only (SQLite cannot make or lock
        // the `-shm` file) is worth a second try.
        let worthAnotherTry =
          switch error {
          case .cannotOpen, .readOnly: true
          default: false
          }
        if !worthAnotherTry { break }
      }
    }
    return IndexOpening(index: nil, notice: IndexNotice(failure, .bypassed))
  }

  /// Removes the file and its WAL and shared-memory files.
  static func removeFiles(at path: String) {
    for suffix in ["", "-wal", "-shm"] { CacheFolders.remove(path + suffix) }
  }

  /// Makes the damaged file again in place of the connection, under the lock; the notice.
  func rebuild(_ state: inout State) -> IndexNotice {
    state.connection = nil
    Self.removeFiles(at: path)
    do throws(IndexError) {
      let connection = try IndexConnection(
        path: path, mode: .readWrite, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
      try IndexSchema.prepare(connection)
      state.connection = connection
      return IndexNotice(.corrupt(path: path), .rebuilt)
    } catch {
      return IndexNotice(error, .bypassed)
    }
  }

  /// The notice for `error` met by an operation, having made the file again when it is
  /// damaged (a read-only index is passed by instead: it cannot be written).
  func notice(for error: IndexError, _ state: inout State) -> IndexNotice {
    if case .corrupt = error, !state.isReadOnly { return rebuild(&state) }
    return IndexNotice(error, .bypassed)
  }
}

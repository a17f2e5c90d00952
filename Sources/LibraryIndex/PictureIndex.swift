import SystemSupport

/// The library index: what the gallery read of every picture it has seen, kept in one
/// SQLite file under the cache folder, so a library opened again is known at once.
///
/// A cache, never the truth: each row carries its file's stamp, and a file rewritten
/// since gets no answer. Nothing that goes wrong with the file stops the gallery (see
/// `IndexNotice`): a damaged file is made again, a busy one is passed by for that
/// operation, a newer gallery's is left alone, a read-only one is read and not written.
/// Two galleries use one file at once (WAL), and a gallery killed while writing loses at
/// most the batch it was writing (one transaction each).
///
/// Safe from any thread: calls take turns on one connection.
package final class PictureIndex: Sendable {
  /// The index file.
  package let path: String
  let busyTimeoutMilliseconds: Int32
  let state: Locked<State>

  /// The connection and what is known of it.
  struct State: Sendable {
    /// Nil once closed, or when the file could not be made again.
    var connection: IndexConnection?
    /// Opened read-only: answers are used, nothing is written.
    var isReadOnly: Bool
    /// The read-only notice was given once for writes; not again each batch.
    var toldWritesSkipped = false
  }

  init(path: String, connection: IndexConnection, readOnly: Bool, busyTimeoutMilliseconds: Int32) {
    self.path = path
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    state = Locked(State(connection: connection, isReadOnly: readOnly))
  }

  /// Whether the index is read and never written this run.
  package var isReadOnly: Bool { state.withLock { $0.isReadOnly } }

  /// Closes the file; later calls answer nothing and write nothing.
  package func close() {
    state.withLock { $0.connection = nil }
  }
}

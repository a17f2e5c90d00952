extension PictureIndex {
  /// Whether SQLite finds the file sound (`PRAGMA integrity_check`): every page, index
  /// and row read. Nil when it could not be asked (closed, busy). Slow on a large index:
  /// for checks and tests, not for every run.
  package func isIntact() -> Bool? {
    state.withLock { state in
      guard let connection = state.connection else { return nil }
      do throws(IndexError) {
        return try connection.text("PRAGMA integrity_check") == "ok"
      } catch {
        return nil
      }
    }
  }

  /// How many files the index holds; nil when it could not be asked.
  package func count() -> Int? {
    state.withLock { state in
      guard let connection = state.connection else { return nil }
      return try? Int(connection.integer("SELECT count(*) FROM pictures"))
    }
  }

  /// Runs `body` holding the file against every other connection, readers too
  /// (`locking_mode=EXCLUSIVE` and a write transaction): what a program busy with the
  /// file does to the others, for the tests of a busy index. In WAL mode the lock is had
  /// only while no other connection has the file open. False when it could not be had.
  package func holdingExclusively(_ body: () -> Void) -> Bool {
    state.withLock { state in
      guard let connection = state.connection else { return false }
      do throws(IndexError) {
        try connection.execute("PRAGMA locking_mode=EXCLUSIVE")
        try connection.execute("BEGIN EXCLUSIVE")
        try connection.execute("DELETE FROM pictures WHERE path = x''")
        body()
        try connection.execute("ROLLBACK")
        try connection.execute("PRAGMA locking_mode=NORMAL")
        // The lock is let go at the next read in normal mode.
        _ = try connection.integer("SELECT count(*) FROM sqlite_master")
        return true
      } catch {
        try? connection.execute("ROLLBACK")
        try? connection.execute("PRAGMA locking_mode=NORMAL")
        return false
      }
    }
  }
}

extension PictureIndex {
  /// Runs `body` inside a write transaction of this connection (nothing written): what
  /// another gallery recording a batch does to the others. Nil when the lock could not
  /// be had.
  package func writingHeld<Result>(_ body: () -> Result) -> Result? {
    state.withLock { state in
      guard let connection = state.connection else { return nil }
      do throws(IndexError) {
        try connection.execute("BEGIN IMMEDIATE")
        let result = body()
        try connection.execute("ROLLBACK")
        return result
      } catch {
        try? connection.execute("ROLLBACK")
        return nil
      }
    }
  }
}

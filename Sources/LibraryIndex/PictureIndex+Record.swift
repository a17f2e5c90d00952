import TerminalKit

extension PictureIndex {
  /// Keeps `entries` in one transaction: all of them, or (killed, busy, failed) none.
  /// A row kept for the same path is replaced, its future features' columns (rating,
  /// label…) kept.
  ///
  /// Nil when kept; else what the user should hear: writes skipped (read-only: said once
  /// per run), the index busy beyond the timeout (this batch skipped), or damaged (made
  /// again; this batch skipped).
  @discardableResult
  package func record(_ entries: [IndexEntry]) -> IndexNotice? {
    guard !entries.isEmpty else { return nil }
    return write { connection throws(IndexError) in
      let statement = try connection.prepare(IndexRow.upsert)
      for entry in entries {
        IndexRow.bind(entry, to: statement)
        try statement.run()
      }
    }
  }

  /// Forgets the rows under `root` whose path is not in `seen` (the files a scan of
  /// `root` found) and whose file is truly gone (`FileAbsence`): files removed or renamed
  /// since. A file the scan missed but that is still there (its folder unreadable this
  /// time, hidden, behind a link not followed) keeps its row, and so does one whose file
  /// system is not there (a share not mounted: the folder left is on another device than
  /// the row recorded). One transaction.
  @discardableResult
  package func prune(under root: String, keeping seen: Set<String>) -> IndexNotice? {
    pruneCounting(under: root, keeping: seen).notice
  }

  /// `prune(under:keeping:)`, saying how many rows were forgotten (none when it could
  /// not write: then the notice says why).
  package func pruneCounting(under root: String, keeping seen: Set<String>) -> (
    gone: Int, notice: IndexNotice?
  ) {
    var absence = FileAbsence(under: root)
    var count = 0
    let notice = write { connection throws(IndexError) in
      count = 0
      let range = KeyRange.under(IndexPath.bytes(root))
      for table in Self.tables {
        let select = try connection.prepare(
          "SELECT path, device FROM \(table) WHERE path >= ? AND path < ?")
        select.bind(1, blob: range.lower)
        select.bind(2, blob: range.upper)
        var gone: [[UInt8]] = []
        while try select.step() {
          let bytes = select.withBlob(0) { Array($0) }
          let path = bytes.withUnsafeBytes(IndexPath.string)
          let device = select.optionalInteger(1).map { UInt64(bitPattern: $0) }
          if !seen.contains(path), absence.isGone(path, device: device) { gone.append(bytes) }
        }
        select.reset()
        let delete = try connection.prepare("DELETE FROM \(table) WHERE path = ?")
        for path in gone {
          delete.bind(1, blob: path)
          try delete.run()
        }
        // The count is the pictures' rows: a file's likeness goes with them.
        if table == "pictures" { count = gone.count }
      }
    }
    return (notice == nil ? count : 0, notice)
  }

  /// Forgets the rows of `paths` (files the gallery moved, renamed or trashed). One
  /// transaction.
  @discardableResult
  package func forget(_ paths: [String]) -> IndexNotice? {
    guard !paths.isEmpty else { return nil }
    return write { connection throws(IndexError) in
      for table in Self.tables {
        let delete = try connection.prepare("DELETE FROM \(table) WHERE path = ?")
        for path in paths {
          delete.bind(1, blob: IndexPath.bytes(path))
          try delete.run()
        }
      }
    }
  }

  /// The tables keyed by a file's path: a file gone leaves none of them.
  static let tables = ["pictures", "likeness"]

  /// Runs `body` in one write transaction, under the lock; the notice when it could not.
  func write(_ body: (IndexConnection) throws(IndexError) -> Void) -> IndexNotice? {
    state.withLock { state in
      guard let connection = state.connection else { return nil }
      guard !state.isReadOnly else {
        guard !state.toldWritesSkipped else { return nil }
        state.toldWritesSkipped = true
        return IndexNotice(.readOnly(path: path), .readOnly)
      }
      do throws(IndexError) {
        try connection.writing { () throws(IndexError) in try body(connection) }
        return nil
      } catch {
        return notice(for: error, &state)
      }
    }
  }
}

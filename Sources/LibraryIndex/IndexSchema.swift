/// The index's one table, and the version that names it (`PRAGMA user_version`).
///
/// A new column or meaning is a new version: an older one is rebuilt (the index is a
/// cache, and the files say it all again), a newer one, a newer gallery's, is left
/// alone. The culling decision read from a file's sidecars (`KeptDecision`) and the
/// columns for features to come (content and perceptual hashes) are apart from the
/// details: an update of a row's details keeps them.
///
/// Version 3 keeps the focus point (`PictureDetails.focusPoint`: its fractions of the
/// picture as shown, and its area's). Version 2 keeps decisions (stars, flag, labels, and
/// the stamp of the files they were read from); version 1 had unused columns in their
/// place.
enum IndexSchema {
  /// The version this gallery writes and reads.
  static let version = 3

  /// The table: one row per file, keyed by its path's bytes (a range of keys is a folder
  /// and everything under it), without SQLite's row ids, which would be a second key.
  static let create = """
    CREATE TABLE pictures (
      path BLOB PRIMARY KEY NOT NULL,
      device INTEGER, inode INTEGER, size INTEGER NOT NULL, modified_ns INTEGER,
      format TEXT, width INTEGER, height INTEGER, orientation INTEGER NOT NULL,
      taken_wall_clock INTEGER, taken_utc_offset INTEGER,
      camera_make TEXT, camera_model TEXT, lens TEXT,
      exposure_seconds REAL, f_number REAL, iso INTEGER, focal_length REAL,
      latitude REAL, longitude REAL, altitude REAL,
      duration REAL, codec TEXT, broken_reason TEXT,
      focus_x REAL, focus_y REAL, focus_width REAL, focus_height REAL,
      rating INTEGER, flag INTEGER, color_labels INTEGER, decision_stamp BLOB,
      content_hash BLOB, perceptual_hash BLOB
    ) WITHOUT ROWID;
    """

  /// Makes the file ready on a writable connection: WAL (readers and a writer at once,
  /// a commit whole or not at all), `synchronous=NORMAL` (a power cut may lose the last
  /// commits, never the file), and the table of this version; an older version's is
  /// dropped and made again. Throws `foreignVersion` for a newer gallery's file, before
  /// anything is written to it.
  static func prepare(_ connection: IndexConnection) throws(IndexError) {
    let found = try Int(connection.integer("PRAGMA user_version"))
    guard found <= version else {
      throw .foreignVersion(path: connection.path, version: found)
    }
    if try connection.text("PRAGMA journal_mode") != "wal" {
      guard try connection.text("PRAGMA journal_mode=WAL") == "wal" else {
        throw .failed(path: connection.path, reason: "it cannot be put in WAL mode")
      }
    }
    try connection.execute("PRAGMA synchronous=NORMAL")
    guard found != version else {
      try check(connection)
      return
    }
    try connection.writing { () throws(IndexError) in
      // Another gallery may have made it while this one waited for the lock.
      let now = try Int(connection.integer("PRAGMA user_version"))
      guard now != version else { return }
      guard now < version else { throw .foreignVersion(path: connection.path, version: now) }
      try connection.execute("DROP TABLE IF EXISTS pictures")
      try connection.execute(create)
      try connection.execute("PRAGMA user_version=\(version)")
    }
  }

  /// Checks a file opened read-only: this version's, or an error (nothing can be done
  /// about another version without writing).
  static func prepareReadOnly(_ connection: IndexConnection) throws(IndexError) {
    let found = try Int(connection.integer("PRAGMA user_version"))
    guard found <= version else { throw .foreignVersion(path: connection.path, version: found) }
    guard found == version else { throw .oldVersion(path: connection.path, version: found) }
    try check(connection)
  }

  /// Reads the schema and the table's first page: a damaged file says so here rather than
  /// at the first lookup.
  private static func check(_ connection: IndexConnection) throws(IndexError) {
    _ = try connection.integer("SELECT count(*) FROM sqlite_master")
    _ = try connection.integer("SELECT size FROM pictures LIMIT 1")
  }
}

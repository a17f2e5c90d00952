/// The index's tables, and the version that names them (`PRAGMA user_version`).
///
/// A new column or meaning is a new version: an older one is altered when the steps
/// from it are known (version 3 to 4: the likeness table added, the unused hash columns
/// dropped, every detail kept), else rebuilt (the index is a cache, and the files say it
/// all again); a newer one, a newer gallery's, is left alone. The culling decision read
/// from a file's sidecars (`KeptDecision`) is apart from the details: an update of a
/// row's details keeps it.
///
/// Version 4 keeps each file's likeness (`KeptLikeness`: its content hash and perceptual
/// hash) in a table of its own, under the stamp of the file they were computed from, so
/// the headless finder keeps hashes of files whose details were never read. Version 3
/// keeps the focus point (`PictureDetails.focusPoint`: its fractions of the picture as
/// shown, and its area's). Version 2 keeps decisions (stars, flag, labels, and the stamp
/// of the files they were read from); version 1 had unused columns in their place.
enum IndexSchema {
  /// The version this gallery writes and reads.
  static let version = 4

  /// The tables: one row per file, keyed by its path's bytes (a range of keys is a folder
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
      rating INTEGER, flag INTEGER, color_labels INTEGER, decision_stamp BLOB
    ) WITHOUT ROWID;
    \(createLikeness)
    """

  /// The likeness table (version 4): each file's content hash (XXH3-128's 16 canonical
  /// bytes) and perceptual hash (its 64 bits as a signed integer), under the stamp of the
  /// file they were computed from.
  static let createLikeness = """
    CREATE TABLE likeness (
      path BLOB PRIMARY KEY NOT NULL,
      device INTEGER, inode INTEGER, size INTEGER NOT NULL, modified_ns INTEGER,
      content_hash BLOB, perceptual_hash INTEGER
    ) WITHOUT ROWID;
    """

  /// The steps from version 3 to this one: the likeness table, and the pictures table's
  /// hash columns, which no version wrote, dropped.
  static let alterFrom3 = """
    \(createLikeness)
    ALTER TABLE pictures DROP COLUMN content_hash;
    ALTER TABLE pictures DROP COLUMN perceptual_hash;
    """

  /// Makes the file ready on a writable connection: WAL (readers and a writer at once,
  /// a commit whole or not at all), `synchronous=NORMAL` (a power cut may lose the last
  /// commits, never the file), and the tables of this version; version 3's altered, an
  /// older version's dropped and made again. Throws `foreignVersion` for a newer gallery's file, before
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
      if now == 3 {
        try connection.execute(alterFrom3)
      } else {
        try connection.execute("DROP TABLE IF EXISTS pictures; DROP TABLE IF EXISTS likeness")
        try connection.execute(create)
      }
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
    _ = try connection.integer("SELECT size FROM likeness LIMIT 1")
  }
}

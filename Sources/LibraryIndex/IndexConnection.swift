import CSQLite
import TerminalKit

/// One SQLite connection to the index file, and the few calls the index makes on it.
///
/// Not thread-safe by itself: `PictureIndex` uses it under its lock only (the connection
/// is opened without SQLite's own mutex, which would be a second lock for nothing).
final class IndexConnection: @unchecked Sendable {
  /// How the file is opened.
  enum Mode {
    /// Read and written; made when missing.
    case readWrite
    /// Read only, through SQLite's shared memory (other programs may write meanwhile).
    case readOnly
    /// Read only, the file taken as unchanging: for a file whose folder cannot hold the
    /// WAL's shared-memory file (a read-only folder).
    case immutable
  }

  let path: String
  private let handle: OpaquePointer

  /// Opens `path`, waiting up to `busyTimeout` milliseconds for another program's lock
  /// at every step.
  init(path: String, mode: Mode, busyTimeoutMilliseconds: Int32) throws(IndexError) {
    self.path = path
    var flags = SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
    flags |= mode == .readWrite ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY
    let query = mode == .immutable ? "?immutable=1" : ""
    var opened: OpaquePointer?
    let code = sqlite3_open_v2(Self.uri(path) + query, &opened, flags, nil)
    guard code == SQLITE_OK, let opened else {
      let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(opened)
      throw Self.error(code, path: path, reason: reason)
    }
    handle = opened
    sqlite3_extended_result_codes(handle, 1)
    // The file may be damaged, or made by anyone who can write the cache folder.
    _ = gallery_sqlite_defend(handle)
    sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
  }

  deinit { sqlite3_close_v2(handle) }

  /// Whether SQLite opened the file read-only (asked to, or the file is not writable).
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// Runs `sql` (one or more statements with no results wanted).
  func execute(_ sql: String) throws(IndexError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw error(code) }
  }

  /// A statement ready to run.
  func prepare(_ sql: String) throws(IndexError) -> IndexStatement {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else { throw error(code) }
    return IndexStatement(statement, connection: self)
  }

  /// The first column of the first row of `sql`, as text (nil: no row, or NULL).
  func text(_ sql: String) throws(IndexError) -> String? {
    let statement = try prepare(sql)
    guard try statement.step() else { return nil }
    return statement.text(0)
  }

  /// The first column of the first row of `sql`, as an integer (0 when no row).
  func integer(_ sql: String) throws(IndexError) -> Int64 {
    let statement = try prepare(sql)
    guard try statement.step() else { return 0 }
    return statement.integer(0)
  }

  /// Runs `body` in one transaction that takes the write lock at once (`BEGIN
  /// IMMEDIATE`, so two writers never deadlock upgrading a read): committed when it
  /// returns, rolled back when it throws.
  func writing<Result>(_ body: () throws(IndexError) -> Result) throws(IndexError) -> Result {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// The error SQLite's `code` stands for, with its message.
  func error(_ code: Int32) -> IndexError {
    Self.error(code, path: path, reason: String(cString: sqlite3_errmsg(handle)))
  }

  /// The error SQLite's `code` (extended or not) stands for.
  static func error(_ code: Int32, path: String, reason: String) -> IndexError {
    switch code & 0xFF {
    case SQLITE_CORRUPT, SQLITE_NOTADB: .corrupt(path: path)
    case SQLITE_BUSY, SQLITE_LOCKED: .locked(path: path)
    case SQLITE_READONLY: .readOnly(path: path)
    case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH: .cannotOpen(path: path, reason: reason)
    default: .failed(path: path, reason: reason)
    }
  }

  /// `path`'s bytes as an SQLite URI (`file:` and the bytes, each but the unreserved
  /// ones and `/` percent-encoded): a name that is not UTF-8, or holds `?` or `#`,
  /// reaches the system as it is.
  static func uri(_ path: String) -> String {
    var uri = "file:"
    for byte in PathBytes.fileSystemBytes(path) {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"),
        UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
        uri.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        uri.unicodeScalars.append("%")
        uri.unicodeScalars.append(hex[Int(byte >> 4)])
        uri.unicodeScalars.append(hex[Int(byte & 0xF)])
      }
    }
    return uri
  }
}

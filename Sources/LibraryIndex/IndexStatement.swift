import CSQLite

/// A prepared SQLite statement: parameters bound by position (from 1), columns read by
/// position (from 0).
final class IndexStatement {
  private let statement: OpaquePointer
  /// Kept so the connection outlives its statements.
  private let connection: IndexConnection

  init(_ statement: OpaquePointer, connection: IndexConnection) {
    self.statement = statement
    self.connection = connection
  }

  deinit { sqlite3_finalize(statement) }

  /// Clears the bindings and readies the statement to run again.
  func reset() {
    sqlite3_reset(statement)
    sqlite3_clear_bindings(statement)
  }

  /// Runs to the next row: true when there is one, false when done.
  func step() throws(IndexError) -> Bool {
    let code = sqlite3_step(statement)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      sqlite3_reset(statement)
      throw connection.error(code)
    }
  }

  /// Runs a statement that returns no rows, then resets it.
  func run() throws(IndexError) {
    defer { reset() }
    _ = try step()
  }

  // MARK: Binding

  func bind(_ index: Int32, blob bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      // An empty blob still binds as a blob, not NULL: a pointer SQLite never reads.
      let base = buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)
      _ = gallery_sqlite_bind_blob(statement, index, base, Int32(buffer.count))
    }
  }

  func bind(_ index: Int32, _ value: Int64?) {
    if let value {
      sqlite3_bind_int64(statement, index, value)
    } else {
      sqlite3_bind_null(statement, index)
    }
  }

  func bind(_ index: Int32, _ value: Int?) { bind(index, value.map(Int64.init)) }

  func bind(_ index: Int32, _ value: UInt64?) {
    bind(index, value.map { Int64(bitPattern: $0) })
  }

  func bind(_ index: Int32, _ value: Double?) {
    if let value {
      sqlite3_bind_double(statement, index, value)
    } else {
      sqlite3_bind_null(statement, index)
    }
  }

  func bind(_ index: Int32, _ value: String?) {
    guard let value else {
      sqlite3_bind_null(statement, index)
      return
    }
    var text = value
    text.withUTF8 { utf8 in
      let base = UnsafeRawPointer(utf8.baseAddress ?? UnsafePointer(bitPattern: 1))
      _ = gallery_sqlite_bind_text(
        statement, index, base?.assumingMemoryBound(to: CChar.self), Int32(utf8.count))
    }
  }

  // MARK: Columns

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

  func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

  func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }

  func optionalDouble(_ column: Int32) -> Double? {
    isNull(column) ? nil : sqlite3_column_double(statement, column)
  }

  func text(_ column: Int32) -> String? {
    guard !isNull(column), let text = sqlite3_column_text(statement, column) else { return nil }
    let count = Int(sqlite3_column_bytes(statement, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// The column's text, or `last` when it says the same (then no `String` is made); the
  /// value becomes `last`.
  func text(_ column: Int32, reusing last: inout String?) -> String? {
    guard !isNull(column), let text = sqlite3_column_text(statement, column) else { return nil }
    let bytes = UnsafeBufferPointer(
      start: text, count: Int(sqlite3_column_bytes(statement, column)))
    if var known = last, known.withUTF8({ $0.elementsEqual(bytes) }) { return known }
    let made = String(decoding: bytes, as: UTF8.self)
    last = made
    return made
  }

  /// The column's bytes (empty for NULL), handed to `body` without a copy.
  func withBlob<Result>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    let bytes = sqlite3_column_blob(statement, column)
    let count = Int(sqlite3_column_bytes(statement, column))
    return body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
  }
}

import Pictures
import TerminalKit

extension PictureIndex {
  /// Up to this many files are looked up one query each; more, by one scan of the rows
  /// under the folder they share (`make bench`'s index figures: the scan passes the
  /// queries well before this).
  static let pointQueryLimit = 512

  /// The details of `stamps`' files the index holds under the same stamp; a file
  /// rewritten since (another size, time, device or inode) gets no answer.
  ///
  /// Busy beyond the timeout: no answers and a notice (the files are read instead).
  /// Damaged: made again, no answers, and a notice.
  package func lookUp(_ stamps: [IndexStamp]) -> IndexLookup {
    guard !stamps.isEmpty else { return IndexLookup() }
    return state.withLock { state in
      guard let connection = state.connection else { return IndexLookup() }
      do throws(IndexError) {
        let found =
          stamps.count <= Self.pointQueryLimit
          ? try Self.queryEach(stamps, connection) : try Self.scan(stamps, connection)
        return IndexLookup(details: found)
      } catch {
        return IndexLookup(notice: notice(for: error, &state))
      }
    }
  }

  /// One query by key per file.
  private static func queryEach(_ stamps: [IndexStamp], _ connection: IndexConnection)
    throws(IndexError) -> [String: PictureDetails]
  {
    let statement = try connection.prepare(
      "SELECT \(IndexRow.selected) FROM pictures WHERE path = ?")
    var found: [String: PictureDetails] = [:]
    for stamp in stamps {
      statement.bind(1, blob: PathBytes.fileSystemBytes(stamp.path))
      defer { statement.reset() }
      guard try statement.step(),
        stamp.isSameFile(as: IndexRow.stamp(path: stamp.path, in: statement))
      else { continue }
      found[stamp.path] = IndexRow.details(in: statement)
    }
    return found
  }

  /// One scan of the rows under the deepest folder holding every file, into a table.
  private static func scan(_ stamps: [IndexStamp], _ connection: IndexConnection)
    throws(IndexError) -> [String: PictureDetails]
  {
    var wanted: [String: IndexStamp] = [:]
    wanted.reserveCapacity(stamps.count)
    for stamp in stamps { wanted[stamp.path] = stamp }
    let range = KeyRange.under(commonFolder(of: stamps.map(\.path)))
    let statement = try connection.prepare(
      "SELECT \(IndexRow.selected) FROM pictures WHERE path >= ? AND path < ?")
    statement.bind(1, blob: range.lower)
    statement.bind(2, blob: range.upper)
    defer { statement.reset() }
    var found: [String: PictureDetails] = [:]
    found.reserveCapacity(stamps.count)
    while try statement.step() {
      let path = IndexRow.path(in: statement)
      guard let stamp = wanted[path],
        stamp.isSameFile(as: IndexRow.stamp(path: path, in: statement))
      else { continue }
      found[path] = IndexRow.details(in: statement)
    }
    return found
  }

  /// The deepest folder that holds every one of `paths` ("/" at worst).
  static func commonFolder(of paths: [String]) -> [UInt8] {
    guard var common = paths.first.map(PathBytes.fileSystemBytes) else { return [] }
    for path in paths.dropFirst() {
      let bytes = PathBytes.fileSystemBytes(path)
      var length = 0
      while length < common.count, length < bytes.count, common[length] == bytes[length] {
        length += 1
      }
      common.removeSubrange(length...)
    }
    // Back to the last separator: `/a/b1` and `/a/b2` share `/a`, not `/a/b`.
    while let last = common.last, last != UInt8(ascii: "/") { common.removeLast() }
    if common.count > 1 { common.removeLast() }
    return common
  }
}

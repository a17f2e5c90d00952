import Pictures
import TerminalKit

extension PictureIndex {
  /// Up to this many files are looked up one query each; more, by one scan of the rows
  /// under the folder they share, which reads rows not asked for too but costs no search
  /// per file (`make bench`'s index figures: 100,000 files scanned in about 40 % of the
  /// time 100,000 queries take).
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
      statement.bind(1, blob: IndexPath.bytes(stamp.path))
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
    let wanted = WantedPaths(stamps)
    let range = KeyRange.under(commonFolder(of: stamps.map(\.path)))
    let statement = try connection.prepare(
      "SELECT \(IndexRow.selected) FROM pictures WHERE path >= ? AND path < ?")
    statement.bind(1, blob: range.lower)
    statement.bind(2, blob: range.upper)
    defer { statement.reset() }
    var found: [String: PictureDetails] = [:]
    found.reserveCapacity(stamps.count)
    var texts = IndexRow.Texts()
    while try statement.step() {
      guard let position = statement.withBlob(0, wanted.position(ofKey:)) else { continue }
      let stamp = stamps[position]
      guard stamp.isSameFile(as: IndexRow.stamp(path: stamp.path, in: statement)) else { continue }
      found[stamp.path] = IndexRow.details(in: statement, texts: &texts)
    }
    return found
  }

  /// How many leading bytes `first` and `second` share.
  private static func sharedLength(
    _ first: [UInt8], _ second: some RandomAccessCollection<UInt8>
  ) -> Int {
    var length = 0
    for (one, two) in zip(first, second) {
      guard one == two else { break }
      length += 1
    }
    return length
  }

  /// The deepest folder that holds every one of `paths` ("/" at worst).
  static func commonFolder(of paths: [String]) -> [UInt8] {
    guard var common = paths.first.map(IndexPath.bytes) else { return [] }
    for path in paths.dropFirst() {
      var text = path
      let length = text.withUTF8 { utf8 in
        // A path with an escape is compared by its real bytes; the others' text is them.
        guard !utf8.contains(0xF4) else { return Self.sharedLength(common, IndexPath.bytes(path)) }
        return Self.sharedLength(common, utf8)
      }
      if length < common.count { common.removeSubrange(length...) }
    }
    // Back to the last separator: `/a/b1` and `/a/b2` share `/a`, not `/a/b`.
    while let last = common.last, last != UInt8(ascii: "/") { common.removeLast() }
    if common.count > 1 { common.removeLast() }
    return common
  }
}

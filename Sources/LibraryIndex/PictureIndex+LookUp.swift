import Pictures
import TerminalKit

extension PictureIndex {
  /// A folder with fewer files asked for is looked up one query a file; one with more,
  /// by one read of its range of keys, which costs no search per file (`make bench`'s
  /// index figures: 100,000 files read by range in about 40 % of the time 100,000
  /// queries take) but meets the rows not asked for too.
  static let folderScanMinimum = 16

  /// The details of `stamps`' files the index holds under the same stamp; a file
  /// rewritten since (another size, time, device or inode) gets no answer.
  ///
  /// Each folder's files are read together: its own rows only, one range after another,
  /// the sub-folders' rows stepped over (a search each), so the cost follows the
  /// folders asked for, not the library under them.
  ///
  /// Busy beyond the timeout: no answers and a notice (the files are read instead).
  /// Damaged: made again, no answers, and a notice.
  package func lookUp(_ stamps: [IndexStamp]) -> IndexLookup {
    guard !stamps.isEmpty else { return IndexLookup() }
    return state.withLock { state in
      guard let connection = state.connection else { return IndexLookup() }
      do throws(IndexError) {
        var lookup = IndexLookup()
        lookup.details.reserveCapacity(stamps.count)
        var queried: [Int] = []
        let folders = LookUpFolders(stamps).folders
        if folders.contains(where: { $0.positions.count >= Self.folderScanMinimum }) {
          let reading = try FolderReading(stamps, connection)
          for folder in folders {
            guard folder.positions.count >= Self.folderScanMinimum else {
              queried += folder.positions
              continue
            }
            try reading.read(folder.key, into: &lookup)
          }
        } else {
          queried = Array(stamps.indices)
        }
        try Self.queryEach(queried.map { stamps[$0] }, connection, into: &lookup)
        return lookup
      } catch {
        return IndexLookup(notice: notice(for: error, &state))
      }
    }
  }

  /// One query by key per file.
  private static func queryEach(
    _ stamps: [IndexStamp], _ connection: IndexConnection, into lookup: inout IndexLookup
  ) throws(IndexError) {
    guard !stamps.isEmpty else { return }
    let statement = try connection.prepare(
      "SELECT \(IndexRow.selected) FROM pictures WHERE path = ?")
    for stamp in stamps {
      statement.bind(1, blob: IndexPath.bytes(stamp.path))
      defer { statement.reset() }
      guard try statement.step() else { continue }
      lookup.rowsRead += 1
      guard stamp.isSameFile(as: IndexRow.stamp(path: stamp.path, in: statement)) else { continue }
      lookup.details[stamp.path] = IndexRow.details(in: statement)
    }
  }
}

/// Reads the rows of whole folders for a lookup, into its answers: one statement for
/// all of them, the files asked for found by their key bytes (`WantedPaths`), the text
/// columns' values shared from row to row.
private final class FolderReading {
  private let stamps: [IndexStamp]
  private let wanted: WantedPaths
  private let statement: IndexStatement
  private var texts = IndexRow.Texts()

  init(_ stamps: [IndexStamp], _ connection: IndexConnection) throws(IndexError) {
    self.stamps = stamps
    wanted = WantedPaths(stamps)
    statement = try connection.prepare(
      "SELECT \(IndexRow.selected) FROM pictures WHERE path >= ? AND path < ?")
  }

  /// Reads the rows of the files right in the folder whose key bytes are `folder`: from
  /// `folder/` up to `folder0`, and past each sub-folder met (`folder/sub/` up to
  /// `folder/sub0`) by a new search from its end.
  func read(_ folder: [UInt8], into lookup: inout IndexLookup) throws(IndexError) {
    let range = KeyRange.under(folder)
    let nameStart = range.lower.count
    var lower = range.lower
    while true {
      statement.bind(1, blob: lower)
      statement.bind(2, blob: range.upper)
      defer { statement.reset() }
      var subfolderEnd: [UInt8]?
      while try statement.step() {
        lookup.rowsRead += 1
        let position = statement.withBlob(0) { key -> Int? in
          guard key.count >= nameStart else { return nil }
          if let slash = key[nameStart...].firstIndex(of: UInt8(ascii: "/")) {
            subfolderEnd = Array(key[..<slash]) + [UInt8(ascii: "0")]
            return nil
          }
          return wanted.position(ofKey: key)
        }
        if subfolderEnd != nil { break }
        guard let position else { continue }
        let stamp = stamps[position]
        guard stamp.isSameFile(as: IndexRow.stamp(path: stamp.path, in: statement)) else {
          continue
        }
        lookup.details[stamp.path] = IndexRow.details(in: statement, texts: &texts)
      }
      guard let subfolderEnd else { return }
      lower = subfolderEnd
    }
  }
}

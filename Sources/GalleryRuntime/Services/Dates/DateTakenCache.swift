import Foundation
import Gallery
import TerminalKit

/// When pictures were taken, kept between runs: each answer under the stamp of the file
/// it was read from (`FileStamp`: path, size, modification time), so a file left alone is
/// never opened twice for its date and one rewritten since is read again.
///
/// A value; the reader keeps it behind a lock and puts it on disk (`DateTakenCacheFile`,
/// the format in `DateTakenCache+Bytes.swift`). It keeps what it was loaded with
/// (`LoadedRecords`, the file's bytes indexed as they are) and what was recorded since (a
/// dictionary by path): a path asked for under another stamp loses its entry, and past
/// `capacity` entries those not asked for this run go first. A lookup or a record is
/// O(path), a trim O(entries).
package struct DateTakenCache: Sendable {
  /// What is known of a file's date.
  package enum Answer: Hashable, Sendable {
    /// Taken then (a wall-clock time read in the cache's time zone).
    case taken(Date)
    /// Read, and it says none (a screenshot, a GIF): not opened again.
    case undated

    /// The date, if any.
    package var date: Date? {
      if case .taken(let date) = self { date } else { nil }
    }

    init(_ date: Date?) { self = date.map(Answer.taken) ?? .undated }
  }

  /// A file's stamp and its answer: what `records` lists.
  package struct Record: Hashable, Sendable {
    package var stamp: FileStamp
    package var answer: Answer

    package init(stamp: FileStamp, answer: Answer) {
      self.stamp = stamp
      self.answer = answer
    }
  }

  /// An answer recorded this run and the stamp it was read under.
  struct Entry: Hashable, Sendable {
    var byteSize: Int64
    var modified: Date?
    var taken: Date?
    /// Its place in `order`.
    var sequence: Int
  }

  /// The most entries kept: twenty libraries of 100,000 pictures. (The file has a cap of
  /// its own in bytes, `maximumFileSize`: entries past it, unused ones first, are left out
  /// of it.)
  package static let capacity = 2_000_000

  /// The records of the file loaded, with what became of each this run.
  private(set) var loaded: LoadedRecords
  /// What was recorded this run, by path; a path here has no live record in `loaded`.
  private(set) var added: [String: Entry] = [:]
  /// The paths recorded, in the order they were: the file keeps it, so the next run,
  /// asking in the library's order again, walks its records front to back (at 100,000
  /// records, lookups in a random order took twice as long: each a cache miss). A path
  /// recorded again is here again, its entry's `sequence` naming the place that counts.
  private(set) var order: [String] = []
  /// Whether anything was recorded or dropped since the cache was loaded or saved.
  package private(set) var hasChanges = false

  /// An empty cache.
  package init() { loaded = LoadedRecords() }

  /// A cache of the records of a file, none used yet.
  init(loaded: LoadedRecords) { self.loaded = loaded }

  /// How many files the cache answers for.
  package var count: Int { loaded.liveCount + added.count }

  /// Every file's stamp and answer, in the order of their paths' bytes: for the tests and
  /// the fuzz target. O(entries × log entries).
  package var records: [Record] {
    var keyed: [([UInt8], Record)] = []
    keyed.reserveCapacity(count)
    for index in 0..<loaded.recordCount where !loaded.marks[index].contains(.dropped) {
      let fields = loaded.fields(of: index)
      let bytes = loaded.path(of: index)
      let stamp = FileStamp(
        path: PathBytes.string(fileSystemBytes: bytes), byteSize: fields.byteSize,
        modificationDate: fields.modified)
      keyed.append((bytes, Record(stamp: stamp, answer: Answer(fields.taken))))
    }
    for (path, entry) in added {
      let stamp = FileStamp(path: path, byteSize: entry.byteSize, modificationDate: entry.modified)
      keyed.append(
        (PathBytes.fileSystemBytes(path), Record(stamp: stamp, answer: Answer(entry.taken))))
    }
    return keyed.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1)
  }

  /// The answer recorded for the file under exactly this stamp, which counts as used;
  /// nil when there is none. An entry under another stamp (the file was rewritten) is
  /// dropped: the file will be read again.
  package mutating func answer(for stamp: FileStamp) -> Answer? {
    if !added.isEmpty, let index = added.index(forKey: stamp.path) {
      let entry = added.values[index]
      guard entry.byteSize == stamp.byteSize, entry.modified == stamp.modificationDate else {
        added.remove(at: index)
        hasChanges = true
        return nil
      }
      return Answer(entry.taken)
    }
    guard let index = loadedIndex(of: stamp.path), !loaded.marks[index].contains(.dropped) else {
      return nil
    }
    let fields = loaded.fields(of: index)
    guard fields.byteSize == stamp.byteSize, fields.modified == stamp.modificationDate else {
      loaded.mark(index, .dropped)
      hasChanges = true
      return nil
    }
    loaded.mark(index, .used)
    return Answer(fields.taken)
  }

  /// Keeps `answer` for the file of `stamp`, in place of whatever its path had.
  package mutating func record(_ answer: Answer, for stamp: FileStamp) {
    if let index = loadedIndex(of: stamp.path) { loaded.mark(index, .dropped) }
    added[stamp.path] = Entry(
      byteSize: stamp.byteSize, modified: stamp.modificationDate, taken: answer.date,
      sequence: order.count)
    order.append(stamp.path)
    hasChanges = true
  }

  /// Drops entries until at most `capacity` are left: first the loaded ones not asked
  /// for this run (files of another library, or gone), then the others loaded, then any.
  /// O(entries) when over, else O(1).
  package mutating func trim(to capacity: Int = Self.capacity) {
    var excess = count - max(0, capacity)
    guard excess > 0 else { return }
    hasChanges = true
    for used in [false, true] {
      for index in 0..<loaded.recordCount where excess > 0 {
        let marks = loaded.marks[index]
        guard !marks.contains(.dropped), marks.contains(.used) == used else { continue }
        loaded.mark(index, .dropped)
        excess -= 1
      }
    }
    guard excess > 0 else { return }
    added = added.filter { _, _ in
      guard excess > 0 else { return true }
      excess -= 1
      return false
    }
  }

  /// Notes that what the cache holds now is what is on disk.
  package mutating func markSaved() { hasChanges = false }

  /// The loaded record of `path` (matched by its bytes), dropped or not.
  private func loadedIndex(of path: String) -> Int? {
    guard loaded.recordCount > 0 else { return nil }
    var text = path
    // A path with no escape is its own bytes, found without a copy.
    if text.withUTF8({ !$0.contains(0xF4) }) {
      return text.withUTF8 { loaded.index(of: UnsafeRawBufferPointer($0)) }
    }
    return PathBytes.fileSystemBytes(path).withUnsafeBytes { loaded.index(of: $0) }
  }
}

import Foundation

/// The records of a cache file as loaded: the file's bytes kept whole, where each record
/// starts, a hash table from a path's bytes to its record, and what became of each
/// record this run.
///
/// Why not a dictionary of strings: making 100,000 `String`s and hashing them into a
/// `Dictionary` took 85–95 ms in a release build, nearly all of the load; this takes one
/// pass over the bytes and no allocation a record, about 4 ms (`gallery-bench dates`). A
/// path is matched by its bytes (exactly, as the system names the file), a record read
/// only when a stamp asks for it, and the records not touched go back to the file as the
/// bytes they came as.
struct LoadedRecords: Sendable {
  /// What became of a record this run.
  struct Marks: OptionSet, Sendable {
    let rawValue: UInt8
    /// Asked for under its own stamp: kept before the others when the cache is full.
    static let used = Marks(rawValue: 1)
    /// Asked for under another stamp, answered again, or trimmed: no longer in the cache.
    static let dropped = Marks(rawValue: 2)
  }

  /// A record's fields, read from the bytes.
  struct Fields {
    var byteSize: Int64
    var modified: Date?
    var taken: Date?
  }

  /// The bits of a table slot that hold the hash.
  private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

  /// The whole file.
  private let bytes: [UInt8]
  /// Where each record starts in `bytes`.
  private let starts: [UInt32]
  /// Open addressing, linear probing: a path's hash's upper 32 bits, then the record's
  /// index plus one (0: an empty slot). At most half full.
  private let table: [UInt64]
  /// What became of each record, by index.
  private(set) var marks: [Marks]
  /// Records not dropped.
  private(set) var liveCount: Int

  /// No records.
  init() {
    bytes = []
    starts = []
    table = []
    marks = []
    liveCount = 0
  }

  /// The `count` records of `file` from `offset` to its end, or nil when they are not
  /// exactly that (one out of bounds or that cannot be, bytes left over, a path twice).
  /// O(bytes).
  init?(file: [UInt8], recordsFrom offset: Int, count: Int) {
    var starts: [UInt32] = []
    starts.reserveCapacity(count)
    var table = [UInt64](repeating: 0, count: Self.tableSize(for: count))
    let valid = file.withUnsafeBytes { raw -> Bool in
      var cursor = offset
      for index in 0..<count {
        guard let (path, end) = Self.validRecord(in: raw, at: cursor),
          Self.insert(index, path: path, into: &table, raw: raw, starts: starts)
        else { return false }
        starts.append(UInt32(cursor))
        cursor = end
      }
      return cursor == raw.count
    }
    guard valid else { return nil }
    bytes = file
    self.starts = starts
    self.table = table
    marks = [Marks](repeating: [], count: count)
    liveCount = count
  }

  /// How many records the file held (dropped ones too).
  var recordCount: Int { starts.count }

  /// The record of the path whose bytes are `path`, dropped or not; nil when the file
  /// has none. O(path).
  func index(of path: UnsafeRawBufferPointer) -> Int? {
    guard !table.isEmpty else { return nil }
    let hash = DateTakenCache.checksum(path)
    let tag = hash & Self.tagMask
    let mask = table.count - 1
    return bytes.withUnsafeBytes { raw in
      var slot = Int(truncatingIfNeeded: hash) & mask
      while table[slot] != 0 {
        let index = Int(table[slot] & 0xFFFF_FFFF) - 1
        if table[slot] & Self.tagMask == tag, pathBytes(of: index, in: raw).elementsEqual(path) {
          return index
        }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  /// The fields of record `index` (validated when the file was loaded).
  func fields(of index: Int) -> Fields {
    bytes.withUnsafeBytes { raw in
      let start = Int(starts[index])
      let length = raw.loadUnaligned(fromByteOffset: start, as: UInt16.self).littleEndian
      let fixed = start + 2 + Int(length)
      let size = Int64(littleEndian: raw.loadUnaligned(fromByteOffset: fixed, as: Int64.self))
      let flags = raw[fixed + 8]
      let modified = UInt64(
        littleEndian: raw.loadUnaligned(fromByteOffset: fixed + 9, as: UInt64.self))
      let taken = UInt64(
        littleEndian: raw.loadUnaligned(fromByteOffset: fixed + 17, as: UInt64.self))
      return Fields(
        byteSize: size,
        modified: flags & DateTakenCache.hasModified == 0
          ? nil : Date(timeIntervalSinceReferenceDate: Double(bitPattern: modified)),
        taken: flags & DateTakenCache.hasDate == 0
          ? nil : Date(timeIntervalSinceReferenceDate: Double(bitPattern: taken)))
    }
  }

  /// The bytes of record `index`'s path.
  func path(of index: Int) -> [UInt8] {
    bytes.withUnsafeBytes { Array(pathBytes(of: index, in: $0)) }
  }

  /// Appends the live records used this run (or those not used), as they came, up to
  /// `limit` of them and while the file stays within `DateTakenCache.maximumFileSize`;
  /// how many. O(records).
  func appendRecords(used: Bool, to output: inout [UInt8], limit: Int) -> Int {
    var appended = 0
    bytes.withUnsafeBufferPointer { file in
      for index in starts.indices where appended < limit {
        let marks = marks[index]
        guard !marks.contains(.dropped), marks.contains(.used) == used else { continue }
        let start = Int(starts[index])
        let end = index + 1 < starts.count ? Int(starts[index + 1]) : file.count
        guard output.count + end - start <= DateTakenCache.maximumFileSize else { continue }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: file[start..<end]))
        appended += 1
      }
    }
    return appended
  }

  /// Adds `marks` to record `index`; a record dropped leaves the live count.
  mutating func mark(_ index: Int, _ marks: Marks) {
    if marks.contains(.dropped), !self.marks[index].contains(.dropped) { liveCount -= 1 }
    self.marks[index].formUnion(marks)
  }

  // MARK: Loading

  /// Slots for `count` records: a power of two at least twice as many (16 at least).
  private static func tableSize(for count: Int) -> Int {
    var size = 16
    while size < count * 2 { size *= 2 }
    return size
  }

  /// The path's bytes and the end of the record at `start`, when it lies within `raw`
  /// and every field is one a writer leaves (a path, flags known, a time only where its
  /// flag says, finite).
  private static func validRecord(in raw: UnsafeRawBufferPointer, at start: Int)
    -> (UnsafeRawBufferPointer, Int)?
  {
    guard raw.count - start >= 2 else { return nil }
    let length = Int(raw.loadUnaligned(fromByteOffset: start, as: UInt16.self).littleEndian)
    let fixed = start + 2 + length
    guard length > 0, raw.count - start >= DateTakenCache.recordFixedSize + length else {
      return nil
    }
    let flags = raw[fixed + 8]
    guard flags & ~(DateTakenCache.hasModified | DateTakenCache.hasDate) == 0,
      validTime(raw, at: fixed + 9, present: flags & DateTakenCache.hasModified != 0),
      validTime(raw, at: fixed + 17, present: flags & DateTakenCache.hasDate != 0)
    else { return nil }
    let path = UnsafeRawBufferPointer(rebasing: raw[(start + 2)..<fixed])
    return (path, fixed + 25)
  }

  /// Whether the time at `offset` is a finite one when `present`, else zero.
  private static func validTime(_ raw: UnsafeRawBufferPointer, at offset: Int, present: Bool)
    -> Bool
  {
    let bits = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    return present ? Double(bitPattern: bits).isFinite : bits == 0
  }

  /// Puts record `index` (whose path is `path`) into `table`; false when the path is
  /// there already.
  private static func insert(
    _ index: Int, path: UnsafeRawBufferPointer, into table: inout [UInt64],
    raw: UnsafeRawBufferPointer, starts: [UInt32]
  ) -> Bool {
    let hash = DateTakenCache.checksum(path)
    let tag = hash & Self.tagMask
    let mask = table.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while table[slot] != 0 {
      let other = Int(table[slot] & 0xFFFF_FFFF) - 1
      if table[slot] & Self.tagMask == tag {
        let start = Int(starts[other])
        let length = Int(raw.loadUnaligned(fromByteOffset: start, as: UInt16.self).littleEndian)
        if raw[(start + 2)..<(start + 2 + length)].elementsEqual(path) { return false }
      }
      slot = (slot + 1) & mask
    }
    table[slot] = tag | UInt64(index + 1)
    return true
  }

  private func pathBytes(of index: Int, in raw: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    let start = Int(starts[index])
    let length = Int(raw.loadUnaligned(fromByteOffset: start, as: UInt16.self).littleEndian)
    return UnsafeRawBufferPointer(rebasing: raw[(start + 2)..<(start + 2 + length)])
  }
}

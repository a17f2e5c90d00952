import Foundation
import Gallery
import TerminalKit

/// The cache's file: a header, then one record a file, every integer little-endian.
///
///     header  "GALDATES", version u32 (1), checksum u64, records u32,
///             zone length u16, the time zone's identifier (UTF-8)
///     record  path length u16, the path's bytes (`PathBytes`), size i64, flags u8
///             (1: a modification time, 2: a date), modification time u64, date u64
///
/// Times are the bits of `Date.timeIntervalSinceReferenceDate` (what a `Date` holds, so
/// a stamp read back equals the scan's exactly), 0 when the flag is off. The checksum
/// (`checksum(_:)`) covers every byte after it. A file that is anything else (short, long,
/// another version or zone, a record out of bounds, a flag or a length that cannot be, a
/// wrong checksum) is an empty cache: nothing in it is trusted, and reading never traps.
/// EXIF dates are wall-clock times read in the local zone, so a cache made in another
/// zone would give other instants: it is dropped too.
extension DateTakenCache {
  static let magic: [UInt8] = Array("GALDATES".utf8)
  static let version: UInt32 = 1
  /// Where the checksum sits (after the magic and the version), and the count after it.
  static let checksumOffset = 12
  static let countOffset = 20
  /// A record without its path's bytes.
  static let recordFixedSize = 27
  /// The largest file written and read: 256 MiB (2,000,000 records of 100-byte paths).
  package static let maximumFileSize = 256 << 20

  static let hasModified: UInt8 = 1
  static let hasDate: UInt8 = 2

  /// The file's bytes, made in the time zone `timeZone` (an identifier). Entries used
  /// this run come first (those loaded, then those recorded, in the order they were);
  /// those past `capacity`, that would take the file past `maximumFileSize`, or that
  /// cannot be written (a path over 65,535 bytes, a time that is not finite) are left
  /// out. Records loaded go back as the bytes they came as. O(bytes).
  package func fileBytes(timeZone: String) -> [UInt8] {
    let zone = Array(timeZone.utf8.prefix(Int(UInt16.max)))
    var bytes = Self.magic
    bytes.reserveCapacity(min(Self.maximumFileSize, 64 + count * 96))
    Self.append(Self.version, to: &bytes)
    Self.append(UInt64(0), to: &bytes)  // the checksum, made last
    Self.append(UInt32(0), to: &bytes)  // the count, filled in below
    Self.append(UInt16(zone.count), to: &bytes)
    bytes += zone
    var count = loaded.appendRecords(used: true, to: &bytes, limit: Self.capacity)
    for (sequence, path) in order.enumerated() where count < Self.capacity {
      guard let entry = added[path], entry.sequence == sequence else { continue }
      if Self.append(path, entry, to: &bytes) { count += 1 }
    }
    count += loaded.appendRecords(used: false, to: &bytes, limit: Self.capacity - count)
    withUnsafeBytes(of: UInt32(count).littleEndian) {
      bytes.replaceSubrange(Self.countOffset..<(Self.countOffset + 4), with: $0)
    }
    return Self.sealed(bytes)
  }

  /// The cache in `bytes`, made in the time zone `timeZone`; empty when they are not a
  /// whole, intact file of this version made in that zone. O(bytes), and no allocation
  /// a record.
  package init(fileBytes bytes: [UInt8], timeZone: String) {
    self.init(loaded: Self.loadedRecords(in: bytes, timeZone: timeZone) ?? LoadedRecords())
  }

  /// Every file's stamp and answer in `bytes`, or nil when `init(fileBytes:timeZone:)`
  /// would find them unusable: the parser without the rest, for the fuzz target and the
  /// tests that replay what it found (`Tests/Fuzz`).
  package static func records(inFileBytes bytes: [UInt8], timeZone: String) -> [Record]? {
    loadedRecords(in: bytes, timeZone: timeZone).map { DateTakenCache(loaded: $0).records }
  }

  /// The time zone `bytes` say they were made in, when they start like a cache file
  /// (whatever follows): for the fuzz target, which parses in the zone of its input.
  package static func timeZone(inFileBytes bytes: [UInt8]) -> String? {
    bytes.withUnsafeBytes { raw in
      var cursor = ByteCursor(bytes: raw)
      guard cursor.bytes(countOffset) != nil, cursor.integer(UInt32.self) != nil,
        let length = cursor.integer(UInt16.self), let zone = cursor.bytes(Int(length))
      else { return nil }
      return String(validating: zone, as: UTF8.self)
    }
  }

  /// The records in `bytes`, or nil when `init(fileBytes:timeZone:)` would find the
  /// file unusable.
  static func loadedRecords(in bytes: [UInt8], timeZone: String) -> LoadedRecords? {
    guard bytes.count <= maximumFileSize else { return nil }
    let header = bytes.withUnsafeBytes { raw -> (count: Int, end: Int)? in
      var cursor = ByteCursor(bytes: raw)
      guard let magic = cursor.bytes(Self.magic.count), magic.elementsEqual(Self.magic),
        cursor.integer(UInt32.self) == version, let checksum = cursor.integer(UInt64.self),
        checksum == Self.checksum(UnsafeRawBufferPointer(rebasing: raw[countOffset..<raw.count])),
        let count = cursor.integer(UInt32.self), let zoneLength = cursor.integer(UInt16.self),
        let zone = cursor.bytes(Int(zoneLength)), zone.elementsEqual(timeZone.utf8),
        // Each record takes at least its fixed part: a count the bytes cannot hold is a lie.
        Int(count) <= capacity, Int(count) <= cursor.remaining / recordFixedSize
      else { return nil }
      return (Int(count), cursor.offset)
    }
    guard let header else { return nil }
    return LoadedRecords(file: bytes, recordsFrom: header.end, count: header.count)
  }

  /// `bytes` with the checksum in their header made right (when they are long enough to
  /// have one): what the writer does last, and what lets the fuzz target reach the
  /// records past a check it would otherwise fail nearly always.
  package static func sealed(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= countOffset else { return bytes }
    var sealed = bytes
    let sum = sealed.withUnsafeBytes {
      checksum(UnsafeRawBufferPointer(rebasing: $0[countOffset..<$0.count]))
    }
    withUnsafeBytes(of: sum.littleEndian) {
      sealed.replaceSubrange(checksumOffset..<(checksumOffset + 8), with: $0)
    }
    return sealed
  }

  /// A 64-bit hash of `bytes`, a word at a time (a multiply and a shift each): damage on
  /// disk shows, at about a millisecond for 10 MB. Not against anyone who means harm: the
  /// worst a forged file does is give wrong dates.
  static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash: UInt64 = 0x6A09_E667_F3BC_C908 ^ UInt64(bytes.count)
    var offset = 0
    while bytes.count - offset >= 8 {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      hash = (hash ^ word) &* multiplier
      hash ^= hash >> 29
      offset += 8
    }
    var last: UInt64 = 0
    var shift: UInt64 = 0
    while offset < bytes.count {
      last |= UInt64(bytes[offset]) << shift
      shift += 8
      offset += 1
    }
    hash = (hash ^ last) &* multiplier
    return hash ^ (hash >> 32)
  }

  // MARK: Records

  /// Appends the record of `path`; false (nothing appended) when it cannot be written
  /// or the file would pass `maximumFileSize`.
  private static func append(_ path: String, _ entry: Entry, to bytes: inout [UInt8]) -> Bool {
    let modified = entry.modified?.timeIntervalSinceReferenceDate
    let taken = entry.taken?.timeIntervalSinceReferenceDate
    guard modified?.isFinite ?? true, taken?.isFinite ?? true else { return false }
    var path = path
    // A path with no escape is its own bytes; one with an escape gives each its byte.
    let hasEscape = path.withUTF8 { $0.contains(0xF4) }
    let pathBytes = hasEscape ? PathBytes.fileSystemBytes(path) : nil
    let length = pathBytes?.count ?? path.utf8.count
    guard length > 0, length <= Int(UInt16.max),
      bytes.count + recordFixedSize + length <= maximumFileSize
    else { return false }
    append(UInt16(length), to: &bytes)
    if let pathBytes { bytes += pathBytes } else { bytes += path.utf8 }
    append(entry.byteSize, to: &bytes)
    bytes.append((modified == nil ? 0 : hasModified) | (taken == nil ? 0 : hasDate))
    append(modified?.bitPattern ?? 0, to: &bytes)
    append(taken?.bitPattern ?? 0, to: &bytes)
    return true
  }

  private static func append<Integer: FixedWidthInteger>(
    _ value: Integer, to bytes: inout [UInt8]
  ) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }
}

/// Reads little-endian integers and runs of bytes off a buffer, each only when the
/// buffer still holds it: what the parser never trusts a length without.
private struct ByteCursor {
  let buffer: UnsafeRawBufferPointer
  private(set) var offset = 0

  init(bytes: UnsafeRawBufferPointer) { buffer = bytes }

  /// The bytes left.
  var remaining: Int { buffer.count - offset }

  /// The next integer of its size, or nil past the end.
  mutating func integer<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
    let size = MemoryLayout<Integer>.size
    guard remaining >= size else { return nil }
    defer { offset += size }
    return Integer(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: Integer.self))
  }

  /// The next `count` bytes, or nil past the end.
  mutating func bytes(_ count: Int) -> UnsafeBufferPointer<UInt8>? {
    guard count >= 0, remaining >= count else { return nil }
    defer { offset += count }
    return UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
      .assumingMemoryBound(to: UInt8.self)
  }
}

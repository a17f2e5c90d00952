import Gallery
import TerminalKit

/// One `struct inotify_event` read from an inotify descriptor.
struct InotifyRecord: Sendable, Hashable {
  /// The watch descriptor the event belongs to (-1 for a queue overflow).
  let watch: Int32
  /// The `IN_*` bits.
  let mask: UInt32
  /// Pairs an `IN_MOVED_FROM` with its `IN_MOVED_TO`.
  let cookie: UInt32
  /// The entry's name inside the watched folder, as the scan decodes one (`PathBytes`: a
  /// name that is not UTF-8 holds escapes); nil for events about the folder itself.
  let name: String?

  /// Bytes of the fixed part: `wd`, `mask`, `cookie`, `len`, four bytes each.
  static let headerSize = 16

  /// The records in `bytes`, as many as fit whole; a truncated tail is dropped.
  ///
  /// Every field is read unaligned and every length checked against the buffer, so a
  /// short or damaged read can never read past its end. O(bytes).
  static func parse(_ bytes: UnsafeRawBufferPointer) -> [InotifyRecord] {
    var records: [InotifyRecord] = []
    var offset = 0
    while bytes.count - offset >= headerSize {
      let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
      let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
      let cookie = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
      let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
      let nameStart = offset + headerSize
      guard length <= bytes.count - nameStart else { break }
      var name: String?
      if length > 0 {
        // The name is NUL-terminated and padded with NULs up to `len`.
        let field = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<(nameStart + length)])
        let used = field.firstIndex(of: 0) ?? field.count
        if used > 0 {
          name = PathBytes.string(fileSystemBytes: field[..<used])
        }
      }
      records.append(InotifyRecord(watch: watch, mask: mask, cookie: cookie, name: name))
      offset = nameStart + length
    }
    return records
  }

  /// Whether any of `bits` is set.
  func has(_ bits: UInt32) -> Bool { mask & bits != 0 }
}

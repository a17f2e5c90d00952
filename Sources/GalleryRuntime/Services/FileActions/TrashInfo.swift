import FoundationEssentials
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The `.trashinfo` file the Trash specification keeps beside each trashed file: where it
/// was and when it was trashed.
enum TrashInfo {
  /// The file's three lines: the header, `Path=` percent-encoded, and `DeletionDate=` in
  /// local time without a zone (`YYYY-MM-DDThh:mm:ss`), as the specification has them.
  static func contents(path: String, deletedAt date: Date) -> [UInt8] {
    Array("[Trash Info]\n\(pathLine(path))\nDeletionDate=\(localTime(date))\n".utf8)
  }

  /// The `Path=` line of `path`, percent-encoded.
  static func pathLine(_ path: String) -> String { "Path=" + encoded(path) }

  /// Whether the info file's bytes hold the line `line` whole.
  static func holds(_ line: String, in info: [UInt8]) -> Bool {
    let wanted = Array(line.utf8)
    return info.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
      .contains { $0.elementsEqual(wanted) || $0.elementsEqual(wanted + [UInt8(ascii: "\r")]) }
  }

  /// The path's bytes percent-encoded (RFC 2396's escaping): the unreserved letters,
  /// digits, `-._~` and the slashes kept, every other byte as `%XX`, a byte that is not
  /// UTF-8 included, so the name comes back byte for byte.
  ///
  /// Fewer characters kept than RFC 2396 allows (`!*'()` and the others a path may hold
  /// are escaped too): every reader decodes them, and GLib escapes the same set.
  static func encoded(_ path: String) -> String {
    var text = ""
    for byte in PathBytes.fileSystemBytes(path) {
      if isKept(byte) {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        text += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0xF)
      }
    }
    return text
  }

  /// `YYYY-MM-DDThh:mm:ss` of `date` in the local time zone.
  static func localTime(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    localtime_r(&seconds, &parts)
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
      + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
  }

  private static func isKept(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
      UInt8(ascii: "/"):
      true
    default: false
    }
  }

  private static func hexDigit(_ value: UInt8) -> String {
    String(value, radix: 16, uppercase: true)
  }

  private static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

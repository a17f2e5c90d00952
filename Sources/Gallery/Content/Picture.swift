import FoundationEssentials
import Pictures

/// One picture file found by a library scan.
///
/// Identified by its absolute path as reached by the scan (a path through a
/// symbolic link keeps the link's name), which is also the favourites key. A path is the
/// text `PathBytes` makes of the file's bytes: a name that is not UTF-8 holds escapes, so
/// it reaches the system only through `PathBytes.withFileSystemRepresentation` (never a
/// Foundation call that takes a path, which would write the escapes as UTF-8).
package struct Picture: Sendable, Hashable, Identifiable {
  /// What the scan learnt, in one shared, immutable box: a library's 100,000 pictures are
  /// copied into every arrangement, filter and snapshot of them, and a copy is then one
  /// reference, not 90 bytes and three to retain.
  private let file: File

  /// The absolute path: stable across runs for the same file.
  package var id: String { file.fields.path }
  /// The absolute path to the file.
  package var path: String { file.fields.path }
  /// The file's name, the last component of `path`.
  package var fileName: String { file.fields.fileName }
  /// The file's size in bytes.
  package var byteSize: Int64 { file.fields.byteSize }
  /// The file's last modification time; nil when it could not be learnt (a file named on
  /// the command line that does not exist, a dangling link), and then never shown.
  package var modificationDate: Date? { file.fields.modificationDate }
  /// The format sniffed from the first bytes; nil for a file whose name looks like a
  /// picture's but whose bytes are none the gallery reads (a text file named `.jpg`, an
  /// empty file, a pipe): it is shown broken, with the reason its decoding gives.
  package var format: ImageFormat? { file.fields.format }
  /// The other files shown as this picture (`PicturePairs`): the raw of a RAW+JPEG pair,
  /// the motion of a Live Photo; empty for a picture of one file. Marks, favourites,
  /// `-o`, opening and copying act on them too.
  package var companions: [Picture] { file.fields.companions }
  /// The file's device and inode (`st_dev`, `st_ino`) when the scan learnt them: with
  /// its size and time, what tells the library index the file is the one it read.
  package var device: UInt64? { file.fields.device }
  package var inode: UInt64? { file.fields.inode }

  /// Makes a picture from what a scan learnt about it.
  package init(
    path: String, fileName: String, byteSize: Int64, modificationDate: Date?,
    format: ImageFormat?, companions: [Picture] = [], device: UInt64? = nil, inode: UInt64? = nil
  ) {
    file = File(
      Fields(
        path: path, fileName: fileName, byteSize: byteSize,
        modificationDate: modificationDate, format: format, companions: companions,
        device: device, inode: inode))
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.file === rhs.file || lhs.file.fields == rhs.file.fields
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(file.fields) }

  /// The picture shown with `companions` as one.
  package func paired(with companions: [Picture]) -> Picture {
    Picture(
      path: path, fileName: fileName, byteSize: byteSize, modificationDate: modificationDate,
      format: format, companions: companions, device: device, inode: inode)
  }

  /// The bytes of every file the picture is: the raw is most of what a pair takes.
  package var totalByteSize: Int64 { companions.reduce(byteSize) { $0 + $1.byteSize } }

  /// Every file's path: its own, then its companions'.
  package var allPaths: [String] { [path] + companions.map(\.path) }

  /// What kind of pair the picture is, nil for a file alone.
  package var pairKind: PairKind? { PairKind(self) }

  /// What the scan learnt.
  private struct Fields: Hashable, Sendable {
    let path: String
    let fileName: String
    let byteSize: Int64
    let modificationDate: Date?
    let format: ImageFormat?
    let companions: [Picture]
    let device: UInt64?
    let inode: UInt64?
  }

  /// The box the fields live in, never changed once made.
  private final class File: Sendable {
    let fields: Fields

    init(_ fields: Fields) { self.fields = fields }
  }
}

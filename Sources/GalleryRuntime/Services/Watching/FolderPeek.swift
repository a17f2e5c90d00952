import FoundationEssentials
import Gallery
import Pictures
import SystemSupport
import TerminalKit
import Thumbnails

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The picture at `path` as the scan would report it: sniffed, or, for a file named like
/// a picture whose bytes are none the gallery reads (or that cannot be read, or is not a
/// regular file), a broken one of no format; nil for any other file, and for an empty one:
/// a file being written starts empty, and shows once it holds its first bytes (the scan
/// shows one that stays empty as broken). Nil too when nothing is at `path` (not even a
/// dangling link): a file deleted since it was reported must not come back as a broken
/// picture that nothing would ever take away.
func sniffPicture(at path: String) -> Picture? {
  let name = PathName.lastComponent(path)
  let namedLikeAPicture = ImageFormat(fileName: name) != nil
  /// The broken picture a file named like one is; its own time when it has one (a
  /// pipe's, an unreadable file's; a dangling link has none).
  func broken() -> Picture? {
    guard namedLikeAPicture else { return nil }
    var status = stat()
    let dated = PathBytes.withFileSystemRepresentation(path) { stat($0, &status) } == 0
    return Picture(
      path: path, fileName: name, byteSize: 0,
      modificationDate: dated ? modificationDate(status) : nil, format: nil)
  }
  let file = PathBytes.withFileSystemRepresentation(path) {
    open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
  }
  guard file >= 0 else {
    let missing = errno == ENOENT || errno == ENOTDIR
    var status = stat()
    if missing, PathBytes.withFileSystemRepresentation(path, { lstat($0, &status) }) != 0 {
      return nil
    }
    return broken()
  }
  defer { close(file) }
  var status = stat()
  guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return broken() }
  var header = [UInt8](repeating: 0, count: ImageFormat.sniffLength)
  let count = header.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
  guard count != 0 else { return nil }
  let format = count > 0 ? ImageDecoder.sniff(header.prefix(count)) : nil
  guard format != nil || namedLikeAPicture else { return nil }
  return Picture(
    path: path, fileName: name, byteSize: Int64(status.st_size),
    modificationDate: modificationDate(status), format: format)
}

/// The names of the folders inside `path` (links to folders included unless not
/// `followsLinks`), without sniffing any file: `d_type` where the file system gives it,
/// `stat` otherwise. Unreadable → none. A name that is not UTF-8 is kept, as the scan
/// keeps it (`PathBytes`).
func subfolderNames(of path: String, includeHidden: Bool, followsLinks: Bool = true)
  -> [String]
{
  guard let directory = PathBytes.withFileSystemRepresentation(path, { opendir($0) }) else {
    return []
  }
  defer { closedir(directory) }
  var names: [String] = []
  while let entry = readdir(directory) {
    let type = entry.pointee.d_type
    guard type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) else {
      continue
    }
    let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
      tuple.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
        PathBytes.string(fileSystemCString: $0)
      }
    }
    guard name != ".", name != ".." else { continue }
    if !includeHidden, name.hasPrefix(".") { continue }
    if type != UInt8(DT_DIR) {
      // A link, known by its type, is left out without asking.
      if !followsLinks && type == UInt8(DT_LNK) { continue }
      var status = stat()
      let full = PathName.join(path, name)
      // The type unknown: `lstat` tells a link, and a folder (nothing to follow).
      let found = PathBytes.withFileSystemRepresentation(full) {
        followsLinks ? stat($0, &status) : lstat($0, &status)
      }
      guard found == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
    }
    names.append(name)
  }
  return names
}

import Foundation
import Gallery
import Thumbnails

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The picture at `path` as the scan would report it, or nil when the file cannot be
/// read or its first bytes are not a picture's (`ImageFormat.sniff`).
func sniffPicture(at path: String) -> Picture? {
  let file = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
  guard file >= 0 else { return nil }
  defer { close(file) }
  var status = stat()
  guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
  var header = [UInt8](repeating: 0, count: ImageFormat.sniffLength)
  let count = header.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
  guard count > 0, let format = ImageFormat.sniff(header.prefix(count)) else { return nil }
  return Picture(
    path: path, fileName: PathName.lastComponent(path), byteSize: Int64(status.st_size),
    modificationDate: modificationDate(status), format: format)
}

/// The names of the folders inside `path` (links to folders included), without sniffing
/// any file: `d_type` where the file system gives it, `stat` otherwise. Unreadable → none.
func subfolderNames(of path: String, includeHidden: Bool) -> [String] {
  guard let directory = opendir(path) else { return [] }
  defer { closedir(directory) }
  var names: [String] = []
  while let entry = readdir(directory) {
    let type = entry.pointee.d_type
    guard type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) else {
      continue
    }
    let decoded = withUnsafePointer(to: entry.pointee.d_name) { tuple in
      tuple.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
        String(validatingCString: $0)
      }
    }
    guard let name = decoded, name != ".", name != ".." else { continue }
    if !includeHidden, name.hasPrefix(".") { continue }
    if type != UInt8(DT_DIR) {
      var status = stat()
      guard stat(PathName.join(path, name), &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
        continue
      }
    }
    names.append(name)
  }
  return names
}

/// Why `FileReader` did not read a file.
package enum FileReadError: Error, Hashable, Sendable {
  /// No such file (`ENOENT`), or a name on the way is not a folder (`ENOTDIR`).
  case notFound
  /// The path names a folder.
  case isDirectory
  /// The path is a FIFO, socket or device, which is never read.
  case notRegularFile
  /// The file is larger than the limit: its size in bytes.
  case tooLarge(bytes: Int64)
  /// The file has no bytes (when the reader was asked to refuse that).
  case empty
  /// Opening, `fstat` or reading failed; symbolic links that loop (`ELOOP`) too.
  case unreadable(SystemError)

  /// `cannot be read (Permission denied)`, `is not a file`, `is too large`…: worded to
  /// follow the file's path, as the configuration's and the state file's messages do.
  package var reason: String {
    switch self {
    case .notFound: "does not exist"
    case .isDirectory, .notRegularFile: "is not a file"
    case .tooLarge: "is too large"
    case .empty: "is empty"
    case .unreadable(let error): "cannot be read (\(error.reason))"
    }
  }
}

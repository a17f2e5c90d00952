import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

extension FileActionError {
  /// The error for a system call that failed while writing `path` into `folder`: the
  /// full disk, the read-only or forbidden folder, the missing one, else the system's
  /// words. A taken name (`EEXIST`) is each caller's to decide.
  static func writing(
    _ error: SystemError, path: String, folder: String, operation: FileOperation
  ) -> FileActionError {
    switch error.code {
    case ENOSPC, EDQUOT: .diskFull(path: path, operation: operation)
    case EROFS: .readOnly(folder: folder, operation: operation)
    case EACCES, EPERM: .permissionDenied(folder: folder, operation: operation)
    case ENOENT, ENOTDIR: .folderMissing(folder: folder, operation: operation)
    default: .failed(path: path, operation: operation, reason: error.reason)
    }
  }
}

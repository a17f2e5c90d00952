import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a script tests run as a program: with a descriptor no child inherits.
///
/// Tests run in parallel and start processes all the time; a child forked while a
/// script's file is open for writing would hold it open, and running the script would
/// then fail with "Text file busy" (ETXTBSY) for as long as that child lives.
public enum Executable {
  /// Writes `text` to `path`, closes it, and makes it executable. Returns `path`.
  @discardableResult
  public static func write(_ text: String, to path: String) -> String {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { return path }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { break }
      offset += written
    }
    close(descriptor)
    chmod(path, 0o755)
    return path
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a script tests run as a program: with a descriptor no child inherits.
///
/// Tests run in parallel and start processes all the time; a child forked while a
/// script's file is open for writing would hold it open, and running the script would
/// then fail with "Text file busy" (ETXTBSY) for as long as that child lives. A program
/// started with `exec` drops the descriptor (close-on-exec); a test that forks to run its
/// own code in the child uses `fork()` here, which waits until no script is open.
package enum Executable {
  /// Held while a script is open for writing, and by `fork` around its fork.
  private static let writing = NSLock()

  /// Writes `text` to `path`, closes it, and makes it executable. Returns `path`.
  @discardableResult
  package static func write(_ text: String, to path: String) -> String {
    writing.lock()
    defer { writing.unlock() }
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

  /// `fork()` at a moment no script is open for writing: a child that does not exec keeps
  /// every descriptor the parent had open, close-on-exec or not, for as long as it lives.
  /// The child must not write scripts (the lock stays held in it).
  package static func fork() -> pid_t {
    writing.lock()
    let child = Glibc.fork()
    if child != 0 { writing.unlock() }
    return child
  }
}

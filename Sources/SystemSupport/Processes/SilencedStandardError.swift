#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard error sent to `/dev/null` while `body` runs, then given back.
///
/// For a library that prints its own errors there as well as returning them (Exempi
/// prints "XML parsing failure" for every sidecar it cannot parse): the caller words the
/// error itself, with the file it concerns, and the bare line would only repeat it
/// without saying which file. Process-wide, so only for a moment when nothing else of
/// the program's own writes there.
package enum SilencedStandardError {
  package static func during<Result>(_ body: () throws -> Result) rethrows -> Result {
    let saved = fcntl(2, F_DUPFD_CLOEXEC, 0)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    guard saved >= 0, null >= 0 else {
      if saved >= 0 { close(saved) }
      if null >= 0 { close(null) }
      return try body()
    }
    dup2(null, 2)
    close(null)
    defer {
      dup2(saved, 2)
      close(saved)
    }
    return try body()
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An `errno` value, the one shape a failed system call's reason travels in, with its
/// text as the C library words it.
package struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The `errno` value, such as `EACCES`.
  package let code: Int32

  package init(code: Int32) { self.code = code }

  /// The `errno` the last failed system call on this thread left.
  package static func current() -> SystemError { SystemError(code: errno) }

  /// The reason as the C library words it, such as "Permission denied".
  package var reason: String { String(cString: strerror(code)) }

  package var description: String { reason }
}

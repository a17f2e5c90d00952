import FoundationEssentials
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output and error, written whole; a closed pipe is not an error worth a crash.
enum Console {
  static func write(_ text: String) { write(Array(text.utf8), to: 1) }

  static func write(_ bytes: [UInt8], to descriptor: Int32 = 1) {
    _ = writeAll(bytes, to: descriptor)
  }

  /// Writes `bytes` whole; nil, or why not (`standard output is closed (Broken pipe)`).
  static func writeAll(_ bytes: [UInt8], to descriptor: Int32 = 1) -> String? {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      if written < 0 {
        // Read once, at once: making the message allocates, which may set errno.
        let code = errno
        if code == EINTR { continue }
        let reason = String(cString: strerror(code))
        let stream = descriptor == 1 ? "standard output" : "descriptor \(descriptor)"
        return code == EPIPE ? "\(stream) is closed (\(reason))" : "\(stream): \(reason)"
      }
      offset += written
    }
    return nil
  }

  /// `SIGINT`, `SIGQUIT`, …, or `signal 40`.
  static func signalName(_ signal: Int32) -> String {
    let names: [Int32: String] = [
      SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT",
      SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2", SIGALRM: "SIGALRM", SIGVTALRM: "SIGVTALRM",
      SIGPROF: "SIGPROF", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGIO: "SIGIO",
      SIGPWR: "SIGPWR", SIGSTKFLT: "SIGSTKFLT",
    ]
    return names[signal] ?? "signal \(signal)"
  }

  /// `value`'s description as text for a terminal: a path in it that is not UTF-8 shows
  /// its bytes as `\xE9`, and no control character reaches the terminal raw.
  static func shown(_ value: Any) -> String {
    TextSanitizer.sanitize(String(describing: value))
  }

  /// Prints `message` on standard error and exits with `status`.
  static func fail(_ message: String, status: Int32) -> Never {
    write(Array((message + "\n").utf8), to: 2)
    exit(status)
  }
}

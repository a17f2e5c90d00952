import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The real `gallery` in a pseudo-terminal, its timings read from `GALLERY_TRACE` as it
/// runs: for figures that wait on the screen (the first screen filled, a key's screen
/// sharp) and type keys in between.
final class TracedSession {
  let pid: pid_t
  let started: Double
  private let master: Int32
  private let trace: String

  /// Starts `binary` with `arguments` in a `columns × rows` terminal, with `environment`
  /// added (truecolor, a UTF-8 locale); nil when it cannot start. `answersAsKitty` answers
  /// the probe and reads pictures' files as a kitty on this machine does (`KittyResponder`).
  init?(
    binary: String, arguments: [String], environment extra: [String: String],
    columns: UInt16 = 160, rows: UInt16 = 50, answersAsKitty: Bool = false
  ) {
    trace = NSTemporaryDirectory() + "gallery-bench-trace-\(getpid())-\(UUID().uuidString)"
    guard let (master, slave) = ScaleBench.openTerminal() else { return nil }
    self.master = master
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    var environment = [
      "TERM": "xterm-256color", "LANG": "C.UTF-8", "COLORTERM": "truecolor",
      "GALLERY_TRACE": trace, "HOME": NSTemporaryDirectory(),
    ]
    environment.merge(extra) { $1 }
    let drain = Thread { [master] in
      var buffer = [UInt8](repeating: 0, count: 65536)
      var kitty = answersAsKitty ? KittyResponder() : nil
      while true {
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        guard let answers = kitty?.read(buffer[0..<count]), !answers.isEmpty else { continue }
        _ = answers.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
      }
    }
    drain.start()
    started = Self.realtime()
    guard
      let pid = ScaleBench.spawn(
        [binary] + arguments, environment: environment.map { "\($0.key)=\($0.value)" },
        tty: slave)
    else {
      close(master)
      return nil
    }
    self.pid = pid
  }

  /// The wall clock in nanoseconds (what the trace's `_realtime_ns` lines use).
  static func realtime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
  }

  /// Every value traced under `name` so far.
  func values(_ name: String) -> [Double] {
    let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      let parts = line.split(separator: " ")
      guard parts.count == 2, parts[0] == name else { return nil }
      return Double(parts[1])
    }
  }

  /// Waits until `name` has been traced `count` times, or `seconds` pass; its values.
  @discardableResult
  func wait(for name: String, count: Int = 1, seconds: Double = 30) -> [Double] {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
      let found = values(name)
      if found.count >= count { return found }
      usleep(5000)
    }
    return values(name)
  }

  /// Milliseconds from the launch to the moment traced as `name` (a `_realtime_ns` line).
  func millisecondsSinceLaunch(_ name: String) -> Double? {
    values(name).first.map { ($0 - started) / 1e6 }
  }

  /// Types `text` into the terminal.
  func type(_ text: String) {
    _ = text.withCString { write(master, $0, strlen($0)) }
  }

  /// Quits with `q` and waits for the process; the peak resident memory it reached.
  @discardableResult
  func quit() -> Int? {
    let peak = ScaleBench.peakKilobytes(pid: pid)
    type("q")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    close(master)
    unlink(trace)
    return peak
  }
}

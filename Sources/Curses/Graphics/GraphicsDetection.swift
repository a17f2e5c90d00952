import CNcursesw
import FoundationEssentials
import Glibc
import TerminalKit

/// Asks the terminal what it can draw, before ncurses owns the input.
///
/// Writes `GraphicsProbe`'s queries to standard output, then reads standard
/// input in a raw mode until the answers are complete (the device attributes
/// answer, which every terminal gives) or `timeout` passes, and puts the modes
/// back. Keys typed meanwhile are returned in order, for the key decoder;
/// answers that come later are recognised and swallowed by `CursesTerminal`'s
/// input. The cell size comes from `TIOCGWINSZ` when the kernel has pixels.
package enum GraphicsDetection {
  /// The answers' wait: every terminal in use answers within a few
  /// milliseconds locally; over SSH a round trip may take longer, and a late
  /// answer is swallowed anyway.
  package static let defaultTimeout: Duration = .milliseconds(150)

  /// The result of one detection.
  package struct Outcome: Sendable {
    package var capabilities: GraphicsCapabilities
    /// Bytes typed while waiting (keys), in order.
    package var typedAhead: [UInt8]
  }

  /// Detects on the terminal at `input` and `output` (by default the
  /// process's standard input and output; `--diagnose` passes `/dev/tty`, so
  /// its report can go to a pipe). `asksGraphics` false asks only the terminal's colours.
  /// `passthrough` is what tmux says of its passthrough, which decides whether the terminal
  /// outside it is waited for.
  package static func detect(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    asksGraphics: Bool = true, passthrough: PassthroughReach = .unknown,
    timeout: Duration = defaultTimeout, input: Int32 = 0, output: Int32 = 1
  ) -> Outcome {
    guard gallery_isatty(input) != 0, gallery_isatty(output) != 0 else {
      return Outcome(
        capabilities: .cells(because: "standard input or output is not a terminal"),
        typedAhead: [])
    }
    let clock = ContinuousClock()
    let start = clock.now
    // kitty deletes the file once it has read it; whatever it did, it is gone after.
    let probeFile = asksGraphics ? KittyTransferFiles.probeFile() : nil
    // For the end-to-end test of what a gallery killed while it starts leaves: killed
    // here, where the probe's file exists, not at whatever moment a poll sees it.
    if probeFile != nil, environment["GALLERY_TEST_TRAP"] == "kill-after-probe-file" {
      raise(SIGKILL)
    }
    defer { if let probeFile { unlink(probeFile) } }
    var probe = GraphicsProbe(
      environment: environment, asksGraphics: asksGraphics, kittyFileQuery: probeFile,
      passthrough: passthrough)
    var saved = termios()
    guard gallery_tty_raw(input, &saved) == 0 else {
      return Outcome(
        capabilities: .cells(because: "the terminal's modes could not be set to read answers"),
        typedAhead: [])
    }
    defer { gallery_tty_restore(input, &saved) }
    let query = probe.query
    guard
      query.withUnsafeBufferPointer({ gallery_write_all(output, $0.baseAddress, $0.count) }) == 0
    else {
      return Outcome(capabilities: .cells(because: "the terminal refused output"), typedAhead: [])
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = start.advanced(by: timeout)
    while !probe.isComplete {
      let left = clock.now.duration(to: deadline)
      guard left > .zero else { break }
      let milliseconds = Int32(
        left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
      let count = buffer.withUnsafeMutableBufferPointer {
        gallery_read_ready(input, $0.baseAddress, Int32($0.count), milliseconds)
      }
      if count < 0 { break }
      if count > 0 { probe.receive(buffer[0..<Int(count)]) }
    }
    let complete = probe.isComplete
    var capabilities = probe.finish(windowCellSize: windowCellSize(fd: output))
    capabilities.answeredInTime = complete
    let elapsed = start.duration(to: clock.now)
    capabilities.detectionMilliseconds =
      Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    return Outcome(capabilities: capabilities, typedAhead: probe.typedInput)
  }

  /// The cell size from `TIOCGWINSZ` on standard output; nil when the kernel
  /// has no pixel sizes (the terminal did not report them).
  package static func windowCellSize(fd: Int32 = 1) -> CellPixelSize? {
    var columns: Int32 = 0
    var rows: Int32 = 0
    var xPixels: Int32 = 0
    var yPixels: Int32 = 0
    guard gallery_window_size(fd, &columns, &rows, &xPixels, &yPixels) == 0 else { return nil }
    return CellPixelSize(
      columns: Int(columns), rows: Int(rows), xPixels: Int(xPixels), yPixels: Int(yPixels))
  }
}

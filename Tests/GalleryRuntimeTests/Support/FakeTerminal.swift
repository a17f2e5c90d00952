import Dispatch
import GalleryRuntime
import TerminalKit

/// A terminal for the runtime's tests: events typed by the test, frames recorded with
/// the bytes the real escape writer would send for them.
///
/// `nextEvent` hands out the typed events first; then it waits for a wake from another
/// thread (a worker's result) until the timeout, as the real terminal does.
@MainActor
final class FakeTerminal: GalleryTerminal {
  struct Waker: TerminalWaking {
    let semaphore: DispatchSemaphore
    func wake() { semaphore.signal() }
  }

  /// One `draw`: the frame, and what the escape writer wrote for it.
  struct Drawn {
    var frame: Frame
    var bytes: Int
  }

  var size: TerminalSize
  let waker: Waker
  /// Every frame drawn, in order.
  private(set) var drawn: [Drawn] = []
  /// How often `invalidate()` was called.
  private(set) var invalidations = 0
  /// Every control string sent, in order.
  private(set) var sent: [ControlString] = []
  /// `suspend` and `resume` calls in order, as `"suspend"` and `"resume"`.
  private(set) var handovers: [String] = []
  /// Nil: a program the terminal is handed to keeps the test's own streams.
  let deviceDescriptor: Int32? = nil

  private var needsFullRedraw = false
  private var typed: [TerminalEvent] = []
  private let wakes = DispatchSemaphore(value: 0)
  private var writer = ANSIWriter(mode: .truecolor)
  private var screen: Frame?

  init(
    width: Int = 80, height: Int = 24, cellAspect: Double = 2, cellPixels: CellPixelSize? = nil
  ) {
    size = TerminalSize(
      width: width, height: height, cellAspect: cellPixels?.aspect ?? cellAspect,
      cellPixels: cellPixels)
    waker = Waker(semaphore: wakes)
  }

  /// Queues events as if the user caused them; a resize also changes `size`.
  func type(_ events: TerminalEvent...) {
    for event in events {
      if case .resize(let size) = event { self.size = size }
      typed.append(event)
    }
  }

  /// The frames that wrote at least one byte.
  var framesWithBytes: [Drawn] { drawn.filter { $0.bytes > 0 } }

  /// The frame on screen now.
  var screenText: String { screen?.text ?? "" }

  func nextEvent(timeout: Duration?) -> TerminalEvent {
    if !typed.isEmpty { return typed.removeFirst() }
    let deadline: DispatchTime
    if let timeout {
      let (seconds, attoseconds) = timeout.components
      deadline =
        .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    } else {
      deadline = .distantFuture
    }
    guard wakes.wait(timeout: deadline) == .success else { return .timeout }
    // Wakes that came together are one, as with the real terminal's pipe.
    while wakes.wait(timeout: .now()) == .success {}
    return .wake
  }

  @discardableResult
  func draw(_ frame: Frame) -> Int? {
    let diff: FrameDiff
    if let screen, screen.width == frame.width, screen.height == frame.height, !needsFullRedraw {
      diff = FrameDiff(from: screen, to: frame, scrolling: true)
    } else {
      diff = FrameDiff.fullRedraw(of: frame)
    }
    needsFullRedraw = false
    let bytes = diff.isEmpty && !diff.isFullRedraw ? 0 : writer.update(diff).count
    drawn.append(Drawn(frame: frame, bytes: bytes))
    screen = frame
    return bytes
  }

  func invalidate() {
    invalidations += 1
    needsFullRedraw = true
  }

  func send(_ control: ControlString) { sent.append(control) }

  func suspend() { handovers.append("suspend") }

  func resume() {
    handovers.append("resume")
    needsFullRedraw = true
  }
}

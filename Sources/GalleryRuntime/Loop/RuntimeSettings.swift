import Dispatch
import Gallery

extension GalleryRuntime {
  /// How the run behaves; the defaults are the browser's.
  public struct Settings: Sendable {
    /// How long the first frame waits for the scan: a small library shows whole in it,
    /// a large one starts drawing without waiting.
    public var scanGrace: DispatchTimeInterval = .milliseconds(30)
    /// Leave once the first frame is drawn (the launch benchmark; see `BenchSwitches`).
    public var exitAfterFirstFrame = false
    /// Timings for the benchmarks.
    public var trace = RuntimeTrace.off
    /// Whether pictures' embedded previews are drawn while they decode (off only to
    /// measure what they bring; see `BenchSwitches`).
    public var usesPreviews = true
    /// Whether the terminal is inside tmux (`TMUX` is set): the clipboard's OSC 52 is
    /// then also sent through tmux's passthrough, for the terminal outside.
    public var insideTmux = false
    /// Events for the state before anything else (the configuration file's problems).
    public var startEvents: [GalleryEvent] = []
    /// Called at every key before it is handled: the crash `GALLERY_TEST_TRAP` forces, for
    /// the tests of the crash report (`TestTrap`); nil otherwise.
    public var onKey: (@Sendable () -> Void)?

    public init() {}
  }
}

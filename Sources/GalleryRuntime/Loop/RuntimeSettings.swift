import Dispatch
import Gallery

extension GalleryRuntime {
  /// How the run behaves; the defaults are the browser's.
  package struct Settings: Sendable {
    /// How long the first frame waits for the scan: a small library shows whole in it,
    /// a large one starts drawing without waiting.
    package var scanGrace: DispatchTimeInterval = .milliseconds(30)
    /// Leave once the first frame is drawn (the launch benchmark; see `BenchSwitches`).
    package var exitAfterFirstFrame = false
    /// Timings for the benchmarks.
    package var trace = RuntimeTrace.off
    /// Whether pictures' embedded previews are drawn while they decode (off only to
    /// measure what they bring; see `BenchSwitches`).
    package var usesPreviews = true
    /// Whether the terminal is inside tmux (`TMUX` is set): the clipboard's OSC 52 is
    /// then also sent through tmux's passthrough, for the terminal outside.
    package var insideTmux = false
    /// Events for the state before anything else (the configuration file's problems).
    package var startEvents: [GalleryEvent] = []
    /// Called at every key before it is handled: the crash `GALLERY_TEST_TRAP` forces, for
    /// the tests of the crash report (`TestTrap`); nil otherwise.
    package var onKey: (@Sendable () -> Void)?

    package init() {}
  }
}

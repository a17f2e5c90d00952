import Dispatch
import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Timings for the benchmarks, written to a file when one is named (`GALLERY_TRACE`).
///
/// Lines appended, one per fact: `first_frame_realtime_ns N` (the wall clock, from
/// `CLOCK_REALTIME`, when the first frame has been handed to the terminal, so a launcher
/// can subtract its own spawn time), `screen_filled_realtime_ns N` and
/// `screen_sharp_realtime_ns N` (when every picture of the first screen is drawn, from
/// previews allowed, then from the pictures themselves), `key_ns N` (from reading a key
/// to the end of writing the frame that shows its effect), `key_bytes N` (what that frame
/// wrote) and `key_settled_ns N` (from reading a key to the frame where every picture on
/// screen is drawn from itself; a key followed by another before that has none), and
/// `video_frame_dropped N` for each frame of a video drawn (the frames left out before
/// it), and in the timeline `dated_frame_realtime_ns N` (the first frame with a dated
/// section), `dates_complete_realtime_ns N` (every date asked for has come) and
/// `stacked_frame_realtime_ns N` (the first frame showing a stack). Off, it costs one
/// check per frame.
package struct RuntimeTrace: Sendable {
  private let descriptor: Int32

  /// No tracing.
  package static let off = RuntimeTrace(descriptor: -1)

  private init(descriptor: Int32) { self.descriptor = descriptor }

  /// Appends to the file at `path` (created if needed); off when it cannot be opened.
  package init(path: String) {
    self.init(
      descriptor: PathBytes.withFileSystemRepresentation(path) {
        open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
      })
  }

  /// Whether tracing is on.
  package var isOn: Bool { descriptor >= 0 }

  /// Monotonic nanoseconds, for intervals.
  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Notes that the first frame is on the terminal.
  func firstFrame() { stamp("first_frame_realtime_ns") }

  /// Notes that the first screen's pictures are all drawn, some from their previews.
  func screenFilled() { stamp("screen_filled_realtime_ns") }

  /// Notes that the first screen's pictures are all drawn from the pictures themselves.
  func screenSharp() { stamp("screen_sharp_realtime_ns") }

  /// Notes that the screen a key led to is drawn from its pictures: `start` is when the
  /// key was read.
  func keySettled(since start: UInt64) {
    guard isOn else { return }
    write("key_settled_ns \(Self.now() - start)")
  }

  /// Writes `name` with the wall clock now.
  private func stamp(_ name: String) {
    guard isOn else { return }
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    write("\(name) \(Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))")
  }

  /// A frame of a playing video is on the screen, `dropped` left out before it.
  func videoFrameDrawn(dropped: Int) {
    guard isOn else { return }
    write("video_frame_dropped \(dropped)")
  }

  /// Notes that the first frame of the timeline showing a dated section is drawn.
  func datedFrame() { stamp("dated_frame_realtime_ns") }

  /// Notes that every date the timeline asked for has come (after the frame drawn).
  func datesComplete() { stamp("dates_complete_realtime_ns") }

  /// Notes that the first frame showing a stack is drawn.
  func stackedFrame() { stamp("stacked_frame_realtime_ns") }

  /// Notes a key drawn: `start` is when it was read; `bytes` what its frame wrote.
  func keyDrawn(since start: UInt64, bytes: Int?) {
    guard isOn else { return }
    write("key_ns \(Self.now() - start)")
    if let bytes { write("key_bytes \(bytes)") }
  }

  private func write(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  }
}

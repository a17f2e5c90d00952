import CFFmpeg
import FoundationEssentials
import Pictures
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// A video playing, as the run loop controls it: paused or not, its last frame shown or
/// not yet, stopped.
package protocol VideoPlaying: Sendable {
  /// Pauses (`true`) or goes on from the frame showing.
  func setPaused(_ paused: Bool)
  /// The frame last handed over is on the screen: the next may come.
  func frameShown()
  /// Stops for good and lets the file go. An event already being handed over may still
  /// arrive (the generation it was asked with tells it apart); no other.
  func stop()
}

/// A video played muted, on a thread of its own: each frame decoded in turn, scaled
/// straight to the box it fills (never decoded beyond the screen's size), drawn for the
/// box (`render`) and handed over when its time comes.
///
/// It keeps to the clock rather than to the frames: a frame decoded after its time has
/// passed by more than a frame's length is left out, and so is one whose time comes while
/// the one before is still waiting to be shown (a terminal slower than the video; such a
/// frame is not drawn at all), so the picture is never behind and never piles up. When
/// decoding itself is slower than the video, a frame is still shown every quarter second,
/// on time, the rest left out. One frame's pixels and the decoder's reference frames are in
/// memory, checked against the memory cap before the first. Each frame is read and decoded
/// within the time cap (`DecodeLimits.maxDecodeSeconds`).
package final class VideoPlayer: VideoPlaying, @unchecked Sendable {
  // @unchecked: `paused`, `stopped` and `pending` are read and written under `condition`;
  // the rest are constants of Sendable types.
  private let condition = SystemCondition()
  private var paused = false
  private var stopped = false
  /// A frame handed over and not yet shown.
  private var pending = false

  /// A frame at least this often, even when decoding falls behind.
  static let longestGap = Duration.milliseconds(250)

  private let path: String
  private let start: Double
  private let box: (width: Int, height: Int)
  private let limits: DecodeLimits
  private let background: BackgroundColor
  private let render: @Sendable (PixelImage, ImageMetadata) -> VideoFrame.Content
  private let deliver: @Sendable (VideoPlayerEvent) -> Void

  /// Starts playing the video at `path` fitted into `box` (pixels) from `start` seconds in:
  /// `render` draws each frame (on the player's thread), `deliver` gets each frame when it
  /// is due, then its end or the reason it cannot play. The first frame comes even when
  /// paused before it, so a player started paused shows where it is.
  package init(
    path: String, from start: Double = 0, box: (width: Int, height: Int), limits: DecodeLimits,
    background: BackgroundColor = .black,
    render: @escaping @Sendable (PixelImage, ImageMetadata) -> VideoFrame.Content,
    deliver: @escaping @Sendable (VideoPlayerEvent) -> Void
  ) {
    self.path = path
    self.start = start
    self.box = box
    self.limits = limits
    self.background = background
    self.render = render
    self.deliver = deliver
    SystemThread.start(name: "gallery video") { [self] in
      TerminalSignals.blockOnCurrentThread()
      run()
    }
  }

  package func setPaused(_ paused: Bool) {
    condition.lock()
    self.paused = paused
    condition.broadcast()
    condition.unlock()
  }

  package func frameShown() {
    condition.lock()
    pending = false
    condition.unlock()
  }

  package func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  // MARK: The player's thread

  private func run() {
    do throws(ThumbnailError) {
      let opened = try PictureFile.openRegular(path: path, limit: .max)
      defer { close(opened.descriptor) }
      try VideoFile.reading(
        descriptor: opened.descriptor, size: Int64(opened.status.st_size), limits: limits
      ) { file throws(ThumbnailError) in try play(file) }
    } catch {
      hand(.failed(error))
    }
  }

  /// Decodes, paces and hands over every frame until the last, or until stopped.
  private func play(_ file: VideoFile) throws(ThumbnailError) {
    let facts = file.facts
    guard file.hasVideoStream else { throw facts.has_audio != 0 ? .soundOnly : .noFrames }
    guard file.canDecode else {
      let codec = cFieldText(facts.codec) ?? "unknown"
      throw .unsupportedVariant(.video, "a codec this FFmpeg does not decode (\(codec))")
    }
    let metadata = ImageMetadata(
      format: .video, originalWidth: VideoDecoder.displayWidth(facts),
      originalHeight: Int(facts.height),
      orientation: VideoDecoder.orientation(quarterTurns: Int(facts.quarter_turns)))
    try limits.check(width: metadata.originalWidth, height: metadata.originalHeight)
    let size = VideoDecoder.posterSize(metadata, target: box)
    try limits.check(VideoDecoder.cost(facts, poster: size))
    let finishing = Finishing(
      target: box, background: background, orientation: metadata.orientation)
    let rate = facts.frame_rate > 0 ? min(120, max(1, facts.frame_rate)) : 25
    // Late by more than a frame's length: left out.
    let slack = Duration.seconds(1 / rate)
    if start > 0 { file.seek(to: start) }
    let clock = ContinuousClock()
    var origin: ContinuousClock.Instant?
    var lastShown: ContinuousClock.Instant?
    var shown = 0
    var dropped = 0
    while true {
      // Paused between frames: the clock waits too. The first frame comes regardless.
      if shown > 0 {
        guard let pause = sleep(until: clock.now, clock: clock) else { return }
        origin = origin.map { $0 + pause }
      }
      file.renewDeadline(seconds: limits.maxDecodeSeconds)
      let time: Double?
      do throws(ThumbnailError) {
        time = try file.nextFrame()
      } catch {
        // A file cut short plays what it has.
        if shown == 0 { throw error }
        time = nil
      }
      guard let time else {
        hand(.ended)
        return
      }
      // Resuming: the frames from the key frame before `start` are decoded, not shown.
      if shown == 0, time < start - 0.001 { continue }
      let now = clock.now
      let began = origin ?? (now - .seconds(time))
      origin = began
      var due = began + .seconds(time)
      let starving = lastShown.map { now - $0 > Self.longestGap } ?? false
      if shown > 0, now > due + slack, !starving {
        dropped += 1
        continue
      }
      // The last frame not yet on the screen: this one waits for its time undrawn, and is
      // left out if the terminal has still not taken the last.
      if isPending() {
        guard let pause = sleep(until: due, clock: clock) else { return }
        origin = began + pause
        due += pause
        if isPending() {
          dropped += 1
          continue
        }
      }
      let frame = finishing.finish(try file.scaledFrame(width: size.width, height: size.height))
      let content = render(frame, metadata)
      // The first frame is due when it is decoded, paused or not.
      if shown > 0 {
        guard let pause = sleep(until: due, clock: clock) else { return }
        origin = origin.map { $0 + pause }
      }
      guard handOver(VideoFrame(content: content, time: time, dropped: dropped)) else {
        dropped += 1
        continue
      }
      lastShown = clock.now
      shown += 1
    }
  }

  /// Sleeps until `due`, later by as long as it is paused meanwhile; how long that was,
  /// or nil once stopped.
  private func sleep(until due: ContinuousClock.Instant, clock: ContinuousClock) -> Duration? {
    var due = due
    var pausedFor = Duration.zero
    condition.lock()
    defer { condition.unlock() }
    while !stopped {
      if paused {
        let began = clock.now
        while paused && !stopped { condition.wait() }
        let pause = clock.now - began
        pausedFor += pause
        due += pause
        continue
      }
      let left = due - clock.now
      guard left > .zero else { break }
      let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
      condition.wait(seconds: seconds)
    }
    return stopped ? nil : pausedFor
  }

  /// Whether a frame handed over is not yet on the screen.
  private func isPending() -> Bool {
    condition.lock()
    defer { condition.unlock() }
    return pending
  }

  /// Hands `frame` over when the last one has been shown (false when not), noting it as
  /// waiting.
  private func handOver(_ frame: VideoFrame) -> Bool {
    condition.lock()
    let may = !pending && !stopped
    if may { pending = true }
    condition.unlock()
    if may { deliver(.frame(frame)) }
    return may
  }

  /// Hands `event` over unless stopped. Outside the lock, so `deliver` may call the
  /// player back (`frameShown`).
  private func hand(_ event: VideoPlayerEvent) {
    condition.lock()
    let isStopped = stopped
    condition.unlock()
    if !isStopped { deliver(event) }
  }
}

import CFFmpeg
import Foundation
import Pictures
import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A video playing, as the run loop controls it: paused or not, its last frame shown or
/// not yet, stopped.
public protocol VideoPlaying: Sendable {
  /// Pauses (`true`) or goes on from the frame showing.
  func setPaused(_ paused: Bool)
  /// The frame last handed over is on the screen: the next may come.
  func frameShown()
  /// Stops for good and lets the file go; nothing is handed over after it returns.
  func stop()
}

/// A video played muted, on a thread of its own: each frame decoded in turn, scaled
/// straight to the box it fills (never decoded beyond the screen's size), drawn for the
/// box (`render`) and handed over when its time comes.
///
/// It keeps to the clock rather than to the frames: a frame decoded after its time has
/// passed by more than a frame's length is left out, and so is one whose time comes while
/// the one before is still waiting to be shown (a terminal slower than the video), so the
/// picture is never behind and never piles up. One frame's pixels and the decoder's
/// reference frames are in memory, checked against the memory cap before the first.
/// Each frame is read and decoded within the time cap (`DecodeLimits.maxDecodeSeconds`).
public final class VideoPlayer: VideoPlaying, @unchecked Sendable {
  // @unchecked: every field below `condition` is read and written under it.
  private let condition = NSCondition()
  private var paused = false
  private var stopped = false
  /// A frame handed over and not yet shown.
  private var pending = false

  private let path: String
  private let box: (width: Int, height: Int)
  private let limits: DecodeLimits
  private let background: BackgroundColor
  private let render: @Sendable (PixelImage, ImageMetadata) -> VideoFrame.Content
  private let deliver: @Sendable (VideoPlayerEvent) -> Void

  /// Starts playing the video at `path` fitted into `box` (pixels): `render` draws each
  /// frame (on the player's thread), `deliver` gets each frame when it is due, then its
  /// end or the reason it cannot play.
  public init(
    path: String, box: (width: Int, height: Int), limits: DecodeLimits,
    background: BackgroundColor = .black,
    render: @escaping @Sendable (PixelImage, ImageMetadata) -> VideoFrame.Content,
    deliver: @escaping @Sendable (VideoPlayerEvent) -> Void
  ) {
    self.path = path
    self.box = box
    self.limits = limits
    self.background = background
    self.render = render
    self.deliver = deliver
    let thread = Thread { [self] in
      TerminalSignals.blockOnCurrentThread()
      run()
    }
    thread.name = "gallery video"
    thread.start()
  }

  public func setPaused(_ paused: Bool) {
    condition.lock()
    self.paused = paused
    condition.broadcast()
    condition.unlock()
  }

  public func frameShown() {
    condition.lock()
    pending = false
    condition.unlock()
  }

  public func stop() {
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
      throw .unsupportedVariant(.video, "a codec this FFmpeg does not decode")
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
    // Late by more than a frame's length: left out.
    let slack = Duration.seconds(1 / max(1, min(120, facts.frame_rate > 0 ? facts.frame_rate : 25)))
    let clock = ContinuousClock()
    var start: ContinuousClock.Instant?
    var shown = 0
    var dropped = 0
    while true {
      guard let pause = waitWhilePaused() else { return }
      if let began = start { start = began + pause }
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
      let now = clock.now
      let began = start ?? (now - .seconds(time))
      start = began
      let due = began + .seconds(time)
      if shown > 0, now > due + slack {
        dropped += 1
        continue
      }
      let frame = finishing.finish(try file.scaledFrame(width: size.width, height: size.height))
      let content = render(frame, metadata)
      guard sleep(until: due, clock: clock) else { return }
      guard takeTurn() else {
        dropped += 1
        continue
      }
      hand(.frame(VideoFrame(content: content, time: time, dropped: dropped)))
      shown += 1
    }
  }

  /// Waits while paused; how long it waited, or nil once stopped.
  private func waitWhilePaused() -> Duration? {
    let clock = ContinuousClock()
    let began = clock.now
    condition.lock()
    defer { condition.unlock() }
    while paused && !stopped { condition.wait() }
    return stopped ? nil : clock.now - began
  }

  /// Sleeps until `due`, woken early only to stop; false once stopped.
  private func sleep(until due: ContinuousClock.Instant, clock: ContinuousClock) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !stopped {
      let left = due - clock.now
      guard left > .zero else { break }
      let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
      _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
    }
    return !stopped
  }

  /// Whether the frame may be handed over now (the last one has been shown); notes it as
  /// waiting when it may.
  private func takeTurn() -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !pending else { return false }
    pending = true
    return true
  }

  /// Hands `event` over unless stopped.
  private func hand(_ event: VideoPlayerEvent) {
    condition.lock()
    let isStopped = stopped
    condition.unlock()
    if !isStopped { deliver(event) }
  }
}

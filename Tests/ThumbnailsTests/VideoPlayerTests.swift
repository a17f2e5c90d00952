import Foundation
import Pictures
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import Thumbnails

/// The player of the detail view's videos: frames handed over in order and never ahead of
/// their time, left out rather than late when the terminal is slow, held while paused,
/// nothing after `stop`, and a clear reason for what cannot play.
@Suite struct VideoPlayerTests {
  /// What a player handed over, and when.
  final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var frames: [(time: Double, dropped: Int, at: ContinuousClock.Instant)] = []
    private(set) var outcome: VideoPlayerEvent?
    let framesCame = TestSignal()
    let ended = TestSignal()
    /// How long the "terminal" takes to show a frame before it says it did.
    let showing: Duration
    /// Whether the first frame's hand-over waits for `releaseFirst`, as a run loop busy
    /// with it would: what the test does meanwhile happens before the player goes on,
    /// however slowly the test itself is scheduled.
    let holdsFirst: Bool
    private let firstReleased = DispatchSemaphore(value: 0)
    private var player: (any VideoPlaying)?

    init(showing: Duration = .zero, holdsFirst: Bool = false) {
      self.showing = showing
      self.holdsFirst = holdsFirst
    }

    /// Lets the player's thread go on from the first frame's hand-over.
    func releaseFirst() { firstReleased.signal() }

    var handed: [(time: Double, dropped: Int, at: ContinuousClock.Instant)] {
      lock.withLock { frames }
    }

    func deliver(_ event: VideoPlayerEvent) {
      switch event {
      case .frame(let frame):
        let count = lock.withLock {
          frames.append((frame.time, frame.dropped, ContinuousClock.now))
          return frames.count
        }
        framesCame.signal()
        // On the player's own thread, never one of the test's.
        if holdsFirst, count == 1 { _ = firstReleased.wait(timeout: .now() + 60) }
        let player = lock.withLock { self.player }
        if showing == .zero {
          player?.frameShown()
        } else {
          let showing = self.showing
          Waiting.startThread {
            Thread.sleep(forTimeInterval: Double(showing.components.attoseconds) / 1e18)
            player?.frameShown()
          }
        }
      case .ended, .failed:
        lock.withLock { outcome = event }
        ended.signal()
      }
    }

    func start(_ path: String) -> any VideoPlaying {
      let player = VideoPlayer(
        path: path, box: (80, 60), limits: .standard,
        render: { _, _ in
          .cells(
            CellArt(
              size: TileSize(columns: 1, rows: 1),
              fit: CellFit(column: 0, row: 0, columns: 1, rows: 1), cells: [Cell("█")]))
        }, deliver: { [self] in deliver($0) })
      keep(player)
      return player
    }

    /// Keeps `player` to tell it of each frame shown; a first frame handed over before it
    /// was kept is shown too.
    func keep(_ player: any VideoPlaying) {
      lock.withLock { self.player = player }
      player.frameShown()
    }
  }

  @Test func framesComeInOrderNeverAheadOfTheirTimeThenTheEnd() async throws {
    let clip = try await VideoFixtures.path("clip.webm")  // 2 s at 24 frames a second
    let recorder = Recorder()
    let player = recorder.start(clip)
    defer { player.stop() }
    #expect(await recorder.ended.wait(timeout: .seconds(30)))
    guard case .ended? = recorder.outcome else {
      Issue.record("the outcome: \(String(describing: recorder.outcome))")
      return
    }
    let frames = recorder.handed
    try #require(frames.count >= 2, "\(frames.count) frames")
    #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.time < $1.time })
    #expect(frames.last.map { $0.time > 1.8 } == true, "played to its last frame")
    #expect(frames.count + (frames.last?.dropped ?? 0) >= 40, "every frame shown or counted")
    // Paced by the video's clock: the frames take as long as the video does. The first
    // frame's instant is taken after its render and hand-over, which other work beside
    // the test delays (by 45 ms once), so a tenth is allowed; unpaced, the 48 frames
    // would come in a fraction of that.
    let played = frames[frames.count - 1].at - frames[0].at
    let length = frames[frames.count - 1].time - frames[0].time
    #expect(played >= .seconds(length * 0.9), "\(played) for \(length) s")
  }

  @Test func aSlowTerminalMakesItLeaveFramesOutNotFallBehind() async throws {
    let clip = try await VideoFixtures.path("clip.webm")
    let recorder = Recorder(showing: .milliseconds(300))
    let player = recorder.start(clip)
    defer { player.stop() }
    #expect(await recorder.ended.wait(timeout: .seconds(30)))
    let frames = recorder.handed
    #expect(frames.count <= 12, "about one frame each 300 ms of 2 s: \(frames.count)")
    #expect((frames.last?.dropped ?? 0) > 20, "the rest left out: \(frames.last?.dropped ?? 0)")
  }

  @Test func pausedItHandsNothingOverAndGoesOnWhereItWas() async throws {
    let clip = try await VideoFixtures.path("clip.webm")
    let recorder = Recorder(holdsFirst: true)
    let player = recorder.start(clip)
    defer { player.stop() }
    #expect(await recorder.framesCame.wait())
    player.setPaused(true)
    recorder.releaseFirst()
    try await Task.sleep(for: .milliseconds(700))
    #expect(recorder.handed.count == 1, "nothing after the pause")
    #expect(recorder.outcome == nil, "not ended while paused")
    player.setPaused(false)
    #expect(await recorder.ended.wait(timeout: .seconds(30)))
    #expect(recorder.handed.count > 1, "went on")
  }

  @Test func fromAPointItStartsThereAndAPausedOneShowsWhereItIs() async throws {
    let clip = try await VideoFixtures.path("clip.webm")
    let recorder = Recorder()
    let player = VideoPlayer(
      path: clip, from: 1.0, box: (80, 60), limits: .standard,
      render: { _, _ in
        .cells(
          CellArt(
            size: TileSize(columns: 1, rows: 1),
            fit: CellFit(column: 0, row: 0, columns: 1, rows: 1), cells: [Cell("█")]))
      }, deliver: { recorder.deliver($0) })
    player.setPaused(true)
    recorder.keep(player)
    defer { player.stop() }
    #expect(await recorder.framesCame.wait())
    let first = try #require(recorder.handed.first)
    #expect(first.time >= 0.99 && first.time < 1.2, "\(first.time)")
    try await Task.sleep(for: .milliseconds(300))
    #expect(recorder.handed.count == 1, "paused after the first")
  }

  @Test func drawingSlowerThanTheVideoStillShowsFramesOnTime() async throws {
    let clip = try await VideoFixtures.path("clip.webm")
    let recorder = Recorder()
    let player = VideoPlayer(
      path: clip, box: (80, 60), limits: .standard,
      render: { _, _ in
        Thread.sleep(forTimeInterval: 0.3)
        return .cells(
          CellArt(
            size: TileSize(columns: 1, rows: 1),
            fit: CellFit(column: 0, row: 0, columns: 1, rows: 1), cells: [Cell("█")]))
      }, deliver: { recorder.deliver($0) })
    recorder.keep(player)
    defer { player.stop() }
    #expect(await recorder.ended.wait(timeout: .seconds(30)))
    let frames = recorder.handed
    #expect(frames.count >= 3 && frames.count <= 9, "one each 300 ms or so: \(frames.count)")
    #expect(frames.last.map { $0.time > 1.3 } == true, "not stuck at the start")
  }

  @Test func stoppedWhilePausedItLetsTheFileGo() async throws {
    let source = try await VideoFixtures.path("clip.webm")
    let clip = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-stop-\(UUID().uuidString.prefix(8)).webm"
    ).path
    try FileManager.default.copyItem(atPath: source, toPath: clip)
    defer { try? FileManager.default.removeItem(atPath: clip) }
    func isOpen() -> Bool {
      let descriptors =
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return descriptors.contains {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == clip
      }
    }
    let recorder = Recorder(holdsFirst: true)
    let player = recorder.start(clip)
    #expect(await recorder.framesCame.wait())
    player.setPaused(true)
    recorder.releaseFirst()
    #expect(isOpen())
    player.stop()
    #expect(await Waiting.until(timeout: .seconds(10)) { !isOpen() }, "closed once stopped")
  }

  @Test func nothingComesAfterStop() async throws {
    let clip = try await VideoFixtures.path("clip.webm")
    let recorder = Recorder(holdsFirst: true)
    let player = recorder.start(clip)
    #expect(await recorder.framesCame.wait())
    player.stop()
    recorder.releaseFirst()
    try await Task.sleep(for: .milliseconds(500))
    #expect(recorder.handed.count == 1, "nothing after the frame being handed over")
    #expect(recorder.outcome == nil)
  }

  @Test func whatCannotPlaySaysWhy() async throws {
    let sound = try await VideoFixtures.path("sound.mp4")
    func failure(_ path: String) async -> ThumbnailError? {
      let recorder = Recorder()
      let player = recorder.start(path)
      defer { player.stop() }
      guard await recorder.ended.wait(), case .failed(let error)? = recorder.outcome else {
        return nil
      }
      return error
    }
    #expect(await failure(sound) == .soundOnly)
    let missing = await failure("/nonexistent/clip.mp4")
    guard case .notFound? = missing else {
      Issue.record("\(String(describing: missing))")
      return
    }
  }
}

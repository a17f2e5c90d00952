import Foundation
import Pictures
import TerminalKit
import TestSupport
import Testing

@testable import Thumbnails

/// Animated GIF and WebP: composited frames, delays, limits.
@Suite struct AnimationTests {
  let decoder = ImageDecoder()

  func colour(_ frame: AnimationFrame, _ x: Int = 4, _ y: Int = 4) -> [Int] {
    Fixtures.pixel(frame.image, x, y)
  }

  @Test(arguments: ["anim.webp", "anim.gif"])
  func framesComeWithTheirDelays(name: String) async throws {
    let animation = try await decoder.decodeAnimation(path: Corpus.path(name))
    #expect(animation.frames.count == 3)
    #expect(animation.metadata.frameCount == 3 && animation.metadata.isAnimated)
    #expect(animation.metadata.originalWidth == 24 && animation.metadata.originalHeight == 16)
    #expect(animation.truncation == nil)
    #expect(animation.loopCount == 2)
    // 50 and 70 ms as written; the third asks for 10 ms, shown as 100 ms.
    #expect(animation.frames.map(\.delay) == [50, 70, 100])
    #expect(animation.duration == 220)
    let colours = animation.frames.map { colour($0) }
    #expect(colours == [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]])
  }

  @Test(arguments: ["anim.webp", "anim.gif"])
  func theGridGetsTheFirstFrameAndTheCount(name: String) async throws {
    let decoded = try await decoder.decode(path: Corpus.path(name), target: (12, 12))
    #expect(decoded.metadata.frameCount == 3)
    #expect(decoded.image.width == 12 && decoded.image.height == 8)
    #expect(Fixtures.pixel(decoded.image, 2, 2) == [255, 0, 0, 255])
  }

  @Test func framesAreFittedToTheTarget() async throws {
    let animation = try await decoder.decodeAnimation(
      path: Corpus.path("anim.gif"), target: (12, 12))
    #expect(animation.frames.allSatisfy { $0.image.width == 12 && $0.image.height == 8 })
    #expect(animation.byteCount == 3 * 12 * 8 * 4)
  }

  @Test func gifDisposalRestoresThePreviousCanvas() async throws {
    let frames = try await decoder.decodeAnimation(path: Corpus.path("dispose.gif")).frames
    #expect(frames.count == 3)
    #expect(colour(frames[1], 4, 4) == [0, 255, 0, 255])  // the green patch
    #expect(colour(frames[2], 4, 4) == [255, 0, 0, 255])  // gone again: restored
    #expect(colour(frames[2], 12, 12) == [0, 0, 255, 255])
    #expect(colour(frames[2], 12, 4) == [255, 0, 0, 255])
  }

  @Test func theReaderDecodesOneFrameAtATime() async throws {
    let reader = try await decoder.animationFrames(path: Corpus.path("anim.webp"))
    #expect(reader.framesRead == 0)
    let first = try #require(try reader.next())
    #expect(reader.framesRead == 1)
    #expect(colour(first) == [255, 0, 0, 255])
    _ = try reader.next()
    _ = try reader.next()
    #expect(try reader.next() == nil)
    #expect(try reader.next() == nil)
    #expect(reader.truncation == nil)
  }

  @Test func aStillPictureIsOneFrame() async throws {
    let reader = try await decoder.animationFrames(path: Corpus.path("q.webp"))
    let frame = try #require(try reader.next())
    #expect(frame.image.width == 64 && frame.delay == 0)
    #expect(try reader.next() == nil)
    #expect(!reader.metadata.isAnimated)
  }

  @Test func animatedJPEGXLCountsItsFrames() async throws {
    let decoded = try await decoder.decode(path: Corpus.path("anim.jxl"))
    #expect(decoded.metadata.frameCount == 3)
    #expect(Fixtures.pixel(decoded.image, 4, 4) == [255, 0, 0, 255])
  }

  @Test func displayDelaysFollowBrowsers() {
    #expect(AnimationFrame.displayDelay(milliseconds: 0) == 100)
    #expect(AnimationFrame.displayDelay(milliseconds: 10) == 100)
    #expect(AnimationFrame.displayDelay(milliseconds: 19) == 100)
    #expect(AnimationFrame.displayDelay(milliseconds: 20) == 20)
    #expect(AnimationFrame.displayDelay(milliseconds: 500) == 500)
  }

  @Test func theMemoryLimitKeepsTheFirstFrames() async throws {
    let limits = DecodeLimits(maxAnimationBytes: 2 * 24 * 16 * 4)
    let animation = try await ImageDecoder(limits: limits).decodeAnimation(
      path: Corpus.path("anim.webp"))
    #expect(animation.frames.count == 2)
    #expect(animation.truncation == .memoryLimit)
    #expect(animation.metadata.frameCount == 3)
  }
}

/// The detail view's frames: an animation decoded and drawn as cell art on a worker.
@Suite struct AnimationPipelineTests {
  @Test func framesComeAsCellArtWithTheirDelays() async throws {
    let path = try await Corpus.path("anim.gif")
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(diskCache: ThumbnailDiskCache(isEnabled: false))
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let parts = Recorder<AnimationPart>()
    let done = TestSignal()
    let size = TileSize(columns: 12, rows: 4)
    pipeline.animate(ThumbnailRequest(path: path, size: size), priority: 4) { _, result in
      if case .success(let part) = result {
        parts.append(part)
        if part.isLast { done.signal() }
      } else {
        done.signal()
      }
    }
    #expect(await done.wait())
    let frames = parts.elements.flatMap(\.frames)
    #expect(frames.count == 3)
    #expect(frames.allSatisfy { $0.size == size })
    #expect(
      parts.elements.flatMap(\.delays) == [50, 70, 100], "10 ms reads as 100, as browsers do")
    #expect(parts.elements.last?.loopCount == 2)
    #expect(parts.elements.last?.truncation == nil)
    // Three solid colours, never enlarged: 3×1 cells in the middle of the box.
    #expect(frames.allSatisfy { $0.fit == CellFit(column: 4, row: 1, columns: 3, rows: 1) })
    #expect(Set(frames.map { $0.cells[size.columns * 1 + 5].style.background }).count == 3)
  }

  @Test func theArtBudgetCutsALongAnimationShort() async throws {
    let path = try await Corpus.path("anim.gif")
    let size = TileSize(columns: 40, rows: 10)
    let oneFrame = size.columns * size.rows * MemoryLayout<Cell>.stride + 64
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(
        diskCache: ThumbnailDiskCache(isEnabled: false), animationArtBytes: oneFrame * 2)
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let parts = Recorder<AnimationPart>()
    let done = TestSignal()
    pipeline.animate(ThumbnailRequest(path: path, size: size), priority: 4) { _, result in
      if case .success(let part) = result { parts.append(part) }
      done.signal()
    }
    #expect(await done.wait())
    #expect(parts.elements.flatMap(\.frames).count == 2)
    #expect(parts.elements.last?.truncation == .memoryLimit)
  }
}

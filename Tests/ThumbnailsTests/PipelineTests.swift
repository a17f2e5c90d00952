import Foundation
import Pictures
import TestSupport
import Testing

@testable import Thumbnails

/// A thread-safe list the jobs append to.
final class Recorder<Element: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [Element] = []
  func append(_ element: Element) {
    lock.lock()
    storage.append(element)
    lock.unlock()
  }
  var elements: [Element] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}

@Suite struct WorkerPoolTests {
  @Test func highestPriorityRunsFirstAndCancelledNeverRuns() async throws {
    let pool = WorkerPool<String>(threadCount: 1)
    defer { pool.shutdown() }
    let started = TestSignal()
    let release = DispatchSemaphore(value: 0)
    let done = TestSignal()
    let order = Recorder<String>()
    // Hold the only thread so the queue fills deterministically.
    pool.submit("blocker", priority: 0) { _ in
      started.signal()
      release.wait()
    }
    try #require(await started.wait())
    for (key, priority) in [
      ("prefetch", 1), ("visible-a", 10), ("scrolled-away", 5), ("visible-b", 10), ("later", 3),
    ] {
      pool.submit(key, priority: priority) { _ in
        order.append(key)
        done.signal()
      }
    }
    pool.cancel("scrolled-away")
    pool.reprioritize("later", priority: 20)
    #expect(pool.waitingCount == 4)
    release.signal()
    #expect(await done.wait(count: 4))
    #expect(order.elements == ["later", "visible-a", "visible-b", "prefetch"])
  }

  @Test func cancelAllExceptKeepsOnlyTheVisible() async throws {
    let pool = WorkerPool<Int>(threadCount: 1)
    defer { pool.shutdown() }
    let started = TestSignal()
    let release = DispatchSemaphore(value: 0)
    let done = TestSignal()
    let ran = Recorder<Int>()
    pool.submit(-1, priority: 100) { _ in
      started.signal()
      release.wait()
    }
    try #require(await started.wait())
    for key in 0..<10 {
      pool.submit(key, priority: key) { _ in
        ran.append(key)
        done.signal()
      }
    }
    pool.cancelAll(except: [2, 7])
    release.signal()
    #expect(await done.wait(count: 2))
    #expect(ran.elements == [7, 2])
    #expect(pool.waitingCount == 0)
  }

  @Test func runningJobSeesItsCancellation() async {
    let pool = WorkerPool<String>(threadCount: 1)
    defer { pool.shutdown() }
    let started = TestSignal()
    let stopped = TestSignal()
    pool.submit("long", priority: 0) { isCancelled in
      started.signal()
      while !isCancelled() { usleep(1000) }
      stopped.signal()
    }
    #expect(await started.wait())
    pool.cancel("long")
    #expect(await stopped.wait(), "the running job saw its cancellation and stopped")
  }

  /// While held, no job starts and a running job waits at its next poll; holds nest;
  /// the last release lets both go on. (The waits that must time out are short: they
  /// can only pass wrongly, never fail wrongly, on a slow machine.)
  @Test func holdStopsWorkAtItsNextPauseUntilReleased() async throws {
    let pool = WorkerPool<String>(threadCount: 1)
    defer { pool.shutdown() }
    let running = TestSignal()
    let go = DispatchSemaphore(value: 0)
    let polled = TestSignal()
    pool.submit("running", priority: 0) { isCancelled in
      running.signal()
      go.wait()
      _ = isCancelled()
      polled.signal()
    }
    try #require(await running.wait())
    pool.hold()
    pool.hold()
    go.signal()
    #expect(!(await polled.wait(timeout: .milliseconds(200))))
    let queued = TestSignal()
    pool.submit("queued", priority: 0) { _ in queued.signal() }
    pool.release()
    #expect(!(await polled.wait(timeout: .milliseconds(200))), "one hold is left")
    pool.release()
    #expect(await polled.wait())
    #expect(await queued.wait())
  }

  @Test func shutdownEndsAHold() async {
    let pool = WorkerPool<String>(threadCount: 1)
    let running = TestSignal()
    let go = DispatchSemaphore(value: 0)
    let stopped = TestSignal()
    pool.submit("running", priority: 0) { isCancelled in
      running.signal()
      go.wait()
      if isCancelled() { stopped.signal() }
    }
    #expect(await running.wait())
    pool.hold()
    go.signal()
    pool.shutdown()
    #expect(await stopped.wait(), "the held job went on, and saw it was cancelled")
  }

  @Test func resubmittingReplacesTheWaitingJob() async throws {
    let pool = WorkerPool<String>(threadCount: 1)
    defer { pool.shutdown() }
    let started = TestSignal()
    let release = DispatchSemaphore(value: 0)
    let done = TestSignal()
    let ran = Recorder<String>()
    pool.submit("blocker", priority: 0) { _ in
      started.signal()
      release.wait()
    }
    try #require(await started.wait())
    pool.submit("a", priority: 1) { _ in ran.append("old") }
    pool.submit("a", priority: 1) { _ in
      ran.append("new")
      done.signal()
    }
    release.signal()
    #expect(await done.wait())
    #expect(ran.elements == ["new"])
  }
}

@Suite struct WorkerPoolFollowUpTests {
  @Test func aFollowUpTakesTheRunningJobsPriorityAsChanged() async throws {
    let pool = WorkerPool<String>(threadCount: 1)
    defer { pool.shutdown() }
    let inside = TestSignal()
    let proceed = DispatchSemaphore(value: 0)
    let done = TestSignal()
    let order = Recorder<String>()
    pool.submit("quick", priority: 100) { _ in
      inside.signal()
      proceed.wait()
      pool.followUp(from: "quick", with: "decode", priorityOffset: -100) { _ in
        order.append("decode")
        done.signal()
      }
    }
    try #require(await inside.wait())
    pool.submit("other", priority: 5) { _ in
      order.append("other")
      done.signal()
    }
    // Moved up while its first step runs: the follow-up goes at 10, before "other".
    pool.reprioritize("quick", priority: 110)
    proceed.signal()
    #expect(await done.wait(count: 2))
    #expect(order.elements == ["decode", "other"])
  }

  @Test func aCancelledJobLeavesNoFollowUp() async throws {
    let pool = WorkerPool<String>(threadCount: 1)
    defer { pool.shutdown() }
    let inside = TestSignal()
    let proceed = DispatchSemaphore(value: 0)
    let queued = Recorder<Bool>()
    let done = TestSignal()
    pool.submit("quick", priority: 1) { _ in
      inside.signal()
      proceed.wait()
      queued.append(pool.followUp(from: "quick", with: "decode", priorityOffset: 0) { _ in })
      done.signal()
    }
    try #require(await inside.wait())
    pool.cancel("quick")
    proceed.signal()
    #expect(await done.wait())
    #expect(queued.elements == [false])
    #expect(pool.waitingCount == 0)
    #expect(!pool.followUp(from: "not running", with: "x", priorityOffset: 0) { _ in })
  }
}

@Suite struct WorkerPoolBackgroundTests {
  @Test func backgroundWorkLeavesAThreadFree() async throws {
    let pool = WorkerPool<String>(threadCount: 2)
    defer { pool.shutdown() }
    let started = Recorder<String>()
    let release = DispatchSemaphore(value: 0)
    let ran = TestSignal()
    for name in ["ahead-1", "ahead-2"] {
      pool.submit(name, priority: 0, background: true) { _ in
        started.append(name)
        ran.signal()
        release.wait()
      }
    }
    try #require(await ran.wait())
    // One background job runs; the other waits although a thread is free.
    try await Task.sleep(for: .milliseconds(100))
    #expect(started.elements.count == 1)
    #expect(pool.waitingCount == 1)
    // The free thread takes work that is needed now at once.
    pool.submit("visible", priority: 2) { _ in
      started.append("visible")
      ran.signal()
    }
    #expect(await ran.wait())
    #expect(started.elements.contains("visible"))
    release.signal()
    #expect(await ran.wait())
    release.signal()
    #expect(started.elements.count == 3)
  }
}

@Suite struct CacheTests {
  @Test func lruEvictsTheLeastRecentlyUsedPastItsBytes() {
    let cache = ByteLimitedLRU<String, Int>(capacity: 100)
    cache.insert(1, bytes: 40, for: "a")
    cache.insert(2, bytes: 40, for: "b")
    #expect(cache.value(for: "a") == 1)  // a is now the most recent
    cache.insert(3, bytes: 40, for: "c")  // 120 > 100: b goes
    #expect(cache.value(for: "b") == nil)
    #expect(cache.value(for: "a") == 1 && cache.value(for: "c") == 3)
    #expect(cache.byteCount == 80)
    cache.insert(4, bytes: 500, for: "huge")  // larger than the whole cache: not kept
    #expect(cache.value(for: "huge") == nil && cache.count == 2)
    cache.insert(5, bytes: 10, for: "a")  // replacing updates the bytes
    #expect(cache.byteCount == 50)
  }
}

@Suite struct ThumbnailPipelineTests {
  /// Runs one request and waits for its completion (nil when none comes).
  func run(
    _ pipeline: ThumbnailPipeline, _ request: ThumbnailRequest, results: Recorder<ThumbnailResult>,
    done: TestSignal
  ) async -> ThumbnailResult? {
    pipeline.request(request, priority: 1)
    guard await done.wait() else { return nil }
    return results.elements.last
  }

  /// Runs one request in a fresh one-worker pipeline over `cache`, then shuts it down.
  func runAlone(_ request: ThumbnailRequest, cache: ThumbnailDiskCache) async -> ThumbnailResult? {
    let results = Recorder<ThumbnailResult>()
    let done = TestSignal()
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(diskCache: cache, threadCount: 1)
    ) { _, result in
      results.append(result)
      done.signal()
    }
    defer { pipeline.shutdown() }
    return await run(pipeline, request, results: results, done: done)
  }

  @Test func decodesRendersCachesAndReportsFailures() async throws {
    let folder = Fixtures.makeFolder()
    let jpeg = Fixtures.write(
      Fixtures.jpeg(Fixtures.scene(width: 640, height: 320)), "a.jpg", in: folder)
    let text = Fixtures.write(Array("plain text".utf8), "b.jpg", in: folder)
    let results = Recorder<ThumbnailResult>()
    let done = TestSignal()
    let configuration = ThumbnailConfiguration(
      diskCache: ThumbnailDiskCache(root: folder + "/thumbnails"), threadCount: 1)
    let pipeline = ThumbnailPipeline(configuration: configuration) { _, result in
      results.append(result)
      done.signal()
    }
    defer { pipeline.shutdown() }

    let request = ThumbnailRequest(path: jpeg, size: TileSize(columns: 20, rows: 10))
    guard
      case .art(let art, let metadata, let isPartial) = await run(
        pipeline, request, results: results, done: done)
    else {
      Issue.record("expected cell art")
      return
    }
    #expect(art.size == TileSize(columns: 20, rows: 10))
    #expect(art.fit == CellFit(column: 0, row: 2, columns: 20, rows: 5))
    #expect(metadata?.originalWidth == 640)
    #expect(!isPartial)
    #expect(pipeline.cachedResult(for: request) != nil)
    // The disk cache now holds a `normal` thumbnail (20 columns × 8 = 160 px, which
    // 128 px serve), and no `large` one.
    let stored = try #require(configuration.diskCache.thumbnailPath(for: jpeg, flavor: .normal))
    #expect(FileManager.default.fileExists(atPath: stored))
    let larger = try #require(configuration.diskCache.thumbnailPath(for: jpeg, flavor: .large))
    #expect(!FileManager.default.fileExists(atPath: larger))

    // A resize re-renders from the decoded copy, even with the file gone.
    unlink(jpeg)
    let smaller = ThumbnailRequest(
      path: jpeg, size: TileSize(columns: 10, rows: 4), mode: .ansi16)
    guard case .art(let resized, _, _) = await run(pipeline, smaller, results: results, done: done)
    else {
      Issue.record("expected cell art from the decoded copy")
      return
    }
    #expect(resized.size == TileSize(columns: 10, rows: 4))

    let broken = ThumbnailRequest(path: text, size: TileSize(columns: 20, rows: 10))
    guard case .failed(let error) = await run(pipeline, broken, results: results, done: done) else {
      Issue.record("expected a failure")
      return
    }
    #expect(error == .unsupportedFormat)
  }

  @Test func diskCacheServesASecondPipeline() async throws {
    let folder = Fixtures.makeFolder()
    let jpeg = Fixtures.write(
      Fixtures.jpeg(Fixtures.scene(width: 400, height: 400)), "a.jpg", in: folder)
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    let request = ThumbnailRequest(path: jpeg, size: TileSize(columns: 12, rows: 6))
    var renders: [CellArt] = []
    var metadata: [ImageMetadata?] = []
    for round in 0..<2 {
      if round == 1 {
        // Spoil the file but keep its mtime: only the disk cache can answer now.
        var info = stat()
        stat(jpeg, &info)
        Fixtures.write(Array("spoiled".utf8), "a.jpg", in: folder)
        var times = [
          timeval(tv_sec: info.st_mtim.tv_sec, tv_usec: 0),
          timeval(tv_sec: info.st_mtim.tv_sec, tv_usec: 0),
        ]
        utimes(jpeg, &times)
      }
      if case .art(let art, let about, _) = await runAlone(request, cache: cache) {
        renders.append(art)
        metadata.append(about)
      }
    }
    #expect(renders.count == 2)
    #expect(renders.first?.fit == renders.last?.fit)
    // The second answer came from disk: its size and format from the text chunks.
    #expect(metadata.count == 2)
    #expect(metadata.last??.originalWidth == 400 && metadata.last??.format == .jpeg)
    let thumbnail = try #require(cache.load(path: jpeg, flavor: .normal)?.image)
    #expect(thumbnail.width == 128 && thumbnail.height == 128)
  }

  /// A picture with clear parts, seen first in a white terminal and then in a black one:
  /// the second gets its own background, not the first's from the shared thumbnail; a
  /// third run in the black one reads the thumbnail the second wrote.
  @Test func aTranslucentPictureIsDecodedAgainForAnotherBackground() throws {
    let folder = Fixtures.makeFolder()
    var pixels = PixelImage(width: 300, height: 300, filledWith: (0, 0, 0, 0))
    for row in 100..<200 {
      for column in 100..<200 {
        pixels.pixels[(row * 300 + column) * 4..<(row * 300 + column) * 4 + 4] = [200, 30, 30, 255]
      }
    }
    let picture = Fixtures.write(Fixtures.png(pixels, kind: .rgba), "clear.png", in: folder)
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    func corner(over background: BackgroundColor) throws -> [UInt8] {
      let pipeline = ThumbnailPipeline(
        configuration: ThumbnailConfiguration(
          decoder: ImageDecoder(background: background), diskCache: cache, threadCount: 1)
      ) { _, _ in }
      defer { pipeline.shutdown() }
      let copy = try pipeline.smallCopy(path: picture, box: (width: 100, height: 100))
      #expect(copy.image.compositedOver == background)
      let middle = (copy.image.height / 2 * copy.image.width + copy.image.width / 2) * 4
      #expect(Array(copy.image.pixels[middle..<middle + 3]) == [200, 30, 30])
      return Array(copy.image.pixels[0..<3])
    }
    #expect(try corner(over: .white) == [255, 255, 255])
    #expect(try corner(over: .black) == [0, 0, 0])
    let stored = try #require(cache.thumbnailPath(for: picture, flavor: .normal))
    let text = PNGTextChunks.read(try [UInt8](Data(contentsOf: URL(fileURLWithPath: stored))))
    #expect(text[ThumbnailDiskCache.backgroundKey] == "#000000")
    #expect(cache.load(path: picture, flavor: .normal, background: .black) != nil)
    // Read, not written again.
    let written = try FileManager.default.attributesOfItem(atPath: stored)[.modificationDate]
    #expect(try corner(over: .black) == [0, 0, 0])
    #expect(
      try FileManager.default.attributesOfItem(atPath: stored)[.modificationDate] as? Date
        == written as? Date)
  }

  /// `--print`'s cache: a thumbnail already there is used, none is written, and the
  /// drawn art is still kept for the next run.
  @Test func aReadOnlyThumbnailCacheReadsButWritesNone() async throws {
    let folder = Fixtures.makeFolder()
    let scene = Fixtures.scene(width: 400, height: 400)
    let written = Fixtures.write(Fixtures.jpeg(scene), "written.jpg", in: folder)
    let fresh = Fixtures.write(Fixtures.jpeg(scene), "fresh.jpg", in: folder)
    var cache = ThumbnailDiskCache(root: folder + "/cache/thumbnails")
    // Another program's thumbnail of the first picture: flat grey, unlike the picture.
    let grey = PixelImage(width: 128, height: 128, filledWith: (90, 90, 90, 255))
    #expect(cache.store(grey, metadata: nil, path: written, flavor: .normal))
    cache.isReadOnly = true
    #expect(!cache.store(grey, path: fresh, flavor: .normal))

    var arts: [String: CellArt] = [:]
    for path in [written, fresh] {
      let request = ThumbnailRequest(path: path, size: TileSize(columns: 12, rows: 6))
      if case .art(let art, _, _) = await runAlone(request, cache: cache) { arts[path] = art }
    }
    // The thumbnail there was drawn (all grey); the other picture was decoded.
    let drawn = try #require(arts[written])
    let greyCells = drawn.cells.filter { $0.style.background == .rgb(90, 90, 90) }
    #expect(greyCells.count == drawn.fit.columns * drawn.fit.rows)
    #expect(try #require(arts[fresh]).cells.contains { $0.style.background != .rgb(90, 90, 90) })
    for flavor in ThumbnailDiskCache.Flavor.allCases {
      #expect(cache.load(path: fresh, flavor: flavor) == nil, "a \(flavor) thumbnail was written")
    }
    let art = try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/gallery/art")
    #expect(art.contains { $0.hasSuffix(".art") }, "no drawn art kept: \(art)")
  }
}

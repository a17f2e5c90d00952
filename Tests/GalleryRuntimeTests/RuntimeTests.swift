import CompositionalLayout
import Foundation
import Pictures
import TestSupport
import Testing
import Thumbnails
import XMPSidecars

@testable import Gallery
@testable import GalleryRuntime
@testable import TerminalKit

/// The runtime driven through a fake terminal and a fake thumbnail service: which events
/// give which frames, and what is asked of the workers.
@MainActor
@Suite struct RuntimeTests {
  /// A runtime over a folder of `count` pictures in two sections, not yet started.
  @MainActor final class Rig {
    let files = FolderFixture()
    let terminal: FakeTerminal
    let runtime: GalleryRuntime<FakeTerminal>
    private(set) var thumbnails: FakeThumbnails?

    init(
      width: Int = 80, height: Int = 24, pictures: Int = 12,
      configuration: GalleryState.Configuration = .init(), cellPixels: CellPixelSize? = nil,
      opener: (any PictureOpener)? = nil, insideTmux: Bool = false, firstFolder: String = "a",
      keepsDecisions: Bool = false, favorites: [String] = []
    ) throws {
      for index in 1...pictures { files.jpeg("Shots/\(firstFolder)/shot-\(index).jpg") }
      if !favorites.isEmpty {
        try FavoritesStore(path: files.path("gallery/favorites.json"))
          .save(Favorites(favorites.map(files.path)))
      }
      for index in 1...pictures { files.jpeg("Shots/b/snap-\(index).jpg") }
      // An MP4's first box: enough for the scan to take the file for a video.
      files.file(
        "Shots/b/zz-clip.mp4",
        [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8))
      terminal = FakeTerminal(width: width, height: height, cellPixels: cellPixels)
      let scanner = try LibraryScanner(folders: [files.path("Shots")])
      var made: FakeThumbnails?
      let services = GalleryRuntime<FakeTerminal>.Services(
        makeThumbnails: { completion in
          let fake = FakeThumbnails(completion: completion)
          made = fake
          return fake
        },
        scanner: scanner, watchesFolders: false,
        favorites: keepsDecisions
          ? FavoritesMigrator(
            environment: ["XDG_STATE_HOME": files.path("")], rule: .picks,
            sidecars: SidecarStore()) : nil,
        stateFile: StateFileKeeper(environment: ["XDG_STATE_HOME": files.path("")]),
        opener: opener,
        // Details held back: each batch would be a frame of its own, and these tests count
        // the frames keys and thumbnails make.
        details: FakeDetails(details: PictureDetails(), holds: true),
        decisions: keepsDecisions ? SidecarKeeper(store: SidecarStore()) : nil)
      var settings = GalleryRuntime<FakeTerminal>.Settings()
      settings.insideTmux = insideTmux
      // The scan of a small folder ends well within this; the first frame waits for it.
      settings.scanGrace = .seconds(10)
      runtime = GalleryRuntime(
        terminal: terminal,
        state: GalleryState(width: width, height: height, configuration: configuration),
        services: services, settings: settings)
      runtime.start()
      thumbnails = made
    }

    /// The fake service the runtime made.
    var service: FakeThumbnails {
      get throws { try #require(thumbnails) }
    }

    /// Handles what is waiting (or what arrives within `timeout`) and draws.
    func step(timeout: Duration = .zero) { runtime.step(timeout: timeout) }

    /// Steps until `condition` holds (a result from another thread has been handled) or
    /// ten seconds pass (`GalleryRuntime.step(until:)`).
    func step(
      until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      try runtime.step(until: condition, sourceLocation: sourceLocation)
    }
  }

  @Test func theFirstFrameShowsTheScannedSectionsAndAsksForTheirThumbnails() throws {
    let rig = try Rig()
    #expect(rig.terminal.drawn.count == 1)
    #expect(rig.terminal.screenText.contains("a  12 pictures"))
    let service = try rig.service
    #expect(!service.requests.isEmpty, "asked once the first frame is drawn")
    let paths = Set(service.requests.map(\.path))
    #expect(paths.count == service.requests.count, "each thumbnail asked once")
    #expect(rig.runtime.state.focus == ItemIndexPath(item: 0, section: 0))
  }

  @Test func aKeyGivesOneFrameShowingIt() throws {
    let rig = try Rig()
    rig.terminal.type(.key(.right))
    rig.step()
    #expect(rig.terminal.drawn.count == 2)
    #expect(rig.runtime.state.focus == ItemIndexPath(item: 1, section: 0))
    let last = try #require(rig.terminal.drawn.last)
    #expect(last.bytes > 0)
    #expect(last.frame == GalleryView.render(rig.runtime.state))
    #expect(rig.runtime.state.loading.wanted.first?.path.hasSuffix("shot-2.jpg") == true)
  }

  @Test func keysWaitingTogetherGiveOneFrame() throws {
    let rig = try Rig()
    rig.terminal.type(.key(.right), .key(.right), .key(.down))
    rig.step()
    #expect(rig.terminal.drawn.count == 2)
    #expect(
      try rig.service.pauses == 0, "the decoders are held while the frame is made, then let go")
  }

  @Test func aResizeReflowsWithTheNewCellShape() throws {
    let rig = try Rig()
    rig.terminal.type(.resize(TerminalSize(width: 160, height: 50, cellAspect: 2.5)))
    rig.step()
    let state = rig.runtime.state
    #expect(state.screen == CellSize(width: 160, height: 50))
    #expect(state.cellAspect == 2.5)
    #expect(state.traits.horizontalSizeClass == .regular)
    let last = try #require(rig.terminal.drawn.last)
    #expect(last.frame.width == 160 && last.frame.height == 50)
  }

  @Test func aThumbnailArrivingGivesOneFrame() throws {
    let rig = try Rig()
    let service = try rig.service
    let request = try #require(service.requests.first)
    let before = rig.terminal.drawn.count
    service.complete(request, with: .solid(request.size))
    try rig.step { rig.runtime.state.loading.thumbnails.count > 0 }
    #expect(rig.terminal.drawn.count == before + 1)
    #expect(rig.terminal.screenText.contains("█"))
    #expect(rig.runtime.state.loading.thumbnails.contains(path: request.path, size: request.size))
    rig.step(timeout: .milliseconds(200))
    #expect(rig.terminal.drawn.count == before + 1, "nothing more to draw")
  }

  @Test func aThumbnailInTheServicesMemoryIsDrawnWithTheKeyNotAfterIt() throws {
    let rig = try Rig(height: 16, pictures: 60)
    let service = try rig.service
    // Of what End asks for, the service already holds what was never asked.
    var probe = rig.runtime.state
    _ = probe.update(.key(.end))
    let asked = Set(service.requests)
    let remembered = probe.thumbnailWants().filter {
      !asked.contains($0.request(in: probe.appearance))
    }
    try #require(!remembered.isEmpty)
    for want in remembered {
      service.remember(.solid(want.size), for: want.request(in: probe.appearance))
    }
    let before = rig.terminal.drawn.count
    rig.terminal.type(.key(.end))
    rig.step()
    #expect(rig.terminal.drawn.count == before + 1)
    let shelf = rig.runtime.state.loading.thumbnails
    for want in remembered {
      #expect(shelf.contains(path: want.path, size: want.size), "\(want.path) in the frame")
    }
    #expect(rig.terminal.drawn.last?.frame == GalleryView.render(rig.runtime.state))
    #expect(rig.terminal.screenText.contains("█"))
    #expect(Set(service.requests).count == service.requests.count, "nothing asked twice")
    #expect(
      service.requests.allSatisfy { request in
        !remembered.contains { $0.path == request.path && $0.size == request.size }
      }, "nothing in memory is asked of the workers")
    rig.step(timeout: .milliseconds(200))
    #expect(rig.terminal.drawn.count == before + 1, "no second frame for the same key")
  }

  @Test func aThumbnailOnItsWayIsNotAskedForAgain() throws {
    let rig = try Rig()
    let service = try rig.service
    let first = service.requests
    // Right and back: the wants change twice, the first picture's request is still out.
    rig.terminal.type(.key(.right))
    rig.step()
    rig.terminal.type(.key(.left))
    rig.step()
    let again = service.requests.dropFirst(first.count)
    #expect(Set(again).isDisjoint(with: first))
  }

  /// An animation in the detail view: frames asked for on opening, each next frame drawn
  /// when its delay is up (the run loop's timer), all stopped on leaving.
  @Test func anAnimationPlaysOnItsTimerAndStopsWhenLeft() throws {
    let rig = try Rig()
    let service = try rig.service
    let focusPath = try #require(rig.runtime.state.picture(at: ItemIndexPath(item: 0, section: 0)))
      .path
    let metadata = ImageMetadata(format: .gif, originalWidth: 64, originalHeight: 48, frameCount: 2)
    let request = try #require(service.requests.first { $0.path == focusPath })
    service.complete(
      request,
      with: .art(
        try #require(ThumbnailResult.solid(request.size).art), metadata: metadata, isPartial: false)
    )
    try rig.step { rig.runtime.state.loading.info[focusPath] != nil }
    rig.terminal.type(.key(.enter))
    rig.step()
    let asked = try #require(service.animations.last)
    #expect(asked.path == focusPath)
    let size = asked.size
    func frame(_ glyph: Character) -> CellArt {
      CellArt(
        size: size, fit: CellFit(column: 0, row: 0, columns: size.columns, rows: size.rows),
        cells: Array(repeating: Cell(glyph), count: size.columns * size.rows))
    }
    // Read before the frames go: the step that takes them arms the first frame's timer and
    // then draws (slowly under a sanitizer), so a clock read after it starts late.
    let sent = ContinuousClock.now
    service.sendAnimation(
      AnimationPart(
        frames: [frame("a"), frame("b")], delays: [150, 150], loopCount: 0, isLast: true))
    try rig.step { rig.terminal.screenText.contains("aaaa") }
    try rig.step { rig.terminal.screenText.contains("bbbb") }
    let waited = sent.duration(to: .now)
    #expect(waited >= .milliseconds(150), "the next frame waits for its delay: \(waited)")
    try rig.step { rig.terminal.screenText.contains("aaaa") }
    rig.terminal.type(.key(.escape))
    rig.step()
    #expect(service.cancelledAnimations.last == asked)
    #expect(rig.runtime.state.detail.playback == nil)
    let drawn = rig.terminal.drawn.count
    rig.step(timeout: .milliseconds(400))
    #expect(rig.terminal.drawn.count == drawn, "no ticks once the animation is gone")
  }

  @Test func aVideoPlaysInCellsOrPixelsItsFramesPacedByTheScreenAndStopsWhenLeft() throws {
    for pixels in [false, true] {
      let rig = try Rig(
        configuration: .init(
          layoutPreset: .grid, appearance: Appearance(pictureFormat: pixels ? .kitty : nil)),
        cellPixels: pixels ? CellPixelSize(width: 9, height: 18) : nil)
      let service = try rig.service
      rig.terminal.type(.key(.tab))
      rig.terminal.type(.key(.end))
      rig.terminal.type(.key(.enter))
      rig.step()
      let video = try #require(service.videos.last, "pixels: \(pixels)")
      #expect(video.path.hasSuffix("/zz-clip.mp4") && video.inPixels == pixels)
      let size = try #require(rig.runtime.state.detail.video?.size)
      let cells = Array(repeating: Cell("v"), count: size.columns * size.rows)
      let fit = CellFit(column: 0, row: 0, columns: size.columns, rows: size.rows)
      video.send(
        .frame(
          VideoFrame(
            content: .cells(CellArt(size: size, fit: fit, cells: cells)), time: 0.5, dropped: 0)))
      try rig.step { rig.terminal.screenText.contains("vvvv") }
      #expect(video.log == ["shown"], "told once the frame is drawn")
      rig.terminal.type(.key(.character(" ")))
      rig.step()
      #expect(video.log == ["shown", "pause"])
      rig.terminal.type(.key(.escape))
      rig.step()
      #expect(video.log.last == "stop")
      #expect(rig.runtime.state.detail.video == nil)
    }
  }

  @Test func inPixelsPicturesAreAskedForInsteadOfCellArt() throws {
    let rig = try Rig(
      configuration: .init(appearance: Appearance(pictureFormat: .sixel)),
      cellPixels: CellPixelSize(width: 9, height: 18))
    let service = try rig.service
    #expect(service.requests.isEmpty)
    let first = try #require(service.pictures.first)
    #expect(first.format == .sixel && first.tile.cell == CellPixelSize(width: 9, height: 18))
    #expect(Set(service.pictures).count == service.pictures.count, "each asked once")
    rig.terminal.type(.key(.right))
    rig.step()
    let again = service.pictures.filter { $0 == first }
    #expect(again.count == 1, "not asked again while on its way")
  }

  @Test func quittingEndsTheRunAndStopsTheWorkers() throws {
    let rig = try Rig()
    rig.terminal.type(.key(.character("q")))
    #expect(rig.runtime.run() == .quit)
    #expect(try rig.service.isShutDown)
  }

  @Test func aTerminationSignalEndsTheRunWithIt() throws {
    let rig = try Rig()
    rig.terminal.type(.terminate(signal: 15))
    #expect(rig.runtime.run() == .terminated(signal: 15))
  }

  @Test func ctrlLRepaintsTheWholeScreen() throws {
    let rig = try Rig()
    rig.terminal.type(.key(.control("l")))
    rig.step()
    #expect(rig.terminal.invalidations == 1)
    let last = try #require(rig.terminal.drawn.last)
    #expect(last.bytes > 24 * 80, "every cell written again")
  }

  /// An older gallery's favourite is a pick from the first frame on, and one marked with
  /// `f` is a pick in its sidecar when the run ends.
  @Test func aFavouriteIsAPickInItsSidecarAndAnOlderOneIsMigrated() throws {
    let rig = try Rig(keepsDecisions: true, favorites: ["Shots/b/snap-2.jpg"])
    let older = rig.files.path("Shots/b/snap-2.jpg")
    #expect(rig.runtime.state.isFavorite(older))
    #expect(rig.runtime.state.message?.description.contains("1 favourite is now picked") == true)
    rig.terminal.type(.key(.character("f")), .key(.character("q")))
    #expect(rig.runtime.run() == .quit)
    let favourite = try #require(rig.runtime.state.picture(at: ItemIndexPath(item: 0, section: 0)))
    let picked = CullingDecision(rating: .unrated, flag: .picked, labels: [])
    #expect(try SidecarStore().read(picture: favourite.path)?.decision == picked)
    #expect(try SidecarStore().read(picture: older)?.decision == picked)
    #expect(
      (try? FileManager.default.contentsOfDirectory(atPath: rig.files.path("gallery"))) == [
        "favorites.json.migrated"
      ])
  }
}

/// The runtime with the real pipeline on the built-in pictures: once the thumbnails on
/// screen are in, nothing is drawn.
@MainActor
@Suite struct RuntimeIdleTests {
  @Test func idleWritesNothingForTwoSeconds() throws {
    let files = FolderFixture()
    let terminal = FakeTerminal(width: 100, height: 30)
    let configuration = ThumbnailConfiguration(
      diskCache: ThumbnailDiskCache(isEnabled: false), cellAspect: 2)
    let services = GalleryRuntime<FakeTerminal>.Services(
      makeThumbnails: { ThumbnailPipeline(configuration: configuration, onCompletion: $0) },
      scanner: try DefaultAssets.scanner(),
      watchesFolders: true)
    let runtime = GalleryRuntime(
      terminal: terminal, state: GalleryState(width: 100, height: 30), services: services)
    runtime.start()
    defer { runtime.stop() }
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(40)
    while runtime.state.loadingProgress.done < runtime.state.loadingProgress.total
      || runtime.state.loadingProgress.total == 0
    {
      try #require(clock.now < deadline, "thumbnails loaded")
      runtime.step(timeout: .milliseconds(200))
    }
    let settled = terminal.drawn.count
    let idle = clock.now + .seconds(2)
    while clock.now < idle { runtime.step(timeout: .milliseconds(100)) }
    #expect(terminal.drawn.count == settled, "no frame drawn while idle")
    #expect(terminal.framesWithBytes.count <= settled)
  }
}

/// Previews and decoding ahead through the run loop, with the fake service.
@MainActor
@Suite struct RuntimePrefetchTests {
  typealias Rig = RuntimeTests.Rig

  /// Completes every request asked so far with final art and handles the results.
  static func finishAll(_ rig: Rig) throws {
    let service = try rig.service
    let asked = Set(service.requests)
    for request in asked { service.complete(request, with: .solid(request.size)) }
    try rig.step {
      asked.allSatisfy {
        rig.runtime.state.loading.thumbnails.hasFinal(path: $0.path, size: $0.size)
      }
        || !rig.runtime.state.loading.wanted.contains { want in
          asked.contains { $0.path == want.path }
        }
    }
  }

  @Test func decodingAheadStartsWhenIdleAndStopsAtTheNextKey() throws {
    let rig = try Rig(width: 120, height: 30, pictures: 60)
    let service = try rig.service
    try Self.finishAll(rig)
    // The idle timer fires by itself; then the pictures ahead are asked, lowest first.
    try rig.step { service.priorities.values.contains(ThumbnailPriority.prefetch.rawValue) }
    let ahead = Set(
      service.priorities.filter { $0.value == ThumbnailPriority.prefetch.rawValue }.keys)
    #expect(!ahead.isEmpty)
    #expect(rig.runtime.state.prefetch.isIdle)
    // A key: what is no longer wanted is cancelled at once, in the key's own step.
    rig.terminal.type(.key(.pageDown))
    rig.step()
    let kept = try #require(service.kept)
    let wanted = Set(
      rig.runtime.state.loading.wanted.map { $0.request(in: rig.runtime.state.appearance) })
    #expect(kept == wanted)
    #expect(!rig.runtime.state.loading.wanted.contains { $0.priority == .prefetch })
    let dropped = ahead.subtracting(wanted)
    #expect(!dropped.isEmpty && dropped.isDisjoint(with: kept), "the rest ahead is cancelled")
    // What was asked ahead and is on screen now moved up, not asked again.
    let nowShown = ahead.intersection(wanted)
    #expect(!nowShown.isEmpty, "the page decoded ahead is the one shown")
    for request in nowShown {
      #expect((service.priorities[request] ?? 0) >= ThumbnailPriority.visible.rawValue)
      #expect(service.requests.filter { $0 == request }.count == 1)
    }
    #expect(service.reprioritized.contains { nowShown.contains($0.0) })
  }

  @Test func aKeyThatComesWithTheIdleTimerMeansNotIdle() async throws {
    let rig = try Rig(width: 120, height: 30, pictures: 60)
    try Self.finishAll(rig)
    rig.terminal.type(.key(.left))
    rig.step()
    // Let the idle timer that key asked for fall due unhandled, then type: the key and
    // the timer's firing are in one batch. Nothing steps the run loop while this sleeps.
    try await Task.sleep(for: .milliseconds(Prefetch.idleMilliseconds + 100))
    rig.terminal.type(.key(.right))
    rig.step()
    #expect(!rig.runtime.state.prefetch.isIdle, "the timer was asked for again by the key")
    #expect(!rig.runtime.state.loading.wanted.contains { $0.priority == .prefetch })
  }

  @Test func aPreviewIsDrawnAndThePictureStillComes() throws {
    let rig = try Rig()
    let service = try rig.service
    let request = try #require(service.requests.first)
    #expect(service.previews[request] == true)
    let preview = ThumbnailResult.solid(request.size, color: .rgb(0, 0, 200))
    guard case .art(let cells, _, _) = preview else { return }
    let previewArt = CellArt(size: cells.size, fit: cells.fit, cells: cells.cells, isPreview: true)
    service.complete(request, with: .art(previewArt, metadata: nil, isPartial: false))
    try rig.step {
      rig.runtime.state.loading.thumbnails.contains(path: request.path, size: request.size)
    }
    let focus = rig.runtime.state.focus
    // Events that keep it wanted ask for nothing again: the picture is on its way.
    rig.terminal.type(.key(.right), .key(.left))
    rig.step()
    #expect(service.requests.filter { $0 == request }.count == 1)
    service.complete(request, with: .solid(request.size))
    try rig.step {
      rig.runtime.state.loading.thumbnails.hasFinal(path: request.path, size: request.size)
    }
    #expect(rig.runtime.state.focus == focus)
    #expect(rig.terminal.drawn.last?.frame == GalleryView.render(rig.runtime.state))
  }
}

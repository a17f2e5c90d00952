import Gallery
import TestSupport
import Testing

@testable import GalleryRuntime

/// The benchmarks' switches reach a bench build only: the gallery a user runs does the
/// same whatever they left in its environment.
@MainActor
@Suite struct BenchSwitchesTests {
  static let switches = [
    "GALLERY_NO_PREVIEWS": "1", "GALLERY_NO_PREFETCH": "1", "GALLERY_EXIT_AFTER_FIRST_FRAME": "1",
  ]

  @Test func aReleaseBuildReadsNoneOfThem() {
    // The tests are never a bench build (only `make bench` passes -DGALLERY_BENCH).
    #expect(!BenchSwitches.isBenchBuild)
    #expect(BenchSwitches(environment: Self.switches) == BenchSwitches())
    #expect(BenchSwitches(environment: Self.switches, isBenchBuild: false) == BenchSwitches())
  }

  @Test func aBenchBuildReadsEachSwitchByItsName() {
    let none = BenchSwitches(environment: [:], isBenchBuild: true)
    #expect(none == BenchSwitches())
    let noPreviews = BenchSwitches(environment: ["GALLERY_NO_PREVIEWS": "1"], isBenchBuild: true)
    #expect(!noPreviews.usesPreviews && noPreviews.decodesAhead && !noPreviews.exitAfterFirstFrame)
    let noPrefetch = BenchSwitches(environment: ["GALLERY_NO_PREFETCH": "1"], isBenchBuild: true)
    #expect(noPrefetch.usesPreviews && !noPrefetch.decodesAhead && !noPrefetch.exitAfterFirstFrame)
    let exits = BenchSwitches(
      environment: ["GALLERY_EXIT_AFTER_FIRST_FRAME": "1"], isBenchBuild: true)
    #expect(exits.usesPreviews && exits.decodesAhead && exits.exitAfterFirstFrame)
  }

  @Test func theBrowserLaunchedWithThemSetPreviewsDecodesAheadAndStays() throws {
    let files = FolderFixture()
    files.jpeg("Shots/shot-1.jpg")
    let launch = GalleryLaunch(
      options: GalleryOptions(), unicode: true,
      environment: Self.switches.merging(["XDG_STATE_HOME": files.path("")]) { $1 })
    let runtime = launch.runtime(
      on: FakeTerminal(), colorMode: .truecolor,
      scanner: try LibraryScanner(folders: [files.path("Shots")]))
    #expect(runtime.settings.usesPreviews)
    #expect(!runtime.settings.exitAfterFirstFrame)
    #expect(runtime.state.configuration.decodesAhead)
  }
}

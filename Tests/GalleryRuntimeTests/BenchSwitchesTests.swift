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

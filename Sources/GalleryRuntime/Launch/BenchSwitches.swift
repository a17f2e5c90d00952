/// The switches the benchmarks turn to measure what a part of the gallery brings: drawing
/// pictures' embedded previews, decoding ahead, and leaving once the first frame is drawn
/// (the launch's time).
///
/// Only a bench build reads them. The shipping `gallery` never does: it has no use for
/// them, and a variable left set in a user's environment would make it slower, or quit
/// at once. A bench build is compiled with `-DGALLERY_BENCH`, which only `make bench`
/// passes, in a build folder of its own (`.build/bench`), so a release build is never one;
/// the `gallery` built beside `gallery-bench` there reads `GALLERY_NO_PREVIEWS`,
/// `GALLERY_NO_PREFETCH` and `GALLERY_EXIT_AFTER_FIRST_FRAME` from its environment. The
/// baseline binary a benchmark may run beside it (`GALLERY_BENCH_BASELINE`) is launched
/// without any switch, so any build works.
package struct BenchSwitches: Sendable, Equatable {
  /// Whether pictures' embedded previews are drawn while they decode.
  package var usesPreviews = true
  /// Whether pictures about to be needed are decoded while the user is idle.
  package var decodesAhead = true
  /// Whether the run ends once the first frame is on the terminal.
  package var exitAfterFirstFrame = false

  /// The browser's own: previews, decoding ahead, no early exit.
  package init() {}

  /// Whether this build reads the switches (`make bench` builds with `-DGALLERY_BENCH`).
  package static var isBenchBuild: Bool {
    #if GALLERY_BENCH
      true
    #else
      false
    #endif
  }

  /// The switches `environment` sets in a bench build; the browser's own otherwise.
  ///
  /// `isBenchBuild` is this build's (`isBenchBuild`) but for the tests, which read both.
  package init(environment: [String: String], isBenchBuild: Bool = Self.isBenchBuild) {
    guard isBenchBuild else { return }
    usesPreviews = environment["GALLERY_NO_PREVIEWS"] == nil
    decodesAhead = environment["GALLERY_NO_PREFETCH"] == nil
    exitAfterFirstFrame = environment["GALLERY_EXIT_AFTER_FIRST_FRAME"] != nil
  }
}

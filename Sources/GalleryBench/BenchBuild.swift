import GalleryRuntime

/// Whether the `gallery` beside this bench reads the bench switches (`BenchSwitches`:
/// `GALLERY_NO_PREVIEWS`, `GALLERY_NO_PREFETCH`, `GALLERY_EXIT_AFTER_FIRST_FRAME`).
///
/// Only a bench build does: `make bench` builds both programs with `-DGALLERY_BENCH` in
/// `.build/bench`, and this bench is compiled with the same flag as the `gallery` built
/// beside it. A plain release build's `gallery` ignores the switches (a launch waiting for
/// its early exit would wait for ever), so what needs them is skipped there.
enum BenchBuild {
  /// True in a bench build; else prints that `what` is skipped, and why.
  static func hasSwitches(for what: String) -> Bool {
    guard !BenchSwitches.isBenchBuild else { return true }
    print("# \(what): skipped: a release build's gallery reads no bench switches (make bench)")
    return false
  }
}

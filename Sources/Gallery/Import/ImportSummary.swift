/// What `gallery import` did, and the line it ends with on standard output:
/// `imported 120 files (1.2 GB): 118 copied, 30 already imported, 2 failed`, thousands
/// grouped with commas whatever the locale, each failure on a line of its own before it
/// on standard error.
package struct ImportSummary: Hashable, Sendable {
  /// The files copied (to the destination, or only to the backup).
  package var copied = 0
  /// The bytes copied.
  package var copiedBytes: Int64 = 0
  /// The files left alone: already imported (their hash in the index, or found at
  /// their destination).
  package var skipped = 0
  /// The files that could not be copied, each with why.
  package var failures: [String] = []
  /// The files the plan had.
  package var planned = 0

  package init() {}

  /// The summary line, without its newline; `dryRun` says what would be done.
  package func line(dryRun: Bool) -> String {
    if dryRun {
      return "would import " + Self.counted(copied, "file") + " (" + Self.bytes(copiedBytes)
        + "); " + CountText.grouped(skipped) + " already imported"
    }
    return "imported " + Self.counted(copied, "file") + " (" + Self.bytes(copiedBytes) + "), "
      + CountText.grouped(skipped) + " already imported, " + CountText.grouped(failures.count)
      + " failed"
  }

  /// What is said when the run stopped before its end (Ctrl-C, a full or vanished
  /// destination, a card pulled out): what was done, and that a second run finishes it.
  package func stoppedLine(because reason: String) -> String {
    "stopped: \(reason); " + Self.counted(copied, "file") + " copied, whole and checked, "
      + CountText.grouped(skipped) + " already imported, "
      + CountText.grouped(max(0, planned - copied - skipped - failures.count))
      + " not done; run the same import again to finish it"
  }

  /// `1 file`, `1,204 files`.
  package static func counted(_ count: Int, _ noun: String) -> String {
    CountText.grouped(count) + " " + noun + (count == 1 ? "" : "s")
  }

  /// `0 B`, `950 kB`, `1.2 GB`: decimal units, one decimal place under ten.
  package static func bytes(_ count: Int64) -> String {
    let units = ["B", "kB", "MB", "GB", "TB"]
    var unit = 0
    var scale: Int64 = 1
    while unit < units.count - 1, count >= scale * 1000 {
      scale *= 1000
      unit += 1
    }
    guard unit > 0 else { return "\(count) B" }
    let tenths = (count * 10 + scale / 2) / scale
    if tenths < 100 { return "\(tenths / 10).\(tenths % 10) \(units[unit])" }
    return "\((tenths + 5) / 10) \(units[unit])"
  }
}

import Dispatch
import Gallery

/// How far an import has come, for its bar: the files and bytes done (copied or found
/// imported) of those planned, and the bytes copied since the copying began, which give
/// the speed and the time left.
struct ImportProgress: Sendable, Hashable {
  var files = 0
  var totalFiles = 0
  var bytes: Int64 = 0
  var totalBytes: Int64 = 0
  /// The bytes copied (not skipped), and when the first copy began (uptime, ns).
  var copiedBytes: Int64 = 0
  var started: UInt64?
  /// Whether a line is drawn on standard error.
  var drawn = false

  /// The bar's line at `now` (uptime, ns) for a terminal `width` columns wide:
  /// `importing ▕████▌    ▏ 120 of 412 · 1.2 of 9.8 GB · 85 MB/s · 1:32 left`.
  func bar(at now: UInt64, width: Int, unicode: Bool) -> IndexProgressBar {
    // The speed and the time left are the browser's status line's too (`report`).
    let report = report(at: now)
    var extra = ImportSummary.bytes(bytes) + " of " + ImportSummary.bytes(totalBytes)
    if let speed = report.bytesPerSecond, let left = report.secondsLeft {
      let dot = unicode ? " · " : " - "
      extra += dot + ImportSummary.bytes(speed) + "/s" + dot + Self.clock(left) + " left"
    }
    return IndexProgressBar(
      done: files, total: totalFiles, rate: nil, width: width, unicode: unicode,
      label: "importing", extra: extra,
      share: totalBytes > 0 ? Double(bytes) / Double(totalBytes) : nil)
  }

  /// `0:07`, `1:32`, `1:02:03`.
  static func clock(_ seconds: Double) -> String { ImportProgressReport.clock(seconds) }
}

extension ImportProgress {
  /// What the browser's status line shows of it at `now` (uptime, ns): the same counts,
  /// speed and time left as the bar.
  func report(at now: UInt64) -> ImportProgressReport {
    var report = ImportProgressReport(
      files: files, totalFiles: totalFiles, bytes: bytes, totalBytes: totalBytes)
    if let started, now > started {
      let seconds = Double(now - started) / 1e9
      if seconds >= 0.5, copiedBytes > 0 {
        let speed = Double(copiedBytes) / seconds
        report.bytesPerSecond = Int64(speed)
        report.secondsLeft = Double(max(0, totalBytes - bytes)) / speed
      }
    }
    return report
  }
}

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
    var extra = ImportSummary.bytes(bytes) + " of " + ImportSummary.bytes(totalBytes)
    if let started, now > started {
      let seconds = Double(now - started) / 1e9
      if seconds >= 0.5, copiedBytes > 0 {
        let speed = Double(copiedBytes) / seconds
        let dot = unicode ? " · " : " - "
        extra += dot + ImportSummary.bytes(Int64(speed)) + "/s"
        extra += dot + Self.clock(Double(max(0, totalBytes - bytes)) / speed) + " left"
      }
    }
    return IndexProgressBar(
      done: files, total: totalFiles, rate: nil, width: width, unicode: unicode,
      label: "importing", extra: extra,
      share: totalBytes > 0 ? Double(bytes) / Double(totalBytes) : nil)
  }

  /// `0:07`, `1:32`, `1:02:03`.
  static func clock(_ seconds: Double) -> String {
    let whole = seconds.isFinite ? Int(seconds.rounded(.up)) : 0
    let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
    let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
  }
}

/// How far an import in the browser has come, as the command line's bar shows it: the
/// files and bytes done of those planned, the speed and the time left once known. The
/// runtime measures; the state only words it.
package struct ImportProgressReport: Hashable, Sendable {
  package var files: Int
  package var totalFiles: Int
  package var bytes: Int64
  package var totalBytes: Int64
  /// Bytes copied a second, nil until measured.
  package var bytesPerSecond: Int64?
  /// Seconds left at that speed, nil until measured.
  package var secondsLeft: Double?

  package init(
    files: Int, totalFiles: Int, bytes: Int64, totalBytes: Int64,
    bytesPerSecond: Int64? = nil, secondsLeft: Double? = nil
  ) {
    self.files = files
    self.totalFiles = totalFiles
    self.bytes = bytes
    self.totalBytes = totalBytes
    self.bytesPerSecond = bytesPerSecond
    self.secondsLeft = secondsLeft
  }

  /// `importing 120 of 412 · 1.2 GB of 9.8 GB · 85 MB/s · 1:42 left`.
  package func text(unicode: Bool) -> String {
    let dot = unicode ? " · " : " - "
    var text =
      "importing " + CountText.grouped(files) + " of " + CountText.grouped(totalFiles) + dot
      + ImportSummary.bytes(bytes) + " of " + ImportSummary.bytes(totalBytes)
    if let bytesPerSecond, let secondsLeft {
      text +=
        dot + ImportSummary.bytes(bytesPerSecond) + "/s" + dot + Self.clock(secondsLeft)
        + " left"
    }
    return text
  }

  /// `0:07`, `1:32`, `1:02:03`.
  package static func clock(_ seconds: Double) -> String {
    let whole = seconds.isFinite ? Int(max(0, seconds).rounded(.up)) : 0
    let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
    let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
  }
}

/// How an import in the browser ended: the count, why it stopped before its end (nil
/// when it did not), and the folders it wrote pictures into, which the gallery then shows.
package struct ImportOutcome: Hashable, Sendable {
  package var summary: ImportSummary
  /// Why it stopped early (`interrupted`, `the destination … is full`), nil for none.
  package var stopReason: String?
  /// The destination's absolute path.
  package var destination: String
  /// The folders that got files, in order; empty when none did.
  package var folders: [String]
  /// What the plan and the copying noted besides failures (a folder of the card that
  /// cannot be read, the library index busy), as sentences, each once.
  package var notices: [String] = []
  /// What was moved from the card to the Trash (`moved 3 files of the card to the
  /// Trash`), nil when the import was not asked to.
  package var sourceTrash: String?

  package init(
    summary: ImportSummary, stopReason: String? = nil, destination: String, folders: [String]
  ) {
    self.summary = summary
    self.stopReason = stopReason
    self.destination = destination
    self.folders = folders
  }

  /// The status line's sentence: the command line's summary, or what it says when it
  /// stopped.
  package var sentence: String {
    if let stopReason { return summary.stoppedLine(because: stopReason) }
    return summary.line(dryRun: false) + (sourceTrash.map { "; " + $0 } ?? "")
  }
}

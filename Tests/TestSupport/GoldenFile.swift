import Foundation

/// A golden file: text a test compares with what it makes, re-recorded when asked.
///
/// `GALLERY_RECORD=1` (and only `1`) writes what the test made instead of comparing, so
/// `GALLERY_RECORD=0` compares as usual. The one place every golden test reads that.
package enum GoldenFile {
  /// Whether the goldens are being re-recorded (`GALLERY_RECORD=1`).
  package static var isRecording: Bool {
    ProcessInfo.processInfo.environment["GALLERY_RECORD"] == "1"
  }

  /// What the golden file at `url` holds; when recording, `actual` written there first
  /// (its folder made), so the comparison that follows holds.
  ///
  /// Compare with `#expect(actual == GoldenFile.expected(...), GoldenFile.hint(url))`.
  package static func expected(at url: URL, actual: String) throws -> String {
    if isRecording {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
    }
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// What a failed comparison says.
  package static func hint(_ url: URL) -> String {
    "\(url.lastPathComponent) differs; re-record with GALLERY_RECORD=1 if the change is intended"
  }
}

import TerminalKit

/// What the `!` overlay lists: everything the gallery found and does not show. The last
/// import's summary whole (the status line may cut it), its failures and notes; the
/// scan's warnings (folders it could not read, loops, repeats), then the files that are
/// not pictures, folder by folder, with the folders that hold no picture at all.
enum ScanReport {
  static func lines(of state: GalleryState) -> [OverlaySheet.Line] {
    var lines: [OverlaySheet.Line] = []
    if let outcome = state.cardImport.lastOutcome {
      lines.append(heading("the last import"))
      lines += outcome.sentence.split(separator: "; ").map {
        plain("  " + TextSanitizer.sanitize(String($0)))
      }
      if !outcome.folders.isEmpty {
        lines.append(
          plain("  shown: " + outcome.folders.map(TextSanitizer.sanitize).joined(separator: ", ")))
      }
      lines.append(plain(""))
    }
    if let failures = state.cardImport.lastOutcome?.summary.failures, !failures.isEmpty {
      lines.append(
        heading(
          failures.count == 1 ? "1 file not imported" : "\(failures.count) files not imported"))
      lines += failures.map { plain("  " + TextSanitizer.sanitize($0)) }
      lines.append(plain(""))
    }
    if let notices = state.cardImport.lastOutcome?.notices, !notices.isEmpty {
      lines.append(heading("the import noted"))
      lines += notices.map { plain("  " + TextSanitizer.sanitize($0)) }
      lines.append(plain(""))
    }
    let warnings = state.warnings
    if !warnings.isEmpty {
      lines.append(
        heading(warnings.count == 1 ? "1 scan warning" : "\(warnings.count) scan warnings"))
      lines += warnings.map { plain("  " + TextSanitizer.sanitize($0.description)) }
    }
    var folders: [(String, SkippedFiles)] = state.content.librarySections.compactMap {
      $0.skipped.isEmpty ? nil : ($0.name, $0.skipped)
    }
    folders += (state.content.scanStats?.foldersWithoutPictures ?? []).map {
      ($0.name + " (no pictures)", $0.skipped)
    }
    if !folders.isEmpty {
      if !lines.isEmpty { lines.append(plain("")) }
      let total = folders.reduce(0) { $0 + $1.1.total }
      lines.append(heading(total == 1 ? "1 file not shown" : "\(total) files not shown"))
      lines += folders.map {
        OverlaySheet.Line(first: "  " + TextSanitizer.sanitize($0.0), second: $0.1.summary)
      }
    }
    if lines.isEmpty { lines.append(plain("Every file found is shown; the scan met no problem.")) }
    return lines
  }

  /// The summary the status line gives: `2 scan warnings · 4 not shown`, empty for none.
  static func summary(of state: GalleryState) -> String {
    var parts: [String] = []
    let count = state.warnings.count
    if count > 0 { parts.append("\(count) scan warning" + (count == 1 ? "" : "s")) }
    let skipped = skippedTotal(state)
    if skipped > 0 { parts.append("\(skipped) not shown") }
    return parts.joined(separator: "  ")
  }

  /// Every file the scan counted and does not show.
  static func skippedTotal(_ state: GalleryState) -> Int {
    state.content.scanStats?.skipped.total
      ?? state.content.librarySections.reduce(0) { $0 + $1.skipped.total }
  }

  private static func heading(_ text: String) -> OverlaySheet.Line {
    OverlaySheet.Line(first: text, second: nil)
  }

  private static func plain(_ text: String) -> OverlaySheet.Line {
    OverlaySheet.Line(first: text, second: nil, firstIsKeys: false)
  }
}

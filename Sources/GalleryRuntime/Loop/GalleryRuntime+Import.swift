import Gallery

/// The commands of the browser's import of a card (`CardImporting`): each answers through
/// the inbox, off the drawing thread.
extension GalleryRuntime {
  func findCard(above folder: String) {
    let inbox = self.inbox
    cardImporter.findCard(above: folder) { inbox.post(.event($0)) }
  }

  func planImport(_ request: ImportRequest) {
    let inbox = self.inbox
    cardImporter.plan(request) { inbox.post(.event($0)) }
  }

  func startImport() {
    let inbox = self.inbox
    cardImporter.start { inbox.post(.event($0)) }
  }

  /// The folders an import wrote are shown in place of those before: the first scan
  /// stops, and the watcher watches them instead.
  func watchImported(_ outcome: ImportOutcome) {
    scanCancellation?.cancel()
    guard let live else { return }
    live.stop()
    let folders = outcome.folders.isEmpty ? [outcome.destination] : outcome.folders
    let roots = folders.compactMap { try? ScanRoot(resolving: $0) }
    let includeHidden = (services.scanner as? LibraryScanner)?.includeHidden ?? false
    let scanner = LibraryScanner(roots: roots, includeHidden: includeHidden)
    let inbox = self.inbox
    let watching = LiveUpdates(scanner: scanner) { inbox.post($0) }
    self.live = watching
    let warnings = watching.start()
    _ = watching.scanFinished()
    if !warnings.isEmpty { apply(.watchWarnings(warnings)) }
  }
}

import SystemSupport

extension PictureIndex {
  /// The content hashes kept for the files under `folder` (an import's destination): what
  /// was imported there, so a picture whose hash is among them is not copied again. One
  /// range of keys read in order: a library of 100,000 files in tens of milliseconds.
  /// Rows of files since removed count too (what the user culled after an import stays
  /// imported) until the index forgets them. Busy or damaged: none, and the notice.
  package func contentHashes(under folder: String) -> (
    hashes: Set<ContentHash>, notice: IndexNotice?
  ) {
    state.withLock { state in
      guard let connection = state.connection else { return ([], nil) }
      do throws(IndexError) {
        let range = KeyRange.under(IndexPath.bytes(folder))
        let statement = try connection.prepare(
          "SELECT content_hash FROM likeness WHERE path >= ? AND path < ? "
            + "AND content_hash IS NOT NULL")
        statement.bind(1, blob: range.lower)
        statement.bind(2, blob: range.upper)
        defer { statement.reset() }
        var hashes = Set<ContentHash>()
        while try statement.step() {
          if let hash = statement.withBlob(0, { ContentHash(bytes: $0) }) { hashes.insert(hash) }
        }
        return (hashes, nil)
      } catch {
        return ([], notice(for: error, &state))
      }
    }
  }
}

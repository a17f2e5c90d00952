import Pictures

#if canImport(Glibc)
  import Glibc
#endif

extension FileActor {
  /// The bytes and time the file at `path` had before the turns this session made of it,
  /// when `turn` takes it back to how it was shown then: `>` then `<` gives the file its
  /// bytes back, not an upright tag added or its pixels stored anew.
  ///
  /// Only a chain of turns each of which found the file the one before left, the last
  /// still under the name, and each with its edits kept (`ByteEdits`); nil otherwise.
  func bytesBeforeTurns(of path: String, undoneBy turn: PictureTurn) -> (
    bytes: [UInt8], version: FileVersion, content: FileRewrite.Content
  )? {
    // The turns of `path`, newest first, as long as each left the file the next read.
    var chain: [(record: TurnedFile, turn: PictureTurn)] = []
    for action in journal.withLock({ $0 }).reversed() {
      guard case .turned(let files, let done) = action,
        let record = files.first(where: { $0.path == path })
      else { continue }
      if let newer = chain.last, newer.record.old != record.written { break }
      chain.append((record, done))
    }
    guard let latest = chain.first, FileVersion.at(path) == latest.record.written,
      let now = try? FileRewrite.read(path, limit: Self.largestTurned, seam: rewriteSeam),
      FileVersion(now.status) == latest.record.written
    else { return nil }
    var bytes = now.bytes
    for (index, link) in chain.enumerated() {
      guard let edits = link.record.edits, let older = edits.undoing(bytes) else { return nil }
      bytes = older
      // The turns from this one's start to the one asked for, in the order they were made.
      var shown = ExifOrientation.normal
      for done in chain[...index].reversed() { shown = shown.turned(done.turn) }
      if shown.turned(turn) == .normal { return (bytes, link.record.old, now) }
    }
    return nil
  }

  /// Gives the file at `path` the bytes it had before its turns when `turn` takes it back
  /// there (`bytesBeforeTurns`), with their time; what undo needs to turn it again. Nil
  /// when `turn` is to be made as any other.
  func turnBackToBefore(_ path: String, _ turn: PictureTurn) throws(FileActionError)
    -> TurnedFile?
  {
    guard let before = bytesBeforeTurns(of: path, undoneBy: turn) else { return nil }
    let written = try FileRewrite.replace(
      path, with: before.bytes, expected: before.content,
      modified: .exactly(before.version.modified), seam: rewriteSeam)
    return TurnedFile(
      path: path, edits: ByteEdits(from: before.bytes, to: before.content.bytes),
      old: FileVersion(before.content.status), written: written)
  }
}

import Pictures
import SystemSupport

/// What the index keeps of a file's likeness: its content hash (exact copies) and its
/// perceptual hash (near copies), each nil until computed. Computed apart (the finder
/// hashes contents only for files of a size shared, the browser only the look), each
/// kept while the file keeps its stamp.
package struct KeptLikeness: Hashable, Sendable {
  package var contentHash: ContentHash?
  package var perceptualHash: PerceptualHash?

  package init(contentHash: ContentHash? = nil, perceptualHash: PerceptualHash? = nil) {
    self.contentHash = contentHash
    self.perceptualHash = perceptualHash
  }
}

/// One file's likeness to keep, with the stamp of the file it was computed from.
package struct LikenessEntry: Hashable, Sendable {
  package var stamp: IndexStamp
  package var likeness: KeptLikeness

  package init(_ stamp: IndexStamp, _ likeness: KeptLikeness) {
    self.stamp = stamp
    self.likeness = likeness
  }
}

extension PictureIndex {
  /// The likeness kept for `stamps`' files under the same stamp (one query by key each:
  /// 10,000 files in tens of milliseconds); a file rewritten since gets no answer, nor
  /// one with neither hash. Busy or damaged: none, and the notice.
  package func likeness(of stamps: [IndexStamp]) -> (
    kept: [String: KeptLikeness], notice: IndexNotice?
  ) {
    guard !stamps.isEmpty else { return ([:], nil) }
    return state.withLock { state in
      guard let connection = state.connection else { return ([:], nil) }
      do throws(IndexError) {
        let statement = try connection.prepare(
          "SELECT path, device, inode, size, modified_ns, content_hash, perceptual_hash "
            + "FROM likeness WHERE path = ?")
        var kept: [String: KeptLikeness] = [:]
        kept.reserveCapacity(stamps.count)
        for stamp in stamps {
          statement.bind(1, blob: IndexPath.bytes(stamp.path))
          defer { statement.reset() }
          guard try statement.step(),
            stamp.isSameFile(as: IndexRow.stamp(path: stamp.path, in: statement))
          else { continue }
          let content =
            statement.isNull(5) ? nil : statement.withBlob(5) { ContentHash(bytes: $0) }
          let look = statement.optionalInteger(6).map {
            PerceptualHash(bits: UInt64(bitPattern: $0))
          }
          guard content != nil || look != nil else { continue }
          kept[stamp.path] = KeptLikeness(contentHash: content, perceptualHash: look)
        }
        return (kept, nil)
      } catch {
        return ([:], notice(for: error, &state))
      }
    }
  }

  /// Keeps `entries`, in one transaction. A hash an entry leaves nil keeps the one kept
  /// for the same file under the same stamp, and is forgotten for a file changed since.
  @discardableResult
  package func keep(_ entries: [LikenessEntry]) -> IndexNotice? {
    guard !entries.isEmpty else { return nil }
    return write { connection throws(IndexError) in
      let same =
        "size = excluded.size AND modified_ns IS excluded.modified_ns "
        + "AND device IS excluded.device AND inode IS excluded.inode"
      let statement = try connection.prepare(
        "INSERT INTO likeness (path, device, inode, size, modified_ns, content_hash, "
          + "perceptual_hash) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(path) DO UPDATE SET "
          + "content_hash = coalesce(excluded.content_hash, "
          + "CASE WHEN \(same) THEN content_hash END), "
          + "perceptual_hash = coalesce(excluded.perceptual_hash, "
          + "CASE WHEN \(same) THEN perceptual_hash END), "
          + "device = excluded.device, inode = excluded.inode, size = excluded.size, "
          + "modified_ns = excluded.modified_ns")
      for entry in entries {
        let stamp = entry.stamp
        statement.bind(1, blob: IndexPath.bytes(stamp.path))
        statement.bind(2, stamp.device)
        statement.bind(3, stamp.inode)
        statement.bind(4, stamp.byteSize)
        statement.bind(5, stamp.modifiedNanoseconds)
        if let content = entry.likeness.contentHash {
          statement.bind(6, blob: content.bytes)
        } else {
          statement.bind(6, nil as Int64?)
        }
        statement.bind(7, entry.likeness.perceptualHash.map { Int64(bitPattern: $0.bits) })
        try statement.run()
      }
    }
  }
}

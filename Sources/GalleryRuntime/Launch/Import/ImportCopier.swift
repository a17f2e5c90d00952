import Dispatch
import FoundationEssentials
import Gallery
import LibraryIndex
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// An import's work, one group at a time: what is imported already at each destination
/// (the content hashes the index keeps under it), where each file goes
/// (`ImportPlacement`), the copies (`ImportCopy`), what the index keeps of them, and
/// the count (`ImportSummary`).
///
/// The copies are written on the caller's thread and settled (flushed, read back,
/// named) a batch at a time on a thread of their own, while the next batch is read from
/// the card; the names a batch will take are given by `ImportPlacement` before it is
/// written, so none is given twice meanwhile. `finish()` waits for the last.
struct ImportCopier {
  /// The destinations: the import's, then the backup's.
  let destinations: [String]
  let index: PictureIndex?
  let dryRun: Bool
  /// Whether each copy is read back from the disk itself rather than from memory
  /// (`--verify-from-disk`).
  var verifyFromDisk = false
  /// The folders imported, to tell a card pulled out from a file that cannot be read.
  let sources: [String]
  var summary = ImportSummary()
  /// Where the bar reads how far the import has come; nil for none.
  var progress: Locked<ImportProgress>?
  /// The index's notices, each once.
  private(set) var notices: [String] = []
  /// The folders of the destination (not the backup) that got a copy, in order.
  private(set) var wroteFolders: [String] = []
  /// The card's files this run copied to every destination, each copy checked against
  /// what was read and named: the only ones `--trash-source` may take from the card (a
  /// file imported before is known only by the index, whose copy may be gone since).
  private(set) var checkedEverywhere: Set<String> = []
  /// What each destination holds already, by content hash.
  private var imported: [Set<ContentHash>]
  /// The card's files' hashes the index kept, by path, and their stamps.
  private var knownHashes: [String: ContentHash] = [:]
  private var stamps: [String: IndexStamp] = [:]
  private var placements: [ImportPlacement]
  /// The folders whose leftovers were tidied this run.
  private var tidied: Set<String> = []
  /// What the card is read through, one file after another.
  private let buffer = ChunkBuffer()
  /// The copies' mode: what a new file gets (`0666` less the umask), not the card's,
  /// whose FAT gives every file the execute bits.
  private let mode: mode_t

  init(destinations: [String], index: PictureIndex?, dryRun: Bool, sources: [String]) {
    self.destinations = destinations
    self.index = index
    self.dryRun = dryRun
    self.sources = sources
    imported = destinations.map { _ in [] }
    placements = destinations.map { _ in ImportPlacement() }
    let mask = umask(0)
    umask(mask)
    mode = 0o666 & ~mask
  }

  /// Reads what the index knows: the hashes of the card's files seen before, and of the
  /// files under each destination.
  mutating func learnKnownHashes(_ plan: ImportPlan) {
    for file in plan.groups.flatMap(\.files) {
      if let status = try? FileStatus.link(file.source) {
        stamps[file.source] = Self.stamp(file.source, status)
      }
    }
    guard let index else { return }
    let kept = index.likeness(of: Array(stamps.values))
    note(kept.notice)
    for (path, likeness) in kept.kept {
      if let hash = likeness.contentHash { knownHashes[path] = hash }
    }
    for (position, destination) in destinations.enumerated() {
      let found = index.contentHashes(under: destination)
      note(found.notice)
      imported[position] = found.hashes
    }
  }

  /// The destinations (their positions) that lack one of `group`'s files, as far as the
  /// index knows: a file found at its destination is known only when the group is copied.
  private func destinationsNeeding(_ group: ImportGroup) -> [Int] {
    destinations.indices.filter { position in
      !group.files.allSatisfy { file in
        knownHashes[file.source].map { imported[position].contains($0) } ?? false
      }
    }
  }

  /// Whether importing `group` will read its files from the card, as far as is known
  /// before it is copied.
  func copies(_ group: ImportGroup) -> Bool {
    !dryRun && !destinationsNeeding(group).isEmpty
  }

  /// A file of a dry run: where it would go, or nil when it is imported already.
  struct Planned: Hashable {
    let source: String
    let target: String?
  }

  /// Imports `group`; why the run must stop (the destination full, read-only or gone;
  /// the card gone), or nil. `planned` gets a dry run's files.
  mutating func importGroup(_ group: ImportGroup, planned: (Planned) -> Void) -> String? {
    // A killed import's temporary files go from every folder it plans, whatever is
    // copied there now.
    for destination in destinations where !dryRun {
      let folder = PathName.join(destination, group.folder)
      if tidied.insert(folder).inserted { SafeMove.removeLeftovers(in: folder, trash: nil) }
    }
    let needed = destinationsNeeding(group)
    guard !needed.isEmpty else {
      summary.skipped += group.files.count
      advance(files: group.files.count, bytes: group.byteCount)
      if dryRun {
        for file in group.files { planned(Planned(source: file.source, target: nil)) }
      }
      return nil
    }
    var targets: [Int: [(path: String, present: Bool)]] = [:]
    for position in needed {
      let folder = PathName.join(destinations[position], group.folder)
      if !dryRun {
        do throws(FileActionError) {
          try SafeMove.makeFolder(folder)
        } catch {
          if let stop = stopReason(error, at: position) { return stop }
          summary.failures.append(shown(group.lead) + ": " + error.message)
          continue
        }
      }
      targets[position] = placements[position].place(group, in: folder) {
        knownHashes[$0.source]
      }
    }
    var entries: [LikenessEntry] = []
    defer { keep(entries) }
    for (number, file) in group.files.enumerated() {
      let wanted = needed.filter { targets[$0].map { !$0[number].present } ?? false }
      let present = needed.compactMap { targets[$0]?[number] }.filter(\.present).map(\.path)
      let hash = knownHashes[file.source] ?? placements.lazy.compactMap { $0.readHash(file) }.first
      if let hash, !present.isEmpty {
        // Found at its destination (a run killed before it told the index): the index
        // learns it under the card's file too, so the next run skips it at once.
        entries += present.compactMap { path in Self.entry(path, hash) }
        if let stamp = stamps[file.source] {
          entries.append(LikenessEntry(stamp, KeptLikeness(contentHash: hash)))
        }
      }
      guard !wanted.isEmpty else {
        // Nowhere to go but where it is: skipped; or its folder could not be made (said).
        if !present.isEmpty { summary.skipped += 1 }
        advance(files: 1, bytes: file.byteSize)
        if dryRun { planned(Planned(source: file.source, target: nil)) }
        continue
      }
      if dryRun {
        for position in wanted {
          planned(Planned(source: file.source, target: targets[position]?[number].path ?? ""))
        }
        summary.copied += 1
        summary.copiedBytes += file.byteSize
        continue
      }
      let written: ImportCopy.Written
      progress?.withLock { $0.started = $0.started ?? DispatchTime.now().uptimeNanoseconds }
      do throws(FileActionError) {
        written = try ImportCopy.write(
          file.source, to: wanted.compactMap { targets[$0]?[number].path }, mode: mode,
          buffer: buffer
        ) { [progress] count in
          progress?.withLock {
            $0.bytes += Int64(count)
            $0.copiedBytes += Int64(count)
          }
        }
      } catch {
        advance(files: 1, bytes: 0)
        if let gone = sources.first(where: { !SystemPaths.isFolder($0) }) {
          return finish() ?? "the card at \(gone) is gone (pulled out?)"
        }
        summary.failures.append(shown(file.source) + ": " + error.message)
        continue
      }
      pending.append(
        Pending(
          file: file, positions: wanted, paths: wanted.compactMap { targets[$0]?[number].path },
          written: written))
      pendingBytes += file.byteSize
      // A full disk is found while writing: what was written before is settled first.
      if written.failures.contains(where: { $0.map(Self.isWide) ?? false }) {
        return finish()
      }
    }
    if pending.count >= Self.batchFiles || pendingBytes >= Self.batchBytes {
      return settleBehind()
    }
    return nil
  }

  /// The copies written and not yet flushed, checked and named: at most `batchFiles`
  /// files or about `batchBytes` bytes, so one flush serves many files while what a
  /// kill leaves undone stays small.
  private var pending: [Pending] = []
  private var pendingBytes: Int64 = 0
  static let batchFiles = 64
  static let batchBytes: Int64 = 256 << 20

  /// A file written to its temporary files, and where each goes.
  private struct Pending {
    let file: ImportFile
    let positions: [Int]
    let paths: [String]
    let written: ImportCopy.Written
  }

  /// The thread a full batch is settled on while the next is read from the card, and
  /// the batch there with what came of it (filled in when done).
  private let settler = DispatchQueue(label: "gallery.import.settle")
  private var settling: (batch: [Pending], outcomes: Locked<[[ImportCopy.Outcome]]>)?

  /// Hands the copies written to the settling thread (`ImportCopy.settle`: flushed,
  /// checked, named), after counting the batch settled before; why the run must stop,
  /// or nil.
  private mutating func settleBehind() -> String? {
    let stop = collect()
    guard !pending.isEmpty else { return stop }
    let batch = pending
    pending = []
    pendingBytes = 0
    let outcomes = Locked<[[ImportCopy.Outcome]]>([])
    let written = batch.map(\.written)
    let fromDisk = verifyFromDisk
    settler.async {
      outcomes.withLock { $0 = ImportCopy.settle(written, fromDisk: fromDisk) }
    }
    settling = (batch, outcomes)
    return stop
  }

  /// Settles every copy written and waits for it: at the end of the run, however it
  /// ends. Why the run must stop, or nil.
  mutating func finish() -> String? {
    let before = settleBehind()
    let last = collect()
    return before ?? last
  }

  /// Waits for the batch being settled, then keeps its hashes in the index and counts
  /// it; why the run must stop, or nil.
  private mutating func collect() -> String? {
    guard let (batch, box) = settling else { return nil }
    settling = nil
    settler.sync {}
    let outcomes = box.withLock { $0 }
    var entries: [LikenessEntry] = []
    defer { keep(entries) }
    var stop: String?
    for (copy, named) in zip(batch, outcomes) {
      let hash = copy.written.hash
      advance(files: 1, bytes: 0)
      if let stamp = stamps[copy.file.source] {
        entries.append(LikenessEntry(stamp, KeptLikeness(contentHash: hash)))
      }
      var copied = false
      for ((position, path), outcome) in zip(zip(copy.positions, copy.paths), named) {
        switch outcome {
        case .copied(let status):
          copied = true
          let folder = PathName.parent(path)
          if position == 0, !wroteFolders.contains(folder) { wroteFolders.append(folder) }
          imported[position].insert(hash)
          entries.append(LikenessEntry(Self.stamp(path, status), KeptLikeness(contentHash: hash)))
        case .taken:
          summary.failures.append(
            shown(copy.file.source) + ": its name at " + shown(path)
              + " was taken by another file meanwhile; run the import again")
        case .failed(let error):
          if let reason = stopReason(error, at: position) {
            stop = stop ?? reason
          } else {
            summary.failures.append(shown(copy.file.source) + ": " + error.message)
          }
        }
      }
      if copied {
        summary.copied += 1
        summary.copiedBytes += copy.file.byteSize
      }
      let everywhere = named.allSatisfy { if case .copied = $0 { true } else { false } }
      if everywhere, named.count == destinations.count, copy.positions.count == destinations.count {
        checkedEverywhere.insert(copy.file.source)
      }
    }
    return stop
  }

  /// Whether `error` stops every copy to its destination.
  private static func isWide(_ error: FileActionError) -> Bool {
    switch error {
    case .diskFull, .readOnly, .permissionDenied, .folderMissing: true
    default: false
    }
  }

  /// Counts `files` of `bytes` done on the bar.
  private func advance(files: Int, bytes: Int64) {
    progress?.withLock {
      $0.files += files
      $0.bytes += bytes
    }
  }

  /// The sentence that stops the run for a failure that no other file would escape at
  /// that destination: full, read-only, forbidden, gone.
  private func stopReason(_ error: FileActionError, at position: Int) -> String? {
    let destination = shown(destinations[position])
    switch error {
    case .diskFull: return "the destination \(destination) is full"
    case .readOnly: return "the destination \(destination) is read-only"
    case .permissionDenied:
      return "the destination \(destination) cannot be written (permission denied)"
    case .folderMissing:
      return SystemPaths.isFolder(destinations[position])
        ? nil : "the destination \(destination) is gone"
    default: return nil
    }
  }

  private mutating func keep(_ entries: [LikenessEntry]) {
    guard !dryRun, let index, !entries.isEmpty else { return }
    note(index.keep(entries))
  }

  private mutating func note(_ notice: IndexNotice?) {
    guard let notice, !notices.contains(notice.sentence) else { return }
    notices.append(notice.sentence)
  }

  private func shown(_ path: String) -> String { TextSanitizer.sanitize(path) }

  /// The index's entry for the file at `path` holding `hash`, nil when it is gone.
  private static func entry(_ path: String, _ hash: ContentHash) -> LikenessEntry? {
    guard let status = try? FileStatus.link(path) else { return nil }
    return LikenessEntry(stamp(path, status), KeptLikeness(contentHash: hash))
  }

  /// The stamp the index keeps a file under, its time as the scan reads it.
  /// Whether the card's file at `source` is still the one read: its size, time, device
  /// and inode as before the copying (false when unknown).
  func isUnchanged(_ source: String) -> Bool {
    guard let before = stamps[source], let status = try? FileStatus.link(source) else {
      return false
    }
    return Self.stamp(source, status) == before
  }

  static func stamp(_ path: String, _ status: stat) -> IndexStamp {
    IndexStamp(
      path: path, byteSize: Int64(status.st_size), modificationDate: modificationDate(status),
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }
}

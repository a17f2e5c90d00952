import Dispatch
import FoundationEssentials
import Gallery
import Glibc
import LibraryIndex
import SystemSupport
import TerminalKit

/// Reads the content hashes of the duplicates grouping's candidates for identical copies
/// off the main thread: what the library index keeps under the file's stamp at once,
/// then each other file read whole (`ContentHasher`: XXH3-128, bounded memory) and kept
/// in the index, in batches, on one serial queue of background priority. A file that is
/// no longer the one its stamp names once read (rewritten, or another put at its path)
/// is left out, and nothing is kept of it: the watcher brings its new stamp.
///
/// Only candidates are read (pictures alike and of one size, a few of a library), so a
/// queue suffices where the likeness, asked of every picture, has a thread of its own.
package final class ContentHashReader: ContentHashReading {
  private let index: PictureIndex?
  private let hashFile: @Sendable (FileStamp) -> ContentHash?
  private let queue = DispatchQueue(label: "gallery.content-hashes", qos: .background)
  /// Whether the reader is stopped, and which reads are wanted: those asked for since
  /// the last `cancel` (each read notes the count of cancels it was asked under).
  private let wanted = Locked((stopped: false, cancels: 0))

  /// A reader answering from `index` (nil: none, every file is read and nothing kept),
  /// reading the rest with `hashFile`, nil for a file it cannot read or that is not the
  /// one its stamp names (default: `hashIfUnchanged`).
  package init(
    index: PictureIndex?,
    hashFile: @escaping @Sendable (FileStamp) -> ContentHash? = {
      ContentHashReader.hashIfUnchanged($0)
    }
  ) {
    self.index = index
    self.hashFile = hashFile
  }

  package func read(
    _ stamps: [FileStamp], deliver: @escaping @Sendable ([FileStamp: String]) -> Void
  ) {
    guard !stamps.isEmpty else { return }
    let cancels = wanted.withLock { $0.cancels }
    queue.async { [self] in find(stamps, asked: cancels, deliver: deliver) }
  }

  /// What `read` does, on the calling thread: the index's answers in one batch, then
  /// the files read, in batches, until `stop` or a `cancel` after the read was asked
  /// (what was read by then is kept, not delivered). `asked` is how many cancels came
  /// before it was asked; nil: as many as now.
  func find(_ stamps: [FileStamp], asked: Int? = nil, deliver: ([FileStamp: String]) -> Void) {
    let cancels = asked ?? wanted.withLock { $0.cancels }
    var isWanted: Bool { self.isWanted(asked: cancels) }
    let kept = index?.likeness(of: stamps.map(DetailsReader.indexStamp)).kept ?? [:]
    var known: [FileStamp: String] = [:]
    for stamp in stamps {
      if let content = kept[stamp.path]?.contentHash { known[stamp] = Self.text(content) }
    }
    guard isWanted else { return }
    if !known.isEmpty { deliver(known) }
    // Each delivery makes the groups again on the main thread: files read go in
    // batches, of `batchSize` or what a quarter of a second read, whichever comes first.
    var batch: [FileStamp: String] = [:]
    var entries: [LikenessEntry] = []
    var since = DispatchTime.now().uptimeNanoseconds
    func flush() {
      if !entries.isEmpty { index?.keep(entries) }
      if isWanted, !batch.isEmpty { deliver(batch) }
      batch = [:]
      entries = []
      since = DispatchTime.now().uptimeNanoseconds
    }
    for stamp in stamps where known[stamp] == nil {
      guard isWanted else { break }
      guard let hash = hashFile(stamp) else { continue }
      entries.append(
        LikenessEntry(DetailsReader.indexStamp(stamp), KeptLikeness(contentHash: hash)))
      batch[stamp] = Self.text(hash)
      if batch.count >= Self.batchSize
        || DispatchTime.now().uptimeNanoseconds - since >= 250_000_000
      {
        flush()
      }
    }
    flush()
  }

  /// Files read between two deliveries at most.
  static let batchSize = 32

  package func stop() { wanted.withLock { $0.stopped = true } }

  package func cancel() { wanted.withLock { $0.cancels += 1 } }

  /// The content hash of `stamp`'s file, read whole; nil when it cannot be read or is no
  /// longer the file `stamp` names: the status of the file read, taken once it was read,
  /// must have the stamp's size and time, and its device and inode when the stamp knows
  /// them (`FileStamp.isSameFile`). A hash of other bytes kept under the stamp would
  /// make a file an identical copy of what it no longer is.
  package static func hashIfUnchanged(_ stamp: FileStamp) -> ContentHash? {
    guard let (hash, status) = try? ContentHasher.hashWithStatus(path: stamp.path) else {
      return nil
    }
    let read = FileStamp(
      path: stamp.path, byteSize: Int64(status.st_size),
      modificationDate: modificationDate(status), device: UInt64(status.st_dev),
      inode: UInt64(status.st_ino))
    return stamp.isSameFile(as: read) ? hash : nil
  }

  /// Whether a read asked for after `asked` cancels goes on: not stopped, nor cancelled
  /// since.
  private func isWanted(asked: Int) -> Bool {
    wanted.withLock { !$0.stopped && $0.cancels == asked }
  }

  /// The hash as the state compares it: 32 hexadecimal digits.
  static func text(_ hash: ContentHash) -> String {
    NumberText.hex(hash.high, width: 16, uppercase: false)
      + NumberText.hex(hash.low, width: 16, uppercase: false)
  }
}

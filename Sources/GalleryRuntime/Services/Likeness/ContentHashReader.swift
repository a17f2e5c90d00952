import Dispatch
import Foundation
import Gallery
import LibraryIndex
import SystemSupport

/// Reads the content hashes of the duplicates grouping's candidates for identical copies
/// off the main thread: what the library index keeps under the file's stamp at once,
/// then each other file read whole (`ContentHasher`: XXH3-128, bounded memory) and kept
/// in the index, one file a delivery, on one serial queue of background priority.
///
/// Only candidates are read (pictures alike and of one size, a few of a library), so a
/// queue suffices where the likeness, asked of every picture, has a thread of its own.
package final class ContentHashReader: ContentHashReading {
  private let index: PictureIndex?
  private let hashFile: @Sendable (String) -> ContentHash?
  private let queue = DispatchQueue(label: "gallery.content-hashes", qos: .background)
  private let stopped = Locked(false)

  /// A reader answering from `index` (nil: none, every file is read and nothing kept),
  /// reading the rest with `hashFile` (default: `ContentHasher`).
  package init(
    index: PictureIndex?,
    hashFile: @escaping @Sendable (String) -> ContentHash? = {
      try? ContentHasher.hash(path: $0)
    }
  ) {
    self.index = index
    self.hashFile = hashFile
  }

  package func read(
    _ stamps: [FileStamp], deliver: @escaping @Sendable ([String: String]) -> Void
  ) {
    guard !stamps.isEmpty else { return }
    queue.async { [self] in find(stamps, deliver: deliver) }
  }

  /// What `read` does, on the calling thread: the index's answers in one batch, then
  /// each file read, one a batch, until `stop`.
  func find(_ stamps: [FileStamp], deliver: ([String: String]) -> Void) {
    let indexStamps = stamps.map(DetailsReader.indexStamp)
    var known: [String: String] = [:]
    for (path, kept) in index?.likeness(of: indexStamps).kept ?? [:] {
      if let content = kept.contentHash { known[path] = Self.text(content) }
    }
    guard isWanted else { return }
    if !known.isEmpty { deliver(known) }
    for stamp in indexStamps where known[stamp.path] == nil {
      guard isWanted else { return }
      guard let hash = hashFile(stamp.path) else { continue }
      index?.keep([LikenessEntry(stamp, KeptLikeness(contentHash: hash))])
      guard isWanted else { return }
      deliver([stamp.path: Self.text(hash)])
    }
  }

  package func stop() { stopped.withLock { $0 = true } }

  /// Whether the reading goes on: not stopped.
  private var isWanted: Bool { stopped.withLock { !$0 } }

  /// The hash as the state compares it: 32 hexadecimal digits.
  static func text(_ hash: ContentHash) -> String {
    String(format: "%016llx%016llx", hash.high, hash.low)
  }
}

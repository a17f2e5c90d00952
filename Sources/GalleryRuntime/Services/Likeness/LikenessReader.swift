import Dispatch
import Foundation
import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// Finds pictures' perceptual hashes for the browser off the main thread: what the
/// library index keeps, at once, in one batch per `read`, then the rest, each file decoded
/// small and hashed (`hashFile`), in batches of `batchSize`, each kept in the index in one
/// transaction as it is delivered.
///
/// The index is asked on a queue of its own at the ordinary priority, like the details'
/// reader: a library opened again is stacked as soon as its dates are in. The hashing
/// runs on one thread of the lowest priority (nice 19: after the details' readers, nice 0,
/// and the thumbnails' workers, nice 10, whenever they have work). A file that cannot be
/// hashed is left out (the thumbnails say why it cannot be shown). Files asked for while
/// others are being hashed follow them. An empty batch says the reader is through: every
/// file given so far was answered or passed by.
package final class LikenessReader: LikenessReading {
  /// Files hashed between two deliveries.
  static let batchSize = 64

  private let index: PictureIndex?
  private let hashFile: @Sendable (String) -> PerceptualHash?
  /// What is to be hashed, and whether the hashing thread is running or stopped.
  private let work = Locked(Work())
  /// Asks the index, one `read` after another.
  private let indexQueue = DispatchQueue(label: "gallery.likeness.index", qos: .userInitiated)

  private struct Work: Sendable {
    var waiting: [IndexStamp] = []
    /// Reads the index has not answered yet: the reader is not through before them.
    var asking = 0
    var deliver: (@Sendable ([String: PerceptualHash]) -> Void)?
    var running = false
    var stopped = false
  }

  /// A reader answering from `index` (nil: none, every file is hashed and nothing kept),
  /// hashing the rest with `hashFile` (default: `LikenessHasher`).
  package init(
    index: PictureIndex?,
    hashFile: @escaping @Sendable (String) -> PerceptualHash? = {
      try? LikenessHasher().hash(path: $0).get()
    }
  ) {
    self.index = index
    self.hashFile = hashFile
  }

  package func read(
    _ stamps: [FileStamp], deliver: @escaping @Sendable ([String: PerceptualHash]) -> Void
  ) {
    let stamps = stamps.map(DetailsReader.indexStamp)
    guard let index else { return hashLater(stamps, answered: false, deliver: deliver) }
    work.withLock { $0.asking += 1 }
    indexQueue.async { [self] in
      var known: [String: PerceptualHash] = [:]
      if isWanted {
        for (path, likeness) in index.likeness(of: stamps).kept {
          known[path] = likeness.perceptualHash
        }
      }
      guard isWanted else { return }
      if !known.isEmpty { deliver(known) }
      hashLater(stamps.filter { known[$0.path] == nil }, answered: true, deliver: deliver)
    }
  }

  package func stop() {
    work.withLock {
      $0.stopped = true
      $0.waiting = []
    }
  }

  /// Hands `stamps` to the hashing thread, started when it is not running; `answered`:
  /// they are what the index could not answer of one read. Says the reader is through
  /// when nothing is left to hash or to ask.
  private func hashLater(
    _ stamps: [IndexStamp], answered: Bool,
    deliver: @escaping @Sendable ([String: PerceptualHash]) -> Void
  ) {
    enum Next { case nothing, through, startThread }
    let next = work.withLock { work -> Next in
      guard !work.stopped else { return .nothing }
      if answered { work.asking -= 1 }
      work.waiting += stamps
      work.deliver = deliver
      if work.running { return .nothing }
      if work.waiting.isEmpty { return work.asking == 0 ? .through : .nothing }
      work.running = true
      return .startThread
    }
    if next == .through { deliver([:]) }
    guard next == .startThread else { return }
    let thread = Thread { [self] in
      TerminalSignals.blockOnCurrentThread()
      // Linux keeps the nice value per thread; 0 names the calling one.
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
      run()
    }
    thread.name = "gallery.likeness"
    thread.start()
  }

  /// Takes what is waiting and hashes it, until nothing waits; then says the reader is
  /// through, unless the index has reads still to answer (the last of them says it).
  private func run() {
    typealias Deliver = @Sendable ([String: PerceptualHash]) -> Void
    while true {
      let taken = work.withLock { work -> (stamps: [IndexStamp], deliver: Deliver?) in
        guard !work.stopped, !work.waiting.isEmpty, let deliver = work.deliver else {
          work.running = false
          return ([], work.stopped || work.asking > 0 ? nil : work.deliver)
        }
        defer { work.waiting = [] }
        return (work.waiting, deliver)
      }
      guard let deliver = taken.deliver else { return }
      guard !taken.stamps.isEmpty else { return deliver([:]) }
      hash(taken.stamps, deliver: deliver)
    }
  }

  /// Hashes `stamps` in batches, each kept in the index and delivered, until `stop`.
  private func hash(
    _ stamps: [IndexStamp], deliver: @Sendable ([String: PerceptualHash]) -> Void
  ) {
    var start = 0
    while start < stamps.count {
      let end = min(stamps.count, start + Self.batchSize)
      var batch: [String: PerceptualHash] = [:]
      var entries: [LikenessEntry] = []
      for stamp in stamps[start..<end] {
        guard isWanted else { break }
        guard let hash = hashFile(stamp.path) else { continue }
        batch[stamp.path] = hash
        entries.append(LikenessEntry(stamp, KeptLikeness(perceptualHash: hash)))
      }
      if let index, !entries.isEmpty { index.keep(entries) }
      // Stopped half-way: what was hashed is kept, not delivered.
      guard isWanted else { return }
      if !batch.isEmpty { deliver(batch) }
      start = end
    }
  }

  /// Whether the hashing goes on: not stopped.
  private var isWanted: Bool { work.withLock { !$0.stopped } }
}

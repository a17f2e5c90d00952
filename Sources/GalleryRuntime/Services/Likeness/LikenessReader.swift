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
/// others are being hashed follow them.
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
    guard let index else { return hashLater(stamps, deliver: deliver) }
    indexQueue.async { [self] in
      guard isWanted else { return }
      var known: [String: PerceptualHash] = [:]
      for (path, likeness) in index.likeness(of: stamps).kept {
        known[path] = likeness.perceptualHash
      }
      guard isWanted else { return }
      if !known.isEmpty { deliver(known) }
      hashLater(stamps.filter { known[$0.path] == nil }, deliver: deliver)
    }
  }

  package func stop() {
    work.withLock {
      $0.stopped = true
      $0.waiting = []
    }
  }

  /// Hands `stamps` to the hashing thread, started when it is not running.
  private func hashLater(
    _ stamps: [IndexStamp], deliver: @escaping @Sendable ([String: PerceptualHash]) -> Void
  ) {
    guard !stamps.isEmpty else { return }
    let startsThread = work.withLock { work -> Bool in
      guard !work.stopped else { return false }
      work.waiting += stamps
      work.deliver = deliver
      defer { work.running = true }
      return !work.running
    }
    guard startsThread else { return }
    let thread = Thread { [self] in
      TerminalSignals.blockOnCurrentThread()
      // Linux keeps the nice value per thread; 0 names the calling one.
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
      run()
    }
    thread.name = "gallery.likeness"
    thread.start()
  }

  /// Takes what is waiting and hashes it, until nothing waits.
  private func run() {
    while true {
      let taken = work.withLock {
        work -> ([IndexStamp], (@Sendable ([String: PerceptualHash]) -> Void)?)? in
        guard !work.stopped, !work.waiting.isEmpty, let deliver = work.deliver else {
          work.running = false
          return nil
        }
        defer { work.waiting = [] }
        return (work.waiting, deliver)
      }
      guard let (stamps, deliverTo) = taken, let deliver = deliverTo else { return }
      hash(stamps, deliver: deliver)
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

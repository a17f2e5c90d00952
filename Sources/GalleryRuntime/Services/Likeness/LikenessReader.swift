import Dispatch
import FoundationEssentials
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
/// The index is asked on a queue of its own, one read after another, ahead of any
/// hashing: a library opened again is stacked as soon as its dates are in. The hashing
/// runs on one thread of the lowest priority (nice 19: after the details' readers, nice 0,
/// and the thumbnails' workers, nice 10, whenever they have work), read after read. A
/// file that cannot be hashed is left out (the thumbnails say why it cannot be shown).
/// Each `read` ends with one empty batch of its own once every file it gave was answered
/// or passed by, so a caller counting its reads knows when all are through.
package final class LikenessReader: LikenessReading {
  /// Files hashed between two deliveries.
  static let batchSize = 64

  private typealias Deliver = @Sendable ([FileStamp: PerceptualHash]) -> Void

  private let index: PictureIndex?
  private let hashFile: @Sendable (String) -> PerceptualHash?
  /// What is to be hashed, and whether the hashing thread is running or stopped.
  private let work = Locked(Work())
  /// Asks the index, one `read` after another.
  private let indexQueue = DispatchQueue(label: "gallery.likeness.index", qos: .utility)

  /// The files of one read the index did not answer, and where its batches go.
  private struct Job: Sendable {
    var stamps: [FileStamp]
    var deliver: Deliver
  }

  private struct Work: Sendable {
    var waiting: [Job] = []
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
    _ stamps: [FileStamp], deliver: @escaping @Sendable ([FileStamp: PerceptualHash]) -> Void
  ) {
    guard let index else { return hashLater(Job(stamps: stamps, deliver: deliver)) }
    indexQueue.async { [self] in
      guard isWanted else { return }
      let kept = index.likeness(of: stamps.map(DetailsReader.indexStamp)).kept
      var known: [FileStamp: PerceptualHash] = [:]
      for stamp in stamps {
        if let hash = kept[stamp.path]?.perceptualHash { known[stamp] = hash }
      }
      guard isWanted else { return }
      if !known.isEmpty { deliver(known) }
      hashLater(Job(stamps: stamps.filter { known[$0] == nil }, deliver: deliver))
    }
  }

  package func stop() {
    work.withLock {
      $0.stopped = true
      $0.waiting = []
    }
  }

  /// Hands `job` to the hashing thread, started when it is not running; a job with
  /// nothing to hash is through at once.
  private func hashLater(_ job: Job) {
    guard !job.stamps.isEmpty else {
      if isWanted { job.deliver([:]) }
      return
    }
    let startsThread = work.withLock { work -> Bool in
      guard !work.stopped else { return false }
      work.waiting.append(job)
      defer { work.running = true }
      return !work.running
    }
    guard startsThread else { return }
    SystemThread.start(name: "gallery.likeness") { [self] in
      TerminalSignals.blockOnCurrentThread()
      // Linux keeps the nice value per thread; 0 names the calling one.
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
      run()
    }
  }

  /// Hashes the jobs waiting, one after another, each ended by its empty batch, until
  /// none waits.
  private func run() {
    while true {
      let job = work.withLock { work -> Job? in
        guard !work.stopped, !work.waiting.isEmpty else {
          work.running = false
          return nil
        }
        return work.waiting.removeFirst()
      }
      guard let job else { return }
      hash(job.stamps, deliver: job.deliver)
      if isWanted { job.deliver([:]) }
    }
  }

  /// Hashes `stamps` in batches, each kept in the index and delivered, until `stop`.
  private func hash(
    _ stamps: [FileStamp], deliver: @Sendable ([FileStamp: PerceptualHash]) -> Void
  ) {
    var start = 0
    while start < stamps.count {
      let end = min(stamps.count, start + Self.batchSize)
      var batch: [FileStamp: PerceptualHash] = [:]
      var entries: [LikenessEntry] = []
      for stamp in stamps[start..<end] {
        guard isWanted else { break }
        guard let hash = hashFile(stamp.path) else { continue }
        batch[stamp] = hash
        entries.append(
          LikenessEntry(DetailsReader.indexStamp(stamp), KeptLikeness(perceptualHash: hash)))
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

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
/// library index keeps at once, in one batch, then the rest, each file decoded small and
/// hashed (`hashFile`), on one thread of the lowest priority (nice 19: after the details'
/// readers, nice 0, and the thumbnails' workers, nice 10, whenever they have work), in
/// batches of `batchSize`, each kept in the index in one transaction as it is delivered.
///
/// A file that cannot be hashed is left out (the thumbnails say why it cannot be shown);
/// an empty batch after each read's last says it is through.
/// A `read` while another is being hashed waits for it: its files follow.
package final class LikenessReader: LikenessReading {
  /// Files hashed between two deliveries.
  static let batchSize = 64

  private let index: PictureIndex?
  private let hashFile: @Sendable (String) -> PerceptualHash?
  /// What is to be hashed, and whether the thread is running or stopped.
  private let work = Locked(Work())

  private struct Work: Sendable {
    var waiting: [FileStamp] = []
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

  package func stop() {
    work.withLock {
      $0.stopped = true
      $0.waiting = []
    }
  }

  /// Takes what is waiting, answers what the index knows, hashes the rest, until nothing
  /// waits.
  private func run() {
    while true {
      let taken = work.withLock {
        work -> ([FileStamp], (@Sendable ([String: PerceptualHash]) -> Void)?)? in
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

  /// The files taken: the index's answers, then the rest in batches, until `stop`.
  private func hash(
    _ stamps: [FileStamp], deliver: @Sendable ([String: PerceptualHash]) -> Void
  ) {
    let indexStamps = stamps.map(DetailsReader.indexStamp)
    let kept = index?.likeness(of: indexStamps).kept ?? [:]
    var known: [String: PerceptualHash] = [:]
    for (path, likeness) in kept { known[path] = likeness.perceptualHash }
    guard isWanted else { return }
    if !known.isEmpty { deliver(known) }
    let missing = indexStamps.filter { known[$0.path] == nil }
    var start = 0
    while start < missing.count {
      let end = min(missing.count, start + Self.batchSize)
      var batch: [String: PerceptualHash] = [:]
      var entries: [LikenessEntry] = []
      for stamp in missing[start..<end] {
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
    // Through: what was asked for before is all answered or passed by. Delivered
    // before `run` takes the next waiting, so a later read's files are not counted in.
    deliver([:])
  }

  /// Whether the hashing goes on: not stopped.
  private var isWanted: Bool { work.withLock { !$0.stopped } }
}

import Dispatch
import FoundationEssentials
import Gallery
import LibraryIndex
import Pictures
import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Finds pictures' details off the main thread: from the library index first
/// (`PictureIndex`), then from the head of each file it cannot answer for (`readFile`:
/// no pixels), on several threads.
///
/// What the index answers goes out at once, in one batch, so a library opened before is
/// known in one step; the files read follow in batches (a small first one for the first
/// screen, then larger), each kept in the index as it is read, in one transaction: a
/// gallery killed half-way loses at most the batch it was reading. Without an index
/// (nil) every file is read and nothing kept. What goes wrong with the index goes out
/// with the next batch (`PictureDetailsBatch.notices`, each sentence once a run), and the
/// files are read instead.
package final class DetailsReader: Sendable {
  /// Files read before the first delivery of files read: the first screen comes fast.
  static let firstBatchSize = 64
  /// Files read between two later deliveries.
  static let batchSize = 256

  /// What `readAll` found, and where.
  package struct Outcome: Sendable {
    /// Every file's details.
    package var batch: PictureDetailsBatch
    /// How many the index answered for.
    package var fromIndex: Int
    /// How many were read from their files.
    package var readFromFiles: Int
    /// What went wrong with the index, each sentence once.
    package var notices: [String] { batch.notices }
  }

  /// Sentences about the index waiting for the next batch, and those said already.
  private struct Notices {
    var waiting: [String] = []
    var said: Set<String> = []
  }

  private let index: PictureIndex?
  private let readFile: @Sendable (FileStamp) -> PictureDetails
  private let notices = Locked(Notices())
  private let readers: Int
  private let queue = DispatchQueue(label: "gallery.details", qos: .utility)
  /// Set by `stop()`; a delivery checks it under the same lock, so none follows `stop()`.
  private let stopped = Locked(false)
  /// What the index answered ahead of the reads (`lookUpAhead`), by path: the stamp
  /// looked up and its details, nil when the index had none for it.
  private let aheadAnswers = Locked<[String: (stamp: FileStamp, details: PictureDetails?)]>([:])

  /// A reader answering from `index` (nil: none, every file is read), reading the rest
  /// with `readFile` on up to `readers` threads (default: a core left for the thread that
  /// draws, at least one). `notice` is what opening the index said, for the first batch.
  package init(
    index: PictureIndex?, notice: IndexNotice? = nil,
    readers: Int = ProcessInfo.processInfo.activeProcessorCount - 1,
    readFile: @escaping @Sendable (FileStamp) -> PictureDetails
  ) {
    self.index = index
    self.readers = max(1, readers)
    self.readFile = readFile
    if let notice { note(notice) }
  }

  /// Finds the details of `stamps`' files and hands them to `deliver` on the reader's
  /// thread: first one batch of all the index knows, then the files read, in the order
  /// asked, `firstBatchSize` then `batchSize` at a time. An empty batch is not delivered.
  package func read(
    _ stamps: [FileStamp], deliver: @escaping @Sendable (PictureDetailsBatch) -> Void
  ) {
    queue.async { [self] in
      TerminalSignals.blockOnCurrentThread()
      guard !isStopped else { return }
      let (known, missing) = lookUp(stamps)
      guard self.deliver(known, to: deliver) else { return }
      var start = 0
      while start < missing.count {
        let end = min(missing.count, start + (start == 0 ? Self.firstBatchSize : Self.batchSize))
        let read = keep(Array(missing[start..<end]), readFiles(Array(missing[start..<end])))
        // Stopped half-way: what was read is kept, nothing more is delivered.
        guard self.deliver(read, to: deliver) else { return }
        start = end
      }
    }
  }

  /// The details of `stamps`' files, waiting for them: the index's answers, then the
  /// rest read on every core and kept. For `--print` and `gallery --index`, whose caller
  /// has nothing else to do meanwhile. `progress` hears how many are done so far (the
  /// index's answers at once, then each file read), from any thread. After `stop()` it
  /// returns at the next file with what it has (kept, batch by batch). `beforeReading`
  /// is given the files the index does not answer for, before any is read.
  package func readAll(
    _ stamps: [FileStamp], progress: (@Sendable (Int) -> Void)? = nil,
    beforeReading: ([FileStamp]) -> Void = { _ in }
  ) -> Outcome {
    let (known, missing) = lookUp(stamps)
    if !missing.isEmpty { beforeReading(missing) }
    progress?(known.count)
    let done = Locked(known.count)
    var onFile: (@Sendable () -> Void)?
    if let progress {
      onFile = {
        let count = done.withLock { count -> Int in
          count += 1
          return count
        }
        progress(count)
      }
    }
    var read = PictureDetailsBatch()
    var start = 0
    while start < missing.count, !isStopped {
      let end = min(missing.count, start + Self.batchSize)
      let batch = Array(missing[start..<end])
      let found = keep(
        batch,
        readFiles(
          batch, readers: ProcessInfo.processInfo.activeProcessorCount, onFile: onFile))
      read.details.merge(found.details) { _, new in new }
      start = end
    }
    var all = known
    all.details.merge(read.details) { _, new in new }
    all.notices = takeNotices()
    return Outcome(batch: all, fromIndex: known.count, readFromFiles: read.count)
  }

  /// Looks `stamps`' files up in the index in the background, ahead of their `read`:
  /// the scan's folders as they are found, so the index is read while the scan and the
  /// run loop go on, and a read of them later answers at once. A file asked for with
  /// another stamp than the one looked up is looked up again. Nothing without an index.
  package func lookUpAhead(_ stamps: [FileStamp]) {
    guard let index, !stamps.isEmpty else { return }
    queue.async { [self] in
      TerminalSignals.blockOnCurrentThread()
      guard !isStopped else { return }
      let answer = index.lookUp(stamps.map(Self.indexStamp))
      if let notice = answer.notice { note(notice) }
      aheadAnswers.withLock { ahead in
        for stamp in stamps { ahead[stamp.path] = (stamp, answer.details[stamp.path]) }
      }
    }
  }

  /// Forgets, after the reads asked before, what was looked up ahead and never asked
  /// for (a pair's raw and video, whose details are not read).
  package func forgetLookedUpAhead() {
    queue.async { [self] in
      aheadAnswers.withLock { $0 = [:] }
    }
  }

  /// Forgets, in the background after the reads asked before, the index's rows under
  /// `roots` of files not in `seen` that are truly gone (`PictureIndex.prune`).
  package func prune(under roots: [String], keeping seen: Set<String>) {
    guard let index else { return }
    queue.async { [self] in
      TerminalSignals.blockOnCurrentThread()
      guard !isStopped else { return }
      for root in roots {
        if let notice = index.prune(under: root, keeping: seen) { note(notice) }
      }
    }
  }

  /// Forgets, in the background, the index's rows of `paths` (files the gallery moved,
  /// renamed or trashed).
  package func forget(_ paths: [String]) {
    guard let index, !paths.isEmpty else { return }
    queue.async { [self] in
      TerminalSignals.blockOnCurrentThread()
      if let notice = index.forget(paths) { note(notice) }
    }
  }

  /// Waits for what was queued before (reads, prunes, forgets): for the tests.
  package func waitForQueued() {
    queue.sync {}
  }

  /// Stops reading at the next file; no batch is delivered once it returns. What was
  /// read is in the index already.
  package func stop() {
    stopped.withLock { $0 = true }
  }

  // MARK: The index

  private var isStopped: Bool { stopped.withLock { $0 } }

  /// Hands `batch` on unless it is empty; false when stopped (then it is not handed on).
  private func deliver(
    _ batch: PictureDetailsBatch, to deliver: @Sendable (PictureDetailsBatch) -> Void
  ) -> Bool {
    stopped.withLock { stopped in
      guard !stopped else { return false }
      var batch = batch
      batch.notices = takeNotices()
      if !batch.isEmpty { deliver(batch) }
      return true
    }
  }

  /// Keeps `notice`'s sentence for the next batch, unless it was said this run.
  private func note(_ notice: IndexNotice) {
    notices.withLock { notices in
      guard notices.said.insert(notice.sentence).inserted else { return }
      notices.waiting.append(notice.sentence)
    }
  }

  /// The sentences waiting, emptied.
  private func takeNotices() -> [String] {
    notices.withLock { notices in
      defer { notices.waiting = [] }
      return notices.waiting
    }
  }

  /// What the index answers for `stamps` (ahead, or now), and the stamps it cannot
  /// answer for.
  private func lookUp(_ stamps: [FileStamp]) -> (PictureDetailsBatch, [FileStamp]) {
    guard let index, !stamps.isEmpty else { return (PictureDetailsBatch(), stamps) }
    var known: [String: PictureDetails] = [:]
    var asked: [FileStamp] = []
    aheadAnswers.withLock { ahead in
      guard !ahead.isEmpty else {
        asked = stamps
        return
      }
      for stamp in stamps {
        // Looked up with another stamp: the file changed since, it is looked up again.
        guard let answered = ahead.removeValue(forKey: stamp.path), answered.stamp == stamp
        else {
          asked.append(stamp)
          continue
        }
        if let details = answered.details { known[stamp.path] = details }
      }
    }
    if !asked.isEmpty {
      let answer = index.lookUp(asked.map(Self.indexStamp))
      if let notice = answer.notice { note(notice) }
      if known.isEmpty {
        known = answer.details
      } else {
        known.merge(answer.details) { _, now in now }
      }
    }
    // The rest in the order asked: the first files read are the first screen's.
    return (PictureDetailsBatch(known), stamps.filter { known[$0.path] == nil })
  }

  /// Keeps what was read of `stamps` (nil: left unread) in the index, in one
  /// transaction; the batch to deliver.
  private func keep(_ stamps: [FileStamp], _ details: [PictureDetails?]) -> PictureDetailsBatch {
    var batch = PictureDetailsBatch()
    var entries: [IndexEntry] = []
    for (stamp, details) in zip(stamps, details) {
      guard let details else { continue }
      batch.details[stamp.path] = details
      if !details.lacksLibrary { entries.append(IndexEntry(Self.indexStamp(stamp), details)) }
    }
    if let index, let notice = index.record(entries) { note(notice) }
    return batch
  }

  /// The index's key of a scan's stamp.
  static func indexStamp(_ stamp: FileStamp) -> IndexStamp {
    IndexStamp(
      path: stamp.path, byteSize: stamp.byteSize, modificationDate: stamp.modificationDate,
      device: stamp.device, inode: stamp.inode)
  }

  // MARK: Reading files

  /// The details of `stamps`' files, read on up to `readers` threads, in their order;
  /// nil for a file left unread because the reader was stopped.
  private func readFiles(
    _ stamps: [FileStamp], readers: Int? = nil, onFile: (@Sendable () -> Void)? = nil
  ) -> [PictureDetails?] {
    guard !stamps.isEmpty else { return [] }
    let found = Locked([PictureDetails?](repeating: nil, count: stamps.count))
    let next = Locked(0)
    let readFile = self.readFile
    let caller = pthread_self()
    DispatchQueue.concurrentPerform(iterations: min(readers ?? self.readers, stamps.count)) { _ in
      // Every thread of the pool that joins in. The caller's own mask is left as it is:
      // the reader's queue blocked the signals already, and `--print`'s main thread
      // (`readAll`) must still die at Ctrl-C.
      if pthread_equal(pthread_self(), caller) == 0 { TerminalSignals.blockOnCurrentThread() }
      while !isStopped {
        let position = next.withLock { next in
          defer { next += 1 }
          return next
        }
        guard position < stamps.count else { return }
        let details = readFile(stamps[position])
        found.withLock { $0[position] = details }
        onFile?()
      }
    }
    return found.withLock { $0 }
  }
}

extension DetailsReader: PictureDetailsReading {}

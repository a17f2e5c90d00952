import Dispatch
import Foundation
import Gallery
import SystemSupport
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// Finds when pictures were taken, off the main thread, for the timeline and the order by
/// date taken: from the cache of dates first (`DateTakenCache`, kept on disk by stamp),
/// then from the head of each file the cache cannot answer for (`ImageDecoder.dateTaken`,
/// no pixels), on several threads.
///
/// What the cache answers goes out at once, in one batch, so a library opened before
/// falls into order in one step; the files read follow in batches (a small first one for
/// the first screen, then larger), so a new library falls into order a screenful at a
/// time. Every answer read, "no date" too, goes into the cache, which is saved when a
/// read ends, every few seconds of a long one (a kill half-way keeps most of it) and at
/// `stop()`.
package final class DateTakenReader: Sendable {
  /// Files read before the first delivery of files read: the first screen comes fast.
  static let firstBatchSize = 64
  /// Files read between two later deliveries.
  static let batchSize = 256
  /// The longest a long read goes without saving what it read.
  static let saveInterval: Duration = .seconds(5)

  private struct Keeping: Sendable {
    var cache = DateTakenCache()
    var isLoaded = false
    /// A save failed (a read-only or full disk): not tried again this run.
    var saveFailed = false
  }

  private let decoder: ImageDecoder
  private let file: DateTakenCacheFile?
  private let timeZone: TimeZone
  private let readers: Int
  private let saveInterval: Duration
  private let queue = DispatchQueue(label: "gallery.dates-taken", qos: .utility)
  private let kept = Locked(Keeping())
  /// Held through each save, so two never write the temporary file at once.
  private let saving = Locked(())
  private let stopped = Locked(false)

  /// A reader keeping its cache at `cachePath` (nil: no cache, every file is read).
  package convenience init(cachePath: String? = nil) {
    self.init(file: cachePath.map(DateTakenCacheFile.init(path:)))
  }

  /// A reader with its cache in `file` (nil: none), reading dates in `timeZone` on up to
  /// `readers` threads (default: a core left for the thread that draws, at least one),
  /// saving at most every `saveInterval` while a read goes on.
  package init(
    file: DateTakenCacheFile?, timeZone: TimeZone = .current,
    readers: Int = ProcessInfo.processInfo.activeProcessorCount - 1,
    saveInterval: Duration = DateTakenReader.saveInterval, decoder: ImageDecoder = ImageDecoder()
  ) {
    self.file = file
    self.timeZone = timeZone
    self.readers = max(1, readers)
    self.saveInterval = saveInterval
    self.decoder = decoder
  }

  /// Finds the dates of `stamps`' files and hands them to `deliver` on the reader's
  /// thread: first one batch of all the cache knows, then the files read, in the order
  /// asked, `firstBatchSize` then `batchSize` at a time. An empty batch is not delivered.
  package func read(_ stamps: [FileStamp], deliver: @escaping @Sendable (DatesTaken) -> Void) {
    queue.async { [self] in
      TerminalSignals.blockOnCurrentThread()
      guard !isStopped else { return }
      let (cached, missing) = lookUp(stamps)
      if !cached.isEmpty { deliver(cached) }
      let clock = ContinuousClock()
      var lastSave = clock.now
      var start = 0
      while start < missing.count {
        let end = min(missing.count, start + (start == 0 ? Self.firstBatchSize : Self.batchSize))
        let batch = Array(missing[start..<end])
        let found = record(batch, readFiles(batch, readers: readers))
        // Stopped half-way: what was read is kept, nothing more is delivered or saved.
        guard !isStopped else { return }
        if !found.isEmpty { deliver(found) }
        start = end
        if clock.now - lastSave >= saveInterval, start < missing.count {
          saveIfChanged()
          lastSave = clock.now
        }
      }
      if !isStopped { saveIfChanged() }
    }
  }

  /// The dates of `stamps`' files, waiting for them: the cache's answers, then the rest
  /// read on every core; the cache is saved before it returns. For `--print`, whose
  /// caller has nothing else to do meanwhile.
  package func readAll(_ stamps: [FileStamp]) -> DatesTaken {
    var (found, missing) = lookUp(stamps)
    let read = record(
      missing, readFiles(missing, readers: ProcessInfo.processInfo.activeProcessorCount))
    found.dates.merge(read.dates) { _, new in new }
    found.undated += read.undated
    saveIfChanged()
    return found
  }

  /// Stops reading at the next file (nothing more is delivered) and saves what was read
  /// and not yet saved. Called at quit: quick when nothing is unsaved, else one write.
  package func stop() {
    stopped.withLock { $0 = true }
    saveIfChanged()
  }

  // MARK: The cache

  private var isStopped: Bool { stopped.withLock { $0 } }

  /// What the cache answers for `stamps` (loading it first), and the stamps it cannot.
  private func lookUp(_ stamps: [FileStamp]) -> (DatesTaken, [FileStamp]) {
    loadIfNeeded()
    return kept.withLock { keeping in
      var found = DatesTaken(dates: [:])
      found.dates.reserveCapacity(stamps.count)
      var missing: [FileStamp] = []
      for stamp in stamps {
        switch keeping.cache.answer(for: stamp) {
        case .taken(let date)?: found.dates[stamp.path] = date
        case .undated?: found.undated.append(stamp.path)
        case nil: missing.append(stamp)
        }
      }
      return (found, missing)
    }
  }

  /// Reads the file into memory once, outside the lock (stop() may want it meanwhile).
  private func loadIfNeeded() {
    guard let file, !kept.withLock({ $0.isLoaded }) else { return }
    let loaded = file.load(timeZone: timeZone.identifier)
    kept.withLock { keeping in
      guard !keeping.isLoaded else { return }
      keeping.cache = loaded
      keeping.isLoaded = true
    }
  }

  /// Puts the answers read into the cache; the batch to deliver (stamps not read left
  /// out).
  private func record(_ stamps: [FileStamp], _ answers: [DateTakenCache.Answer?]) -> DatesTaken {
    var found = DatesTaken(dates: [:])
    kept.withLock { keeping in
      for (stamp, answer) in zip(stamps, answers) {
        guard let answer else { continue }
        // Without a cache file nothing is kept: memory is not spent on what is never saved.
        if file != nil { keeping.cache.record(answer, for: stamp) }
        switch answer {
        case .taken(let date): found.dates[stamp.path] = date
        case .undated: found.undated.append(stamp.path)
        }
      }
    }
    return found
  }

  /// Writes the cache when it changed since it was loaded or saved, one save at a time;
  /// after a failed save, never again this run.
  private func saveIfChanged() {
    guard let file else { return }
    saving.withLock { _ in
      let changed = kept.withLock { keeping -> DateTakenCache? in
        guard keeping.isLoaded, keeping.cache.hasChanges, !keeping.saveFailed else { return nil }
        keeping.cache.trim()
        keeping.cache.markSaved()
        return keeping.cache
      }
      guard let changed else { return }
      do throws(SystemError) {
        try file.save(changed, timeZone: timeZone.identifier)
      } catch {
        kept.withLock { $0.saveFailed = true }
      }
    }
  }

  // MARK: Reading files

  /// The answers of `stamps`' files, read on up to `readers` threads, in their order;
  /// nil for a file left unread because the reader was stopped.
  private func readFiles(_ stamps: [FileStamp], readers: Int) -> [DateTakenCache.Answer?] {
    guard !stamps.isEmpty else { return [] }
    let answers = Locked([DateTakenCache.Answer?](repeating: nil, count: stamps.count))
    let next = Locked(0)
    let decoder = self.decoder
    let timeZone = self.timeZone
    let caller = pthread_self()
    DispatchQueue.concurrentPerform(iterations: min(readers, stamps.count)) { _ in
      // Every thread of the pool that joins in. The caller's own mask is left as it is:
      // the reader's queue blocked the signals already, and `--print`'s main thread
      // (`readAll`) must still die at Ctrl-C.
      if pthread_equal(pthread_self(), caller) == 0 { TerminalSignals.blockOnCurrentThread() }
      while !isStopped {
        let index = next.withLock { next in
          defer { next += 1 }
          return next
        }
        guard index < stamps.count else { return }
        let date = decoder.dateTaken(path: stamps[index].path, timeZone: timeZone)
        answers.withLock { $0[index] = date.map(DateTakenCache.Answer.taken) ?? .undated }
      }
    }
    return answers.withLock { $0 }
  }
}

import Dispatch
import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import XMPSidecars

/// Keeps culling decisions in XMP sidecars, which darktable, digiKam and Lightroom read
/// (`SidecarStore`), off the main thread.
///
/// Writes go to one serial thread, one file after another in the order asked; a burst of
/// decisions for one file is written once, the last (`PendingDecisions`). A failure is
/// worded for the status line with the file and what to do (`SidecarSentences`), one
/// sentence for all the failures of a run of writes. Reads go to another serial thread,
/// so a large library read at start never holds back a decision being written; a picture
/// without a sidecar is read there for the decision inside its own file, which comes
/// back with the sidecars' (a sidecar wins: `SidecarStore.readKept`).
package final class SidecarKeeper: Sendable {
  /// Merges a decision into a picture's sidecars (`SidecarStore.write`).
  package typealias Writer =
    @Sendable (_ decision: CullingDecision, _ picture: String) throws(XMPSidecarError) -> Void
  /// Reads a picture's sidecars (`SidecarStore.read`): nil when it has none.
  package typealias Reader =
    @Sendable (_ picture: String) throws(XMPSidecarError) -> SidecarReading?

  /// Pictures read between two deliveries of what their sidecars say.
  static let readBatchSize = 256

  /// The writes waiting, and whether the writer's thread is on its way to take them.
  private struct Writing {
    var pending = PendingDecisions()
    var draining = false
    var failed: (@Sendable (String) -> Void)?
  }

  private let writeSidecars: Writer
  private let readSidecars: Reader
  private let memo: DecisionMemo?
  private let writing = Locked(Writing())
  private let stopped = Locked(false)
  private let writer = DispatchQueue(label: "gallery.sidecars.write", qos: .utility)
  private let reader = DispatchQueue(label: "gallery.sidecars.read", qos: .utility)

  /// A keeper writing and reading with `store`: a picture without a sidecar reads as the
  /// decision inside its own file, if any (`SidecarStore.readKept`). `inFile` (the
  /// `xmp-in-file` setting) writes a JPEG's, PNG's, TIFF's or DNG's decision inside it
  /// instead of a sidecar (`PictureXMPWriter`). With a `memo`, what was read is kept
  /// there, and a picture whose files have not changed since is not read again.
  package convenience init(store: SidecarStore, inFile: Bool = false, memo: DecisionMemo? = nil) {
    let writer = PictureXMPWriter(store: store, inFile: inFile)
    self.init(
      write: { (decision, picture) throws(XMPSidecarError) in
        try writer.write(decision, picture: picture)
      },
      read: { (picture) throws(XMPSidecarError) in try store.readKept(picture: picture) },
      memo: memo)
  }

  /// A keeper writing with `write` and reading with `read` (the tests' fakes).
  package init(write: @escaping Writer, read: @escaping Reader, memo: DecisionMemo? = nil) {
    writeSidecars = write
    readSidecars = read
    self.memo = memo
  }

  package func write(_ decisions: [FileDecision], failed: @escaping @Sendable (String) -> Void) {
    guard !decisions.isEmpty else { return }
    let starts = writing.withLock { writing -> Bool in
      writing.pending.add(decisions)
      writing.failed = failed
      defer { writing.draining = true }
      return !writing.draining
    }
    if starts { writer.async { [self] in drain() } }
  }

  package func afterWrites(_ body: @escaping @Sendable () -> Void) {
    // The writer's thread is serial and a drain takes every write waiting, those asked
    // while it runs too: what is queued after it runs after them all.
    writer.async(execute: body)
  }

  package func finish() {
    stopped.withLock { $0 = true }
    writer.sync {}
  }

  /// Waits for the writes asked for so far, reads going on: for the tests.
  package func waitForWrites() { writer.sync {} }

  /// How many files wait to be written: for the tests.
  package var waiting: Int { writing.withLock { $0.pending.count } }

  /// Writes what waits, until nothing does; then says what failed, in one sentence.
  private func drain() {
    TerminalSignals.blockOnCurrentThread()
    var failures: [(picture: String, error: XMPSidecarError)] = []
    while let next = takeNext() {
      do throws(XMPSidecarError) {
        try writeSidecars(next.decision, next.path)
      } catch {
        failures.append((next.path, error))
      }
    }
    guard let first = failures.first else { return }
    let failed = writing.withLock { $0.failed }
    failed?(
      SidecarSentences.notWritten(first.picture, first.error, others: failures.count - 1))
  }

  /// The next file to write; nil, and the drain over, when none waits.
  private func takeNext() -> FileDecision? {
    writing.withLock { writing in
      guard let next = writing.pending.takeFirst() else {
        writing.draining = false
        return nil
      }
      return next
    }
  }

  // MARK: Reading

  package func read(
    _ pictures: [String], deliver: @escaping @Sendable ([String: CullingDecision]) -> Void,
    failed: @escaping @Sendable (String) -> Void
  ) {
    guard !pictures.isEmpty else { return }
    reader.async { [self] in
      TerminalSignals.blockOnCurrentThread()
      var problems: [XMPSidecarError] = []
      var start = 0
      while start < pictures.count {
        let end = min(pictures.count, start + Self.readBatchSize)
        let (found, met) = readNow(pictures[start..<end])
        problems += met
        // Stopped: the run is ending, and nothing more reaches the state.
        guard !isStopped else { return }
        if !found.isEmpty { deliver(found) }
        start = end
      }
      if let first = problems.first {
        failed(SidecarSentences.notRead(first, others: problems.count - 1))
      }
    }
  }

  /// What `pictures`' sidecars say, waiting for it: for `--print`, whose caller has
  /// nothing else to do meanwhile. The sentence says which sidecars could not be read.
  package func readAll(_ pictures: [String]) -> (
    decisions: [String: CullingDecision], problem: String?
  ) {
    let (found, problems) = readNow(pictures[...])
    let problem = problems.first.map {
      SidecarSentences.notRead($0, others: problems.count - 1)
    }
    return (found, problem)
  }

  /// What `pictures`' sidecars say, and the sidecars that could not be read: from the
  /// memo for a picture whose files have the stamp kept there, else read (and kept in
  /// the memo when read without a problem).
  private func readNow(_ pictures: ArraySlice<String>) -> (
    [String: CullingDecision], [XMPSidecarError]
  ) {
    var found: [String: CullingDecision] = [:]
    var problems: [XMPSidecarError] = []
    let kept = memo?.recall(Array(pictures)) ?? [:]
    var read: [String: KeptDecision] = [:]
    for picture in pictures {
      // Taken before the read: a save landing in between changes the files' stamp from
      // this one, and the next run reads them again.
      let stamp = memo?.stamp(picture)
      if let stamp, let known = kept[picture], known.stamp == stamp {
        if let decision = known.decision { found[picture] = decision }
        continue
      }
      do throws(XMPSidecarError) {
        let reading = try readSidecars(picture)
        if let reading {
          found[picture] = reading.decision
          problems += reading.problems
        }
        if let stamp, reading?.problems.isEmpty ?? true {
          read[picture] = KeptDecision(stamp: stamp, decision: reading?.decision)
        }
      } catch {
        problems.append(error)
      }
    }
    if !read.isEmpty { memo?.keep(read) }
    return (found, problems)
  }

  private var isStopped: Bool { stopped.withLock { $0 } }

  /// Waits for the reads asked for so far: for the tests.
  package func waitForReads() { reader.sync {} }
}

extension SidecarKeeper: DecisionKeeping {}

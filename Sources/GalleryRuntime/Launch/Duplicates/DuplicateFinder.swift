import Dispatch
import FoundationEssentials
import Gallery
import Glibc
import LibraryIndex
import Pictures
import SystemSupport
import Thumbnails

/// Finds the copies among files: exact copies (the same size, then the same content
/// hash) and, when asked, near copies (perceptual hashes at most `threshold` bits from
/// their group's leader, the first in path order: `LikenessGroups`). Reads nothing it
/// need not: a content hash only for files whose size another shares, a hash the index
/// keeps under the file's stamp never again; the hashes computed are kept in the index in
/// batches as they come. Changes no file.
///
/// Hashing runs on `threads` threads (all the cores by default); `stopping` ends it
/// between files, and the report then says it was stopped.
package struct DuplicateFinder: Sendable {
  /// The index hashes are read from and kept in; nil to read and keep none.
  package var index: PictureIndex?
  /// Whether near copies are looked for.
  package var similar: Bool
  /// The distance, in bits, within which two pictures are near copies.
  package var threshold: Int
  /// Threads hashing at once.
  package var threads: Int
  /// A file's content hash.
  package var contentHash: @Sendable (String) throws(FileReadError) -> ContentHash
  /// A picture's perceptual hash.
  package var perceptualHash: @Sendable (String) -> Result<PerceptualHash, ThumbnailError>

  /// Files hashed between two writes to the index.
  static let batchSize = 256

  package init(
    index: PictureIndex?, similar: Bool, threshold: Int = LikenessGroups.defaultThreshold,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    contentHash: @escaping @Sendable (String) throws(FileReadError) -> ContentHash = {
      path throws(FileReadError) in try ContentHasher.hash(path: path)
    },
    perceptualHash: @escaping @Sendable (String) -> Result<PerceptualHash, ThumbnailError> = {
      LikenessHasher().hash(path: $0)
    }
  ) {
    self.index = index
    self.similar = similar
    self.threshold = threshold
    self.threads = max(1, threads)
    self.contentHash = contentHash
    self.perceptualHash = perceptualHash
  }

  /// The copies among `files`; `progress` is told the files hashed so far (those the index
  /// knew counted at once) and how many there are to hash.
  package func find(
    _ files: [FileStamp], stopping: StopFlag = StopFlag(),
    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) -> DuplicateReport {
    let (files, links) = Self.oneNamePerFile(Array(Set(files)).sorted { $0.path < $1.path })
    let bySize = Dictionary(grouping: files.indices, by: { files[$0].byteSize })
    let sizeShared = Set(bySize.values.filter { $0.count > 1 }.joined())
    let stamps = files.map(DetailsReader.indexStamp)
    let kept = index?.likeness(of: stamps)
    // Two names of one file (a hard link, or a link followed by the scan) are no copy:
    // the one file is compared once, and the other names said, never offered to delete.
    var notices = links.map { "\($0.path) is the same file as \($0.original), not a copy" }
    notices += kept?.notice.map { [$0.sentence] } ?? []
    var known = [KeptLikeness](repeating: KeptLikeness(), count: files.count)
    for (position, stamp) in stamps.enumerated() {
      if let likeness = kept?.kept[stamp.path] { known[position] = likeness }
    }
    // What is still to compute, per file.
    let work = files.indices.compactMap { position -> (Int, Bool, Bool)? in
      let content = sizeShared.contains(position) && known[position].contentHash == nil
      let look = similar && known[position].perceptualHash == nil
      return content || look ? (position, content, look) : nil
    }
    let total = files.count
    progress(total - work.count, total)
    let shared = Locked(Shared(known: known))
    let next = Locked(0)
    let contentHash = self.contentHash
    let perceptualHash = self.perceptualHash
    let index = self.index
    @Sendable func hashWork() {
      while !stopping.isSet {
        let taken = next.withLock { value -> Int? in
          defer { value += 1 }
          return value < work.count ? value : nil
        }
        guard let taken else { return }
        let (position, wantsContent, wantsLook) = work[taken]
        let path = files[position].path
        var likeness = KeptLikeness()
        var problem: String?
        if wantsContent {
          do throws(FileReadError) {
            likeness.contentHash = try contentHash(path)
          } catch {
            problem = "\(path): \(error.reason)"
          }
        }
        if wantsLook, problem == nil {
          switch perceptualHash(path) {
          case .success(let hash): likeness.perceptualHash = hash
          case .failure(let error): problem = "\(path): \(error.description)"
          }
        }
        let (batch, done) = shared.withLock { shared -> ([LikenessEntry], Int) in
          shared.done += 1
          if let content = likeness.contentHash { shared.known[position].contentHash = content }
          if let look = likeness.perceptualHash { shared.known[position].perceptualHash = look }
          if let problem { shared.problems.append((path, problem)) }
          if likeness != KeptLikeness() {
            shared.pending.append(LikenessEntry(stamps[position], likeness))
          }
          guard shared.pending.count >= Self.batchSize else { return ([], shared.done) }
          defer { shared.pending = [] }
          return (shared.pending, shared.done)
        }
        if let index, !batch.isEmpty, let notice = index.keep(batch) {
          shared.withLock { $0.notices.append(notice.sentence) }
        }
        progress(total - work.count + done, total)
      }
    }
    // Threads of their own, as many as asked: `concurrentPerform` runs no more at once than
    // there are cores, so a thread waiting for the disk would leave its core idle.
    let threadsDone = DispatchGroup()
    for _ in 0..<min(threads, max(1, work.count)) {
      threadsDone.enter()
      SystemThread.start(name: "gallery.hashing") {
        defer { threadsDone.leave() }
        hashWork()
      }
    }
    threadsDone.wait()
    let finished = shared.withLock { $0 }
    if let index, !finished.pending.isEmpty, let notice = index.keep(finished.pending) {
      notices.append(notice.sentence)
    }
    notices += finished.notices
    var found = report(files, finished, notices: notices, stopped: stopping.isSet)
    found.hashed = finished.done
    return found
  }

  /// `files` (sorted by path) with each file once, by its first name, and the other names
  /// of a file seen under several, with that first name. A file is known by its device
  /// and inode, from its stamp or else from `stat`, which follows a link; a file `stat`
  /// cannot reach is kept under its name. O(files).
  static func oneNamePerFile(_ files: [FileStamp]) -> (
    files: [FileStamp], links: [(path: String, original: String)]
  ) {
    var firstName: [FileIdentity: String] = [:]
    var kept: [FileStamp] = []
    var links: [(path: String, original: String)] = []
    for file in files {
      guard let identity = FileIdentity(stamp: file) else {
        kept.append(file)
        continue
      }
      if let original = firstName[identity] {
        links.append((file.path, original))
      } else {
        firstName[identity] = file.path
        kept.append(file)
      }
    }
    return (kept, links)
  }

  /// What the threads share.
  private struct Shared: Sendable {
    var known: [KeptLikeness]
    var done = 0
    var pending: [LikenessEntry] = []
    var problems: [(path: String, reason: String)] = []
    var notices: [String] = []
  }

  /// The groups, from every file's hashes.
  private func report(
    _ files: [FileStamp], _ shared: Shared, notices: [String], stopped: Bool
  ) -> DuplicateReport {
    var exact: [DuplicateReport.ExactGroup] = []
    var copyGroup: [Int: Int] = [:]
    let byContent = Dictionary(
      grouping: files.indices.filter { shared.known[$0].contentHash != nil },
      by: { ContentKey(size: files[$0].byteSize, hash: shared.known[$0].contentHash) })
    for (key, positions) in byContent where positions.count > 1 {
      guard let hash = key.hash else { continue }
      exact.append(
        DuplicateReport.ExactGroup(
          byteSize: key.size, contentHash: hash, paths: positions.map { files[$0].path }.sorted()))
    }
    // Ties by their first path: the same folders give the same report every run.
    exact.sort {
      ($0.paths.count, $0.byteSize) != ($1.paths.count, $1.byteSize)
        ? ($0.paths.count, $0.byteSize) > ($1.paths.count, $1.byteSize)
        : ($0.paths.first ?? "") < ($1.paths.first ?? "")
    }
    let positions = Dictionary(
      files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    for (number, group) in exact.enumerated() {
      for path in group.paths {
        if let position = positions[path] { copyGroup[position] = number }
      }
    }
    var near: [DuplicateReport.SimilarGroup] = []
    if similar {
      let hashed = files.indices.filter { shared.known[$0].perceptualHash != nil }
      let hashes = hashed.compactMap { shared.known[$0].perceptualHash }
      for group in LikenessGroups.groups(hashes, within: threshold) {
        let positions = group.map { hashed[$0] }
        // A group of exact copies of one file alone is said once, as exact copies.
        let copies = positions.map { copyGroup[$0] }
        if let first = copies.first, let number = first, copies.allSatisfy({ $0 == number }) {
          continue
        }
        let leader = hashes[group[0]]
        near.append(
          DuplicateReport.SimilarGroup(
            members: positions.map { position in
              DuplicateReport.SimilarMember(
                path: files[position].path,
                distance: shared.known[position].perceptualHash.map { $0.distance(to: leader) }
                  ?? 0,
                copyGroup: copyGroup[position])
            }))
      }
      near.sort { $0.members.count > $1.members.count }
    }
    return DuplicateReport(
      files: files.count, exact: exact, similar: similar ? near : nil,
      problems: shared.problems.sorted { $0.path < $1.path }.map {
        DuplicateReport.Problem(path: $0.path, sentence: $0.reason)
      },
      notices: notices, stopped: stopped)
  }

  private struct ContentKey: Hashable {
    var size: Int64
    var hash: ContentHash?
  }
}

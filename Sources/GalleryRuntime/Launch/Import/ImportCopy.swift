import CFileCalls
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Copies files of a card to one destination or two (the import's and its backup's),
/// reading the card once, in two steps: `write` puts each copy in a draft in its folder
/// (`ImportDraft`: a file with no name where the file system has them, else a temporary
/// file beside its name, `.NAME.gallery-partial-PID-N`) while hashing what it reads;
/// `settle` then flushes a batch of them to the disk at once (`syncfs`, one journal
/// commit for the batch, where an `fsync` each costs one each), reads each back, compares
/// it with the hash of the bytes read from the card, and gives each that matches its
/// name, only while the name is free, the folders flushed once after. A kill at any
/// moment leaves nothing (an unnamed file is freed) or at most temporary files, which the
/// next import into those folders (or the scan) removes; never part of a file under a
/// name.
///
/// Why read the copy back rather than trust the bytes written: a short write or another
/// program writing into a temporary file meanwhile is found only by reading what the file
/// holds (a write the disk failed is reported by the flush, and by each copy's own
/// `fdatasync` after it). By default the reading is the kernel's (after the flush, the
/// pages it just wrote, so it costs a hash of memory); `fromDisk` drops the pages first,
/// so a disk that loses or garbles what it was given (a failing USB disk) is caught too,
/// at the price of reading every copy from the disk again. The card is read once: reading
/// it twice would double the slowest part of the import, and a card that reads
/// differently twice is caught by neither reading alone.
enum ImportCopy {
  /// What became of the copy to one destination.
  enum Outcome {
    /// Whole under its name; the copy's status.
    case copied(stat)
    /// The name was taken between the look and the naming, by another program's file,
    /// which is left as it is: nothing of the copy is left, and the import run again
    /// gives it another name.
    case taken
    /// Not copied, and nothing left of it; why, naming the destination's folder.
    case failed(FileActionError)
  }

  /// A file written to its temporary files, not yet flushed, checked or named.
  struct Written {
    /// The content hash of the bytes read from the card.
    let hash: ContentHash
    /// The copies, one per destination, in the order given.
    fileprivate var outputs: [Output]

    /// Why each copy failed while written, nil for one written whole.
    var failures: [FileActionError?] { outputs.map(\.failure) }
  }

  /// Writes `source` to a draft for each of `destinations` (free names, their folders
  /// made), unnamed where it can be (`unnamed` false: always a temporary file), giving
  /// each copy `mode` and the source's times; `read` hears of each piece read, through
  /// `buffer`. A temporary file's lock, and an unnamed file's descriptor, are held until
  /// `settle`.
  ///
  /// - Throws: the source's failure (unreadable, gone, changed while read): nothing is
  ///   left at any destination.
  static func write(
    _ source: String, to destinations: [String], mode: mode_t, buffer: ChunkBuffer,
    unnamed: Bool = true, read: (Int) -> Void = { _ in }
  ) throws(FileActionError) -> Written {
    let (input, status) = try FileStatus.openRegular(source)
    defer { close(input) }
    // Read ahead: a card gives its best speed to long sequential reads.
    _ = posix_fadvise(input, 0, 0, POSIX_FADV_SEQUENTIAL)
    var outputs: [Output] = []
    for destination in destinations {
      do throws(SystemError) {
        outputs.append(
          Output(
            destination: destination,
            draft: try ImportDraft.create(beside: destination, unnamed: unnamed)))
      } catch {
        outputs.append(Output(destination: destination, failure: failure(error, destination)))
      }
    }
    let stream = ContentHasher.Stream()
    do throws(FileActionError) {
      try fill(
        &outputs, from: input, source: source, status: status, stream: stream,
        buffer: buffer.bytes, read: read)
    } catch {
      for index in outputs.indices { outputs[index].fail(error) }
      throw error
    }
    for index in outputs.indices { outputs[index].close(status: status, mode: mode) }
    return Written(hash: stream.hash, outputs: outputs)
  }

  /// Flushes `batch` to the disk, checks each copy read back against its hash (from the
  /// disk itself when `fromDisk`), and gives the good ones their names: each file's
  /// outcomes, in the order of its destinations.
  static func settle(_ batch: [Written], fromDisk: Bool = false) -> [[Outcome]] {
    var batch = batch
    flush(&batch)
    let buffer = ChunkBuffer()
    var outcomes: [[Outcome]] = []
    var folders: Set<String> = []
    for file in batch.indices {
      var named: [Outcome] = []
      for index in batch[file].outputs.indices {
        batch[file].outputs[index].check(
          batch[file].hash, fromDisk: fromDisk, buffer: buffer)
        let outcome = batch[file].outputs[index].takeName()
        if case .copied = outcome {
          folders.insert(PathName.parent(batch[file].outputs[index].destination))
        }
        named.append(outcome)
      }
      outcomes.append(named)
    }
    // The names on the disk too, each folder once.
    for folder in folders { FolderFlush.flush(folder) }
    return outcomes
  }

  /// Flushes every file system the batch's copies are on, once each; where it cannot
  /// (an error), each copy there fails.
  private static func flush(_ batch: inout [Written]) {
    var flushed: [UInt64: SystemError?] = [:]
    for file in batch.indices {
      for index in batch[file].outputs.indices {
        guard let folder = batch[file].outputs[index].folderToFlush else { continue }
        let device = folder.device
        if flushed[device] == nil {
          let descriptor = PathBytes.withFileSystemRepresentation(folder.path) {
            open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
          }
          var failure: SystemError?
          if descriptor < 0 || gallery_syncfs(descriptor) != 0 { failure = .current() }
          if descriptor >= 0 { close(descriptor) }
          flushed[device] = .some(failure)
        }
        if case .some(.some(let failure)) = flushed[device] {
          batch[file].outputs[index].fail(
            Self.failure(failure, batch[file].outputs[index].destination))
        }
      }
    }
  }

  /// Reads `input` to its end into every output still writing, hashing what is read.
  private static func fill(
    _ outputs: inout [Output], from input: Int32, source: String, status: stat,
    stream: ContentHasher.Stream, buffer: UnsafeMutableRawBufferPointer, read: (Int) -> Void
  ) throws(FileActionError) {
    var total: Int64 = 0
    while true {
      let count: Int
      do {
        count = try DescriptorIO.read(input, into: buffer)
      } catch {
        throw .unreadable(path: source, reason: error.reason)
      }
      if count == 0 { break }
      let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
      stream.update(bytes)
      for index in outputs.indices { outputs[index].write(bytes) }
      total += Int64(count)
      read(count)
    }
    // A file written during the copy would give a mix of old and new bytes.
    let after = try? FileStatus.open(input)
    guard total == Int64(status.st_size), let after, FileStatus.isUntouched(after, since: status)
    else {
      throw .changedMeanwhile(path: source, operation: .copy)
    }
  }

  fileprivate static func failure(_ error: SystemError, _ destination: String) -> FileActionError {
    .writing(error, path: destination, folder: PathName.parent(destination), operation: .copy)
  }
}

/// One destination's copy as it is written, flushed, checked and named.
private struct Output {
  let destination: String
  var draft: ImportDraft?
  var failure: FileActionError?
  /// Whether the writing is over: the draft's descriptor closed when it is a temporary
  /// file's.
  var closed = false
  /// The copy's device and inode when it was written whole: the file read back must be
  /// this one, not another put at its temporary name meanwhile.
  var written: (device: UInt64, inode: UInt64)?

  init(destination: String, draft: ImportDraft) {
    self.destination = destination
    self.draft = draft
  }

  init(destination: String, failure: FileActionError) {
    self.destination = destination
    self.failure = failure
  }

  /// The folder of a copy still on its way, and its device, for the flush.
  var folderToFlush: (path: String, device: UInt64)? {
    guard draft != nil else { return nil }
    let folder = PathName.parent(destination)
    guard let status = try? FileStatus.target(folder) else { return (folder, 0) }
    return (folder, UInt64(status.st_dev))
  }

  /// Writes `bytes`; a failure drops the draft and ends this copy alone.
  mutating func write(_ bytes: UnsafeRawBufferPointer) {
    guard let draft else { return }
    do throws(SystemError) {
      try DescriptorIO.writeAll(bytes, to: draft.descriptor)
    } catch {
      fail(ImportCopy.failure(error, destination))
    }
  }

  /// Gives the copy its mode and times, and closes a temporary file (its lock still
  /// held); an unnamed file stays open, or it would be gone.
  mutating func close(status: stat, mode: mode_t) {
    guard let draft, !closed else { return }
    var times = [status.st_atim, status.st_mtim]
    guard FileStatus.kept(fchmod(draft.descriptor, mode)),
      FileStatus.kept(futimens(draft.descriptor, &times))
    else {
      return fail(ImportCopy.failure(.current(), destination))
    }
    var status = stat()
    if fstat(draft.descriptor, &status) == 0 {
      written = (UInt64(status.st_dev), UInt64(status.st_ino))
    }
    guard draft.closesWhenWritten else { return }
    closed = true
    // Some file systems (NFS) report a failed write only when the file is closed.
    guard Glibc.close(draft.descriptor) == 0 else {
      return fail(ImportCopy.failure(.current(), destination))
    }
  }

  /// Reads the flushed copy back (from the disk itself when `fromDisk`: its pages
  /// dropped first, so the reading is the disk's, not memory's): it must hash to `hash`,
  /// the card's bytes, and be the file written (its device and inode). First an
  /// `fdatasync` of the copy: the flush of the whole file
  /// system reports a lost write only once, to whichever program asks first, and a page
  /// whose writing failed still reads back as written; the file's own error is kept for
  /// its next flush.
  mutating func check(_ hash: ContentHash, fromDisk: Bool, buffer: ChunkBuffer) {
    guard let draft else { return }
    // An unnamed file is flushed through the writer's own descriptor, still open; a
    // temporary file's is closed, and its name opened again.
    let descriptor =
      draft.closesWhenWritten
      ? PathBytes.withFileSystemRepresentation(draft.readingPath) {
        open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
      } : draft.descriptor
    if descriptor >= 0 {
      let flushed = fdatasync(descriptor) == 0
      let error = SystemError.current()
      if flushed, fromDisk { _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) }
      if draft.closesWhenWritten { Glibc.close(descriptor) }
      guard flushed else { return fail(ImportCopy.failure(error, destination)) }
    }
    let read: (hash: ContentHash, status: stat)
    do throws(FileReadError) {
      read = try ContentHasher.hashWithStatus(path: draft.readingPath, buffer: buffer)
    } catch {
      return fail(
        .failed(
          path: destination, operation: .copy,
          reason: "the copy could not be read back (\(error.reason))"))
    }
    guard let written, written == (UInt64(read.status.st_dev), UInt64(read.status.st_ino))
    else {
      return fail(
        .failed(
          path: destination, operation: .copy,
          reason: "another file was put in the copy's place before it was named"),
        removing: false)
    }
    guard read.hash == hash else {
      return fail(
        .failed(
          path: destination, operation: .copy,
          reason: "the copy read back differs from the card's file (a failing disk?)"))
    }
  }

  /// Puts the checked copy under its name while the name is free; the folders are the
  /// caller's to flush.
  func takeName() -> ImportCopy.Outcome {
    guard let draft else {
      return .failed(
        failure ?? .failed(path: destination, operation: .copy, reason: "it was not written"))
    }
    do throws(FreeName.Failure) {
      try draft.takeName(destination)
    } catch {
      switch error {
      case .bothNames: break
      case .otherFileSystem:
        return .failed(
          .failed(path: destination, operation: .copy, reason: "the folder changed disks"))
      case .refused(.exists): return .taken
      case .refused(let refusal): return .failed(refusal)
      }
    }
    do throws(SystemError) {
      return .copied(try FileStatus.link(destination))
    } catch {
      return .failed(ImportCopy.failure(error, destination))
    }
  }

  /// Ends this copy: its draft dropped (a temporary file removed unless `removing` is
  /// false: what is at its name is no longer this copy).
  mutating func fail(_ error: FileActionError, removing: Bool = true) {
    guard let draft else { return }
    if !closed && draft.closesWhenWritten { Glibc.close(draft.descriptor) }
    closed = true
    draft.drop(removing: removing)
    self.draft = nil
    failure = error
  }
}

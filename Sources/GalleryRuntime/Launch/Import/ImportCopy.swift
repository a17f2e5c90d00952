import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Copies one file of a card to one destination or two (the import's and its backup's),
/// reading the card once: each copy is written to a temporary file beside its name
/// (`PartialFile`, `.NAME.gallery-partial-PID-N`), flushed, its pages dropped and read
/// back from the disk to be hashed, and compared with the hash of the bytes read from
/// the card; only a copy that matches takes its name, and only while the name is free
/// (`FreeName`). A kill at any moment leaves at most a temporary file, which the next
/// import into that folder (or the scan) removes; never part of a file under a name.
///
/// Why read the copy back rather than trust the bytes written: a write that the disk
/// loses or garbles (a failing card reader, a flaky USB disk) is found only by reading
/// what is on the disk. The card is read once: reading it twice would double the
/// slowest part of the import, and a card that reads differently twice is caught by
/// neither reading alone.
enum ImportCopy {
  /// The bytes read and written at a time.
  static let chunk = 1 << 20

  /// What became of the copy to one destination.
  enum Outcome {
    /// Whole under its name; the copy's status.
    case copied(stat)
    /// The name was taken between the look and the rename: another name is to be tried.
    case taken
    /// Not copied, and nothing left of it; why, naming the destination's folder.
    case failed(FileActionError)
  }

  /// What a copy did: the content hash of the bytes read from the card, and each
  /// destination's outcome, in the order given.
  struct Result {
    let hash: ContentHash
    let outcomes: [Outcome]
  }

  /// Copies `source` to each of `destinations` (free names, their folders made), giving
  /// each copy `mode` and the source's times; `read` hears of each piece read.
  ///
  /// - Throws: the source's failure (unreadable, gone, changed while read): nothing is
  ///   left at any destination.
  static func copy(
    _ source: String, to destinations: [String], mode: mode_t, read: (Int) -> Void = { _ in }
  ) throws(FileActionError) -> Result {
    let (input, status) = try FileStatus.openRegular(source)
    defer { close(input) }
    // Read ahead: a card gives its best speed to long sequential reads.
    _ = posix_fadvise(input, 0, 0, POSIX_FADV_SEQUENTIAL)
    var outputs: [Output] = []
    for destination in destinations {
      do throws(SystemError) {
        outputs.append(
          Output(destination: destination, file: try PartialFile.create(beside: destination)))
      } catch {
        outputs.append(Output(destination: destination, failure: failure(error, destination)))
      }
    }
    let stream = ContentHasher.Stream()
    do throws(FileActionError) {
      try fill(&outputs, from: input, source: source, status: status, stream: stream, read: read)
    } catch {
      for output in outputs { output.discard() }
      throw error
    }
    let hash = stream.hash
    for index in outputs.indices {
      outputs[index].finish(status: status, mode: mode, hash: hash)
    }
    return Result(hash: hash, outcomes: outputs.map { $0.takeName() })
  }

  /// Reads `input` to its end into every output still writing, hashing what is read.
  private static func fill(
    _ outputs: inout [Output], from input: Int32, source: String, status: stat,
    stream: ContentHasher.Stream, read: (Int) -> Void
  ) throws(FileActionError) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
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

  private static func failure(_ error: SystemError, _ destination: String) -> FileActionError {
    .writing(error, path: destination, folder: PathName.parent(destination), operation: .copy)
  }

  /// One destination's copy as it is written.
  private struct Output {
    let destination: String
    var file: PartialFile.Writing?
    var failure: FileActionError?
    /// Whether the file's descriptor is closed (once flushed and checked).
    var closed = false

    init(destination: String, file: PartialFile.Writing) {
      self.destination = destination
      self.file = file
    }

    init(destination: String, failure: FileActionError) {
      self.destination = destination
      self.failure = failure
    }

    /// Writes `bytes`; a failure removes the temporary file and ends this copy alone.
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
      guard let file else { return }
      do throws(SystemError) {
        try DescriptorIO.writeAll(bytes, to: file.descriptor)
      } catch {
        fail(ImportCopy.failure(error, destination))
      }
    }

    /// Gives the copy its mode and times, flushes it, and reads it back from the disk:
    /// it must hash to `hash`, the card's bytes.
    mutating func finish(status: stat, mode: mode_t, hash: ContentHash) {
      guard let file, !closed else { return }
      var times = [status.st_atim, status.st_mtim]
      guard FileStatus.kept(fchmod(file.descriptor, mode)),
        FileStatus.kept(futimens(file.descriptor, &times)), fsync(file.descriptor) == 0
      else {
        return fail(ImportCopy.failure(.current(), destination))
      }
      // Flushed pages dropped, so the reading back reads the disk, not memory.
      _ = posix_fadvise(file.descriptor, 0, 0, POSIX_FADV_DONTNEED)
      // Some file systems (NFS) report a failed write only when the file is closed.
      closed = true
      guard close(file.descriptor) == 0 else {
        return fail(ImportCopy.failure(.current(), destination))
      }
      let read: ContentHash
      do throws(FileReadError) {
        read = try ContentHasher.hash(path: file.path)
      } catch {
        return fail(
          .failed(
            path: destination, operation: .copy,
            reason: "the copy could not be read back (\(error.reason))"))
      }
      guard read == hash else {
        return fail(
          .failed(
            path: destination, operation: .copy,
            reason: "the copy read back differs from the card's file (a failing disk?)"))
      }
    }

    /// Puts the checked copy under its name while the name is free.
    func takeName() -> Outcome {
      guard let file else {
        return .failed(
          failure ?? .failed(path: destination, operation: .copy, reason: "it was not written"))
      }
      defer { file.release() }
      do throws(FreeName.Failure) {
        try FreeName.rename(file.path, to: destination, operation: .copy)
      } catch {
        PartialFile.remove(file.path)
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

    /// Ends this copy: the temporary file removed.
    private mutating func fail(_ error: FileActionError) {
      guard let file else { return }
      if !closed { close(file.descriptor) }
      file.remove()
      self.file = nil
      failure = error
    }

    /// Removes what was written, the source having failed.
    func discard() {
      guard let file else { return }
      if !closed { close(file.descriptor) }
      file.remove()
    }
  }
}

import CXXHash

#if canImport(Glibc)
  import Glibc
#endif

/// The content hash of a file (`ContentHash`: XXH3-128), read in pieces so a file of any
/// size takes one buffer (`chunkSize`) of memory.
///
/// The file is opened as `FileReader` opens files (a regular file only, non-blocking, the
/// kind checked again on the descriptor), and read to the end it had when opened: a file
/// that grows meanwhile is hashed as it was. XXH3 hashes at memory speed (tens of GB/s),
/// so the disk sets the pace. Safe from any thread.
package enum ContentHasher {
  /// The bytes read at a time: large enough that the calls cost nothing beside the
  /// reading, small enough to sit in a core's cache.
  package static let chunkSize = 1 << 20

  /// The content hash of the file at `path`, read through `buffer` (a new one when nil:
  /// a caller hashing many files passes one of its own).
  package static func hash(path: String, buffer: ChunkBuffer? = nil) throws(FileReadError)
    -> ContentHash
  {
    try hashWithStatus(path: path, buffer: buffer).hash
  }

  /// The content hash of the file at `path`, with the status `fstat` gives of the file
  /// read once it was read: its size, time, device and inode tell whether the bytes
  /// hashed are those of the file a caller meant (not one renamed over it before the
  /// open, nor one written to meanwhile).
  package static func hashWithStatus(path: String, buffer: ChunkBuffer? = nil)
    throws(FileReadError) -> (hash: ContentHash, status: stat)
  {
    let (descriptor, opened) = try FileReader.openRegular(path: path, limit: .max)
    defer { close(descriptor) }
    // A non-blocking open of a regular file reads as a blocking one; the flag only keeps
    // a FIFO swapped in from hanging the open.
    guard let state = XXH3_createState() else { throw .unreadable(SystemError(code: ENOMEM)) }
    defer { XXH3_freeState(state) }
    XXH3_128bits_reset(state)
    let owner = buffer ?? ChunkBuffer()
    defer { withExtendedLifetime(owner) {} }
    let bytes = owner.bytes
    var remaining = Int(opened.st_size)
    while remaining > 0 {
      let count = Glibc.read(descriptor, bytes.baseAddress, min(remaining, bytes.count))
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(.current())
      }
      if count == 0 { break }
      _ = XXH3_128bits_update(state, bytes.baseAddress, count)
      remaining -= count
    }
    let digest = XXH3_128bits_digest(state)
    var read = stat()
    guard fstat(descriptor, &read) == 0 else { throw .unreadable(.current()) }
    return (ContentHash(high: digest.high64, low: digest.low64), read)
  }

  /// The content hash of bytes in memory (the same as a file holding them).
  package static func hash(_ bytes: [UInt8]) -> ContentHash {
    let digest = bytes.withUnsafeBytes { XXH3_128bits($0.baseAddress, $0.count) }
    return ContentHash(high: digest.high64, low: digest.low64)
  }
}

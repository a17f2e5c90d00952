/// A buffer of `ContentHasher.chunkSize` bytes that files are read through, kept from one
/// file to the next: a fresh megabyte for each file is mapped by the allocator, faulted
/// in page by page and unmapped again (`Allocator` maps every large block apart), which
/// cost an import of small files as much system time as the reading itself. Its bytes
/// are not cleared. Used from one thread at a time.
package final class ChunkBuffer {
  /// The bytes, `ContentHasher.chunkSize` of them.
  package let bytes: UnsafeMutableRawBufferPointer

  package init() {
    bytes = .allocate(byteCount: ContentHasher.chunkSize, alignment: 64)
  }

  deinit { bytes.deallocate() }
}

import CAllocator

/// The C allocator's settings, so what the caches give back goes back to the system.
///
/// glibc serves a request of 128 KiB or more with its own `mmap` and gives it back on
/// `free`, but it raises that threshold to the size of each such block freed (up to
/// 32 MiB). Pixels of decoded pictures are such blocks: after the first were freed, the
/// next came from the heap, whose freed space stays with the process, scattered between
/// live blocks. Under a soak's churn, resident memory then rose past what the caches
/// held (109 MiB after three minutes against the caches' 64 MiB plus the program's 34);
/// with the threshold fixed it followed them (86 MiB).
package enum Allocator {
  /// Requests of at least this many bytes are mapped on their own and unmapped when
  /// freed: 64 KiB, below the pixels of any decoded picture kept (a thumbnail's small
  /// copy of 320×192 is 240 KiB), above most cell art and the program's own objects.
  package static let mappedThreshold: Int32 = 64 << 10

  /// Fixes the threshold, so large blocks are always mapped apart. Call once, first
  /// thing; false when the allocator refused.
  @discardableResult
  package static func configure() -> Bool {
    gallery_allocator_map_from(mappedThreshold) == 1
  }

  /// Gives the heaps' free pages back to the system (`malloc_trim`): for when the user
  /// is idle, since it walks every heap.
  package static func releaseFreePages() {
    _ = gallery_allocator_release_free_pages()
  }
}

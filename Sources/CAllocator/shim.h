// glibc's allocator settings, which Swift's Glibc module leaves out (malloc.h). Part of
// the C library itself: nothing to link, no Debian package beyond libc6-dev.
#ifndef GALLERY_ALLOCATOR_SHIM_H
#define GALLERY_ALLOCATOR_SHIM_H

#include <malloc.h>

/// Requests of at least `bytes` are mapped on their own and unmapped when freed, and the
/// threshold stays where it is put (glibc's dynamic threshold off). 1 on success.
static inline int gallery_allocator_map_from(int bytes) {
  return mallopt(M_MMAP_THRESHOLD, bytes);
}

/// Gives the heaps' free pages back to the system; 1 when some were.
static inline int gallery_allocator_release_free_pages(void) { return malloc_trim(0); }

#endif

// xxHash (libxxhash-dev), for the content hash of a file: XXH3's 128-bit hash, streamed
// (SystemSupport's ContentHasher is its one user).
#ifndef GALLERY_XXHASH_SHIM_H
#define GALLERY_XXHASH_SHIM_H

#include <xxhash.h>

#endif

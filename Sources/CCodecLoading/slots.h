// What trampolines.c and loading.c share: each deferred function's name and the slot
// its trampoline jumps through.
#ifndef GALLERY_CCODECLOADING_SLOTS_H
#define GALLERY_CCODECLOADING_SLOTS_H
#include <stddef.h>

typedef struct {
  const char *name;
  void **slot;
} gallery_codec_symbol;

/// The functions of each codec, indexed by `gallery_codec`, and how many each has.
extern const gallery_codec_symbol *const gallery_codec_symbols[];
extern const size_t gallery_codec_symbol_counts[];

#endif

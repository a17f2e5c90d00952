// One trampoline per deferred function, under the function's own name, so the code that
// calls it links as if its library were linked: the trampoline jumps through a slot
// that holds the function's address once its codec is opened (loading.c). A jump rather
// than a C wrapper, so every argument, in registers or on the stack, reaches the
// function untouched whatever its signature, and a list of names (symbols.h) is all a
// new function needs. The trampolines are hidden: were they exported, a library opened
// later could bind its own calls to them, through slots not yet filled.
#include "slots.h"
#include "symbols.h"
#include "include/CCodecLoading.h"
#include <stdio.h>
#include <stdlib.h>

/// A deferred function called before its codec was opened: a fault of the gallery's own
/// (every caller opens the codec first), stopped with its name rather than a jump to 0.
__attribute__((noreturn, cold)) static void gallery_codec_unopened(const char *name) {
  fprintf(stderr, "gallery: %s was called before its library was opened\n", name);
  abort();
}

#define GALLERY_SLOT(name)                                                              \
  static void gallery_unopened_##name(void) { gallery_codec_unopened(#name); }          \
  __attribute__((visibility("hidden"), used)) void *gallery_slot_##name =               \
      (void *)&gallery_unopened_##name;
GALLERY_CODEC_SYMBOLS(GALLERY_SLOT)

#if defined(__x86_64__)
#define GALLERY_JUMP(name) "  jmp *gallery_slot_" #name "(%rip)\n"
#elif defined(__aarch64__)
#define GALLERY_JUMP(name)                                                              \
  "  adrp x16, gallery_slot_" #name "\n"                                                \
  "  ldr x16, [x16, :lo12:gallery_slot_" #name "]\n"                                    \
  "  br x16\n"
#else
#error "the codec trampolines are written for x86_64 and aarch64"
#endif

#define GALLERY_TRAMPOLINE(name)                                                        \
  __asm__(".pushsection .text\n"                                                       \
          ".globl " #name "\n"                                                          \
          ".hidden " #name "\n"                                                         \
          ".type " #name ", %function\n"                                                \
          ".p2align 4\n" #name ":\n" GALLERY_JUMP(name) ".size " #name ", . - " #name   \
          "\n.popsection\n");
GALLERY_CODEC_SYMBOLS(GALLERY_TRAMPOLINE)

#define GALLERY_ENTRY(name) {#name, &gallery_slot_##name},
static const gallery_codec_symbol ffmpeg[] = {GALLERY_FFMPEG_SYMBOLS(GALLERY_ENTRY)};
static const gallery_codec_symbol heif[] = {GALLERY_HEIF_SYMBOLS(GALLERY_ENTRY)};
static const gallery_codec_symbol jxl[] = {GALLERY_JXL_SYMBOLS(GALLERY_ENTRY)};
static const gallery_codec_symbol raw[] = {GALLERY_RAW_SYMBOLS(GALLERY_ENTRY)};
static const gallery_codec_symbol svg[] = {GALLERY_SVG_SYMBOLS(GALLERY_ENTRY)};

const gallery_codec_symbol *const gallery_codec_symbols[GALLERY_CODEC_COUNT] = {
    [GALLERY_CODEC_FFMPEG] = ffmpeg, [GALLERY_CODEC_HEIF] = heif, [GALLERY_CODEC_JXL] = jxl,
    [GALLERY_CODEC_RAW] = raw,       [GALLERY_CODEC_SVG] = svg,
};
#define GALLERY_COUNT(list) (sizeof(list) / sizeof((list)[0]))
const size_t gallery_codec_symbol_counts[GALLERY_CODEC_COUNT] = {
    [GALLERY_CODEC_FFMPEG] = GALLERY_COUNT(ffmpeg), [GALLERY_CODEC_HEIF] = GALLERY_COUNT(heif),
    [GALLERY_CODEC_JXL] = GALLERY_COUNT(jxl),       [GALLERY_CODEC_RAW] = GALLERY_COUNT(raw),
    [GALLERY_CODEC_SVG] = GALLERY_COUNT(svg),
};

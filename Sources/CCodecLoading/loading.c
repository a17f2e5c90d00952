// Opening a codec's libraries: dlopen by SONAME (the file the runtime package installs;
// the unversioned name is the -dev package's), the SONAMEs made from the headers the
// gallery was built against, so the library opened speaks the ABI it was compiled for,
// and every function of symbols.h resolved into its trampoline's slot before the codec
// is said to be ready.
#include "include/CCodecLoading.h"
#include "slots.h"
#include <dlfcn.h>
#include <jxl/version.h>
#include <libavcodec/version_major.h>
#include <libavformat/version_major.h>
#include <libavutil/version.h>
#include <libheif/heif_version.h>
#include <libraw/libraw_version.h>
#include <libswscale/version_major.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#define GALLERY_TEXT(x) #x
#define GALLERY_NUMBER(x) GALLERY_TEXT(x)

// LibHeif's SONAME and package carry its major version, which its header gives only
// packed into a number: "libheif.so.1" for 1.x.
#if (LIBHEIF_NUMERIC_VERSION >> 24) != 1
#error "the SONAME below is libheif.so.1: name libheif's new major version"
#endif
// LibRaw's SONAME number is libtool's current minus age: "libraw_r.so.20" for 0.20.
#if LIBRAW_SHLIB_AGE != 0
#error "LibRaw's SONAME below is its SHLIB_CURRENT: subtract LIBRAW_SHLIB_AGE"
#endif
// libjxl before 1.0 numbers its SONAME by major and minor (libjxl.so.0.7), as Debian's
// package (libjxl0.7).
#if JPEGXL_MAJOR_VERSION == 0
#define GALLERY_JXL_VERSION GALLERY_NUMBER(JPEGXL_MAJOR_VERSION) "." GALLERY_NUMBER(JPEGXL_MINOR_VERSION)
#else
#define GALLERY_JXL_VERSION GALLERY_NUMBER(JPEGXL_MAJOR_VERSION)
#endif

enum { GALLERY_MOST_FILES = 5 };

typedef struct {
  const char *files[GALLERY_MOST_FILES];
  const char *allFiles;
  const char *packages;
} gallery_codec_libraries;

#define AVFORMAT "libavformat.so." GALLERY_NUMBER(LIBAVFORMAT_VERSION_MAJOR)
#define AVCODEC "libavcodec.so." GALLERY_NUMBER(LIBAVCODEC_VERSION_MAJOR)
#define SWSCALE "libswscale.so." GALLERY_NUMBER(LIBSWSCALE_VERSION_MAJOR)
#define AVUTIL "libavutil.so." GALLERY_NUMBER(LIBAVUTIL_VERSION_MAJOR)
#define JXL "libjxl.so." GALLERY_JXL_VERSION
#define RAW "libraw_r.so." GALLERY_NUMBER(LIBRAW_SHLIB_CURRENT)

static const gallery_codec_libraries libraries[GALLERY_CODEC_COUNT] = {
    [GALLERY_CODEC_FFMPEG] = {{AVFORMAT, AVCODEC, SWSCALE, AVUTIL},
                              AVFORMAT " " AVCODEC " " SWSCALE " " AVUTIL,
                              "libavformat" GALLERY_NUMBER(LIBAVFORMAT_VERSION_MAJOR)
                              " libavcodec" GALLERY_NUMBER(LIBAVCODEC_VERSION_MAJOR)
                              " libswscale" GALLERY_NUMBER(LIBSWSCALE_VERSION_MAJOR)},
    [GALLERY_CODEC_HEIF] = {{"libheif.so.1"}, "libheif.so.1", "libheif1"},
    [GALLERY_CODEC_JXL] = {{JXL}, JXL, "libjxl" GALLERY_JXL_VERSION},
    [GALLERY_CODEC_RAW] = {{RAW}, RAW, "libraw" GALLERY_NUMBER(LIBRAW_SHLIB_CURRENT)},
    // GLib itself is linked already (libchafa needs it); named for g_error_free, so the
    // list says every library a function of symbols.h comes from.
    [GALLERY_CODEC_SVG] = {{"librsvg-2.so.2", "libcairo.so.2", "libgobject-2.0.so.0",
                            "libgio-2.0.so.0", "libglib-2.0.so.0"},
                           "librsvg-2.so.2 libcairo.so.2 libgobject-2.0.so.0 libgio-2.0.so.0"
                           " libglib-2.0.so.0",
                           "librsvg2-2 libcairo2 libglib2.0-0"},
};

enum { GALLERY_UNTRIED = 0, GALLERY_READY = 1, GALLERY_MISSING = -1 };
static _Atomic int states[GALLERY_CODEC_COUNT];
static char problems[GALLERY_CODEC_COUNT][512];
static pthread_mutex_t opening = PTHREAD_MUTEX_INITIALIZER;

/// Opens every file of `codec` and fills its slots; on failure writes why into
/// `problems[codec]` and leaves the slots as they were (a missing codec's functions are
/// never called). Called under `opening`.
static int gallery_codec_open_now(gallery_codec codec) {
  const gallery_codec_libraries *entry = &libraries[codec];
  void *handles[GALLERY_MOST_FILES] = {0};
  size_t opened = 0;
  for (; opened < GALLERY_MOST_FILES && entry->files[opened] != NULL; opened++) {
    // RTLD_LOCAL: the codec's names stay out of the global scope, where they could
    // shadow another library's.
    handles[opened] = dlopen(entry->files[opened], RTLD_NOW | RTLD_LOCAL);
    if (handles[opened] == NULL) {
      const char *reason = dlerror();
      snprintf(problems[codec], sizeof problems[codec], "%s",
               reason != NULL ? reason : entry->files[opened]);
      return 0;
    }
  }
  const gallery_codec_symbol *symbols = gallery_codec_symbols[codec];
  size_t count = gallery_codec_symbol_counts[codec];
  void *found[256];
  if (count > sizeof found / sizeof found[0]) {
    snprintf(problems[codec], sizeof problems[codec], "too many functions to resolve");
    return 0;
  }
  for (size_t index = 0; index < count; index++) {
    found[index] = NULL;
    for (size_t file = 0; file < opened && found[index] == NULL; file++) {
      found[index] = dlsym(handles[file], symbols[index].name);
    }
    if (found[index] == NULL) {
      snprintf(problems[codec], sizeof problems[codec],
               "none of %s has the function %s (another version than the gallery was built"
               " for)",
               entry->allFiles, symbols[index].name);
      return 0;
    }
  }
  // Filled only once every name resolved: a codec is either whole or untouched.
  for (size_t index = 0; index < count; index++) *symbols[index].slot = found[index];
  return 1;
}

int gallery_codec_open(gallery_codec codec, const char **problem) {
  if ((unsigned)codec >= GALLERY_CODEC_COUNT) {
    if (problem != NULL) *problem = "no such codec";
    return 0;
  }
  int state = atomic_load_explicit(&states[codec], memory_order_acquire);
  if (state == GALLERY_UNTRIED) {
    pthread_mutex_lock(&opening);
    state = atomic_load_explicit(&states[codec], memory_order_relaxed);
    if (state == GALLERY_UNTRIED) {
      state = gallery_codec_open_now(codec) ? GALLERY_READY : GALLERY_MISSING;
      // Release: a thread that sees READY sees every slot filled.
      atomic_store_explicit(&states[codec], state, memory_order_release);
    }
    pthread_mutex_unlock(&opening);
  }
  if (state == GALLERY_READY) return 1;
  if (problem != NULL) *problem = problems[codec];
  return 0;
}

int gallery_codec_tried(gallery_codec codec) {
  if ((unsigned)codec >= GALLERY_CODEC_COUNT) return 0;
  return atomic_load_explicit(&states[codec], memory_order_acquire) != GALLERY_UNTRIED;
}

int gallery_codec_failed(gallery_codec codec) {
  if ((unsigned)codec >= GALLERY_CODEC_COUNT) return 0;
  return atomic_load_explicit(&states[codec], memory_order_acquire) == GALLERY_MISSING;
}

const char *gallery_codec_library(gallery_codec codec) {
  return (unsigned)codec < GALLERY_CODEC_COUNT ? libraries[codec].files[0] : "";
}

const char *gallery_codec_packages(gallery_codec codec) {
  return (unsigned)codec < GALLERY_CODEC_COUNT ? libraries[codec].packages : "";
}

const char *gallery_codec_library_files(gallery_codec codec) {
  return (unsigned)codec < GALLERY_CODEC_COUNT ? libraries[codec].allFiles : "";
}

// The codec libraries a plain folder of JPEGs does not need (FFmpeg, libheif, libjxl,
// LibRaw, librsvg with cairo), opened with dlopen the first time a file needs them
// rather than by the dynamic loader before `main`: linked, they were 135 of the 165
// libraries loaded and relocated at every start. Their functions are reached through
// trampolines (symbols.h lists them; trampolines.c defines them), so the code that
// calls them is written as if they were linked; it must open the codec first.
#ifndef GALLERY_CCODECLOADING_H
#define GALLERY_CCODECLOADING_H

/// A group of libraries opened together, for the formats they decode.
typedef enum {
  GALLERY_CODEC_FFMPEG = 0,  ///< videos: libavformat, libavcodec, libswscale, libavutil
  GALLERY_CODEC_HEIF,        ///< HEIC, HEIF and AVIF: libheif
  GALLERY_CODEC_JXL,         ///< JPEG XL: libjxl
  GALLERY_CODEC_RAW,         ///< camera raw files: LibRaw (its thread-safe build)
  GALLERY_CODEC_SVG,         ///< SVG: librsvg, cairo, GObject and GIO
  GALLERY_CODEC_COUNT
} gallery_codec;

/// Opens `codec`'s libraries and resolves every function the gallery calls in them,
/// once for the process (later calls return the first call's answer at the cost of an
/// atomic load). Thread-safe. Returns 1 when they are ready; 0 when a library is
/// missing, of another version or lacks a function, with `*problem` (when not NULL) set
/// to a static sentence naming the file and the loader's reason.
int gallery_codec_open(gallery_codec codec, const char **problem);

/// 1 when opening `codec` was tried, whatever came of it; 0 before. Never opens it.
int gallery_codec_tried(gallery_codec codec);

/// 1 when opening `codec` was tried and failed; 0 when it was not tried or succeeded.
/// Never opens it.
int gallery_codec_failed(gallery_codec codec);

/// The first library file of `codec` the gallery opens, by its SONAME (`libheif.so.1`).
const char *gallery_codec_library(gallery_codec codec);

/// The Debian packages that hold `codec`'s libraries, as `apt install` takes them.
const char *gallery_codec_packages(gallery_codec codec);

/// Every library file `codec` opens, by SONAME, separated by spaces.
const char *gallery_codec_library_files(gallery_codec codec);

#endif

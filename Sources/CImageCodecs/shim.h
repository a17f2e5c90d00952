// TurboJPEG, libjpeg's own API for a part of a JPEG (its errors caught by setjmp inside
// one C function, never crossing into Swift), libpng (simplified png_image API: no
// setjmp crosses into Swift), and zlib (libpng's own dependency: kitty's compressed
// transmissions). Prefixed `gallery_` wrappers go here for macros Swift cannot import.
#ifndef GALLERY_CIMAGECODECS_SHIM_H
#define GALLERY_CIMAGECODECS_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <turbojpeg.h>
#include <jpeglib.h>
#include <png.h>
#include <zlib.h>

struct gallery_jpeg_error {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
};

static void gallery_jpeg_error_exit(j_common_ptr info) {
  struct gallery_jpeg_error *error = (struct gallery_jpeg_error *)info->err;
  longjmp(error->jump, 1);
}

static void gallery_jpeg_no_message(j_common_ptr info) { (void)info; }

/// Decodes the part of a JPEG at `x`, `y`, `width` × `height` pixels of its picture scaled
/// by `numerator`/`denominator` (libjpeg-turbo's eighths, 1/8 to 16/8), as RGBA, into `out` (`width` × `height` × 4 bytes).
/// Rows above the part are skipped without their inverse DCT (`jpeg_skip_scanlines`),
/// columns beside it without theirs (`jpeg_crop_scanline`), rows below are never read:
/// a part of a 12-megapixel photo costs the entropy decoding of the rows down to its
/// bottom, not the whole picture's work. Returns 0; 1 when libjpeg warned (data cut
/// short or damaged, filled in with grey): the caller decodes the whole picture, which
/// says it is partial; -1 with `message` filled when libjpeg fails; -2 when the part is
/// not inside the scaled picture or the picture is not YCbCr, RGB or grey (CMYK is left
/// to TurboJPEG).
static inline int gallery_jpeg_decode_part(const unsigned char *bytes, unsigned long length,
                                           int numerator, int denominator, int x, int y,
                                           int width,
                                           int height, unsigned char *out, char *message,
                                           int message_size) {
  struct jpeg_decompress_struct info;
  struct gallery_jpeg_error error;
  unsigned char *volatile row = NULL;
  memset(&info, 0, sizeof info);
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = gallery_jpeg_error_exit;
  error.manager.output_message = gallery_jpeg_no_message;
  if (setjmp(error.jump)) {
    if (message && message_size > 0) {
      char text[JMSG_LENGTH_MAX];
      (*info.err->format_message)((j_common_ptr)&info, text);
      snprintf(message, (size_t)message_size, "%s", text);
    }
    free(row);
    jpeg_destroy_decompress(&info);
    return -1;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, bytes, length);
  jpeg_read_header(&info, TRUE);
  if (info.jpeg_color_space != JCS_YCbCr && info.jpeg_color_space != JCS_GRAYSCALE &&
      info.jpeg_color_space != JCS_RGB) {
    jpeg_destroy_decompress(&info);
    return -2;
  }
  info.out_color_space = JCS_EXT_RGBA;
  // As TurboJPEG decodes whole pictures here (TJFLAG_FASTDCT, TJFLAG_FASTUPSAMPLE): a part
  // has the same pixels as the whole picture at that place.
  info.dct_method = JDCT_IFAST;
  info.do_fancy_upsampling = FALSE;
  info.scale_num = (unsigned int)numerator;
  info.scale_denom = (unsigned int)denominator;
  jpeg_start_decompress(&info);
  if (x < 0 || y < 0 || width <= 0 || height <= 0 ||
      (JDIMENSION)(x + width) > info.output_width ||
      (JDIMENSION)(y + height) > info.output_height) {
    jpeg_destroy_decompress(&info);
    return -2;
  }
  // The crop starts at an iMCU's edge: libjpeg moves `start` left and widens `span`.
  JDIMENSION start = (JDIMENSION)x, span = (JDIMENSION)width;
  jpeg_crop_scanline(&info, &start, &span);
  size_t shift = ((size_t)x - start) * 4;
  row = (unsigned char *)malloc((size_t)span * 4);
  if (!row) {
    jpeg_destroy_decompress(&info);
    return -1;
  }
  if (y > 0) jpeg_skip_scanlines(&info, (JDIMENSION)y);
  for (int line = 0; line < height; line++) {
    JSAMPROW rows[1] = {row};
    if (jpeg_read_scanlines(&info, rows, 1) != 1) break;
    memcpy(out + (size_t)line * (size_t)width * 4, row + shift, (size_t)width * 4);
  }
  free(row);
  long warnings = info.err->num_warnings;
  // The rows below are never decoded.
  jpeg_abort_decompress(&info);
  jpeg_destroy_decompress(&info);
  return warnings > 0 ? 1 : 0;
}

/// zlib-compresses `length` bytes into `out` (at least `gallery_zlib_bound`
/// bytes); returns the compressed size, or -1.
static inline long gallery_zlib_compress(const unsigned char *bytes, unsigned long length,
                                         unsigned char *out, unsigned long capacity, int level) {
  uLongf size = capacity;
  if (compress2(out, &size, bytes, length, level) != Z_OK) return -1;
  return (long)size;
}

static inline unsigned long gallery_zlib_bound(unsigned long length) {
  return compressBound(length);
}

/// Inflates zlib data into `out`, which must hold exactly the `expected` bytes it was
/// made from; returns 0, or -1 for damaged data or another size.
static inline int gallery_zlib_uncompress(const unsigned char *bytes, unsigned long length,
                                          unsigned char *out, unsigned long expected) {
  uLongf size = expected;
  if (uncompress(out, &size, bytes, length) != Z_OK || size != expected) return -1;
  return 0;
}

/// Inflates the start of a gzip stream (`length` bytes, possibly cut short) into `out`,
/// at most `capacity` bytes; returns how many bytes came out, or -1 when the data is not
/// gzip or is damaged before any came out. For sniffing a compressed SVG (`.svgz`).
static inline long gallery_gunzip_head(const unsigned char *bytes, unsigned long length,
                                       unsigned char *out, unsigned long capacity) {
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) return -1;
  stream.next_in = (unsigned char *)bytes;
  stream.avail_in = length > 0xFFFFFFFFul ? 0xFFFFFFFFu : (uInt)length;
  stream.next_out = out;
  stream.avail_out = capacity > 0xFFFFFFFFul ? 0xFFFFFFFFu : (uInt)capacity;
  int status = inflate(&stream, Z_SYNC_FLUSH);
  long produced = (long)stream.total_out;
  inflateEnd(&stream);
  if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
    return produced > 0 ? produced : -1;
  }
  return produced;
}

/// An 8-bit PNG of `width`×`height` pixels in memory: RGB, or RGBA (straight alpha)
/// when `alpha` is nonzero. With `out` NULL, returns the size needed; else writes at
/// most `capacity` bytes and returns the size written. -1 when libpng fails.
static inline long gallery_png_to_memory(const unsigned char *pixels, unsigned int width,
                                         unsigned int height, int alpha, unsigned char *out,
                                         unsigned long capacity) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  image.width = width;
  image.height = height;
  image.format = alpha ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
  png_alloc_size_t size = out == NULL ? 0 : capacity;
  if (!png_image_write_to_memory(&image, out, &size, 0, pixels, 0, NULL)) {
    png_image_free(&image);
    return -1;
  }
  return (long)size;
}

/// Writes an 8-bit PNG with tEXt chunks (the freedesktop thumbnail keys) to `path`
/// from RGBA rows, with libpng's classic API. png_image cannot write text chunks;
/// setjmp stays inside this function. Returns 0 on success, -1 when the file cannot
/// be opened, -2 when libpng fails (a full disk shows here). `interlaced` writes
/// Adam7; `drop_alpha` writes RGB (the 4th byte of each pixel is skipped);
/// `level` is zlib's 0-9, or -1 for libpng's default (with adaptive filtering).
static inline int gallery_png_write_with_text(
    const char *path, const unsigned char *rgba, unsigned int width, unsigned int height,
    const char *const *keys, const char *const *values, int count, int interlaced,
    int drop_alpha, int level) {
  FILE *volatile file = fopen(path, "wb");
  if (file == NULL) return -1;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  if (png == NULL) { fclose(file); return -2; }
  png_infop info = png_create_info_struct(png);
  if (info == NULL) { png_destroy_write_struct(&png, NULL); fclose(file); return -2; }
  png_textp volatile text = NULL;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(text);
    fclose(file);
    return -2;
  }
  png_init_io(png, file);
  if (level >= 0) {
    // Fast settings: one cheap filter, a low zlib level (thumbnails are small, and
    // writing them must not cost more than decoding the picture).
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
  }
  png_set_IHDR(png, info, width, height, 8,
               drop_alpha ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
               interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (count > 0) {
    text = (png_textp)calloc((size_t)count, sizeof(png_text));
    if (text == NULL) png_error(png, "out of memory");
    for (int i = 0; i < count; i++) {
      text[i].compression = PNG_TEXT_COMPRESSION_NONE;
      text[i].key = (png_charp)keys[i];
      text[i].text = (png_charp)values[i];
      text[i].text_length = strlen(values[i]);
    }
    png_set_text(png, info, text, count);
  }
  png_write_info(png, info);
  if (drop_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
  int passes = png_set_interlace_handling(png);
  for (int pass = 0; pass < passes; pass++)
    for (unsigned int y = 0; y < height; y++)
      png_write_row(png, (png_const_bytep)(rgba + (size_t)y * width * 4));
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  free(text);
  if (fflush(file) != 0 || ferror(file)) { fclose(file); return -2; }
  if (fclose(file) != 0) return -2;
  return 0;
}

/// An 8-bit RGBA PNG with tEXt chunks at libpng's default settings (see
/// `gallery_png_write_with_text`).
static inline int gallery_png_write_rgba_with_text(
    const char *path, const unsigned char *rgba, unsigned int width, unsigned int height,
    const char *const *keys, const char *const *values, int count, int interlaced) {
  return gallery_png_write_with_text(path, rgba, width, height, keys, values, count,
                                     interlaced, 0, -1);
}

/// `png_image` with its version field set (PNG_IMAGE_VERSION is a macro).
static inline png_image gallery_png_image(void) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  return image;
}
#endif

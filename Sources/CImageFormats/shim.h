// The picture formats beyond JPEG and PNG, and colour management: libwebp
// (with its demux library for animations; its encoder for turning a lossless WebP), giflib, libheif (HEIC and AVIF),
// libtiff, libjxl and lcms2. Prefixed `gallery_` wrappers go here for what Swift
// cannot import or call safely: variadic functions (TIFFGetField), va_list
// error handlers (libtiff), inline initialisers with ABI versions (libwebp),
// and giflib's read callback over a memory buffer.
#ifndef GALLERY_CIMAGEFORMATS_SHIM_H
#define GALLERY_CIMAGEFORMATS_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <gif_lib.h>
#include <libheif/heif.h>
#include <tiffio.h>
#include <jxl/decode.h>
#include <lcms2.h>

// MARK: - libwebp

/// A lossless WebP (a RIFF file holding one `VP8L` chunk) of `width`×`height` RGBA
/// pixels, every pixel's colour kept exactly, under transparent pixels too (`exact`).
/// Returns its size and sets `*out` to bytes libwebp allocated (`WebPFree`), or 0.
static inline size_t gallery_webp_encode_lossless(const uint8_t *rgba, int width, int height,
                                                  uint8_t **out) {
  *out = NULL;
  WebPConfig config;
  WebPPicture picture;
  if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) return 0;
  config.lossless = 1;
  config.exact = 1;
  config.quality = 75;
  config.method = 4;
  picture.use_argb = 1;
  picture.width = width;
  picture.height = height;
  if (!WebPPictureImportRGBA(&picture, rgba, width * 4)) return 0;
  WebPMemoryWriter writer;
  WebPMemoryWriterInit(&writer);
  picture.writer = WebPMemoryWrite;
  picture.custom_ptr = &writer;
  int encoded = WebPEncode(&config, &picture);
  WebPPictureFree(&picture);
  if (!encoded) {
    WebPMemoryWriterClear(&writer);
    return 0;
  }
  *out = writer.mem;
  return writer.size;
}

/// `WebPInitDecoderConfig` (an inline function passing the ABI version).
static inline int gallery_webp_init_config(WebPDecoderConfig *config) {
  return WebPInitDecoderConfig(config);
}

/// `WebPGetFeatures` (inline, ABI-versioned).
static inline VP8StatusCode gallery_webp_features(const uint8_t *data, size_t size,
                                                  WebPBitstreamFeatures *features) {
  return WebPGetFeatures(data, size, features);
}

/// An animation decoder over `size` bytes at `data` (which must outlive it), RGBA
/// output, no threads of its own. NULL when the data is not a valid animation.
static inline WebPAnimDecoder *gallery_webp_anim_decoder(const uint8_t *data, size_t size) {
  WebPAnimDecoderOptions options;
  if (!WebPAnimDecoderOptionsInit(&options)) return NULL;
  options.color_mode = MODE_RGBA;
  options.use_threads = 0;
  WebPData webp = {data, size};
  return WebPAnimDecoderNew(&webp, &options);
}

// MARK: - giflib

/// The bytes giflib reads from, through `gallery_gif_read`.
typedef struct {
  const uint8_t *data;
  size_t size;
  size_t offset;
} gallery_gif_source;

static inline int gallery_gif_read(GifFileType *gif, GifByteType *buffer, int length) {
  gallery_gif_source *source = (gallery_gif_source *)gif->UserData;
  if (source == NULL || length <= 0) return 0;
  size_t left = source->size - source->offset;
  size_t count = (size_t)length < left ? (size_t)length : left;
  memcpy(buffer, source->data + source->offset, count);
  source->offset += count;
  return (int)count;
}

/// `DGifOpen` on a memory buffer; `source` must outlive the returned file.
static inline GifFileType *gallery_gif_open(gallery_gif_source *source, int *error) {
  return DGifOpen(source, gallery_gif_read, error);
}

/// Closes a file opened with `gallery_gif_open`.
static inline void gallery_gif_close(GifFileType *gif) {
  int error = 0;
  DGifCloseFile(gif, &error);
}

/// The current frame's descriptor after `DGifGetImageDesc` (`gif->Image`).
static inline GifImageDesc gallery_gif_image(const GifFileType *gif) { return gif->Image; }

/// The palette of the current frame: its own, else the global one; NULL if neither.
static inline const ColorMapObject *gallery_gif_palette(const GifFileType *gif) {
  if (gif->Image.ColorMap != NULL) return gif->Image.ColorMap;
  return gif->SColorMap;
}

/// Reads the current frame's `width`×`height` palette indices into `pixels` (row
/// major, interlaced rows put in place). Returns the rows read before an error:
/// `height` when the frame is whole.
static inline int gallery_gif_read_frame(GifFileType *gif, uint8_t *pixels, int width,
                                         int height, int interlaced) {
  static const int starts[4] = {0, 4, 2, 1};
  static const int steps[4] = {8, 8, 4, 2};
  int rows = 0;
  if (interlaced) {
    for (int pass = 0; pass < 4; pass++)
      for (int y = starts[pass]; y < height; y += steps[pass]) {
        if (DGifGetLine(gif, pixels + (size_t)y * width, width) != GIF_OK) return rows;
        rows++;
      }
  } else {
    for (int y = 0; y < height; y++) {
      if (DGifGetLine(gif, pixels + (size_t)y * width, width) != GIF_OK) return rows;
      rows++;
    }
  }
  return rows;
}

/// Reads the rest of an extension after `DGifGetExtension` gave its `code` and first
/// `block`: keeps the graphic control block (delay, disposal, transparency) of
/// 0xF9 in `control`, and the NETSCAPE2.0 loop count in `loop_count`; skips the
/// rest. Returns GIF_OK or GIF_ERROR.
static inline int gallery_gif_read_extension(GifFileType *gif, int code, GifByteType *block,
                                             GraphicsControlBlock *control, int *has_control,
                                             int *loop_count) {
  if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
    if (DGifExtensionToGCB(block[0], block + 1, control) == GIF_OK) *has_control = 1;
  }
  int netscape = code == APPLICATION_EXT_FUNC_CODE && block != NULL && block[0] >= 11 &&
                 memcmp(block + 1, "NETSCAPE2.0", 11) == 0;
  while (block != NULL) {
    if (DGifGetExtensionNext(gif, &block) != GIF_OK) return GIF_ERROR;
    if (netscape && block != NULL && block[0] >= 3 && block[1] == 1) {
      *loop_count = block[2] | (block[3] << 8);
      netscape = 0;
    }
  }
  return GIF_OK;
}

/// The RGB triple at `index` of `palette`, or -1 when the index is past its end.
static inline int32_t gallery_gif_colour(const ColorMapObject *palette, int index) {
  if (palette == NULL || index < 0 || index >= palette->ColorCount || palette->Colors == NULL)
    return -1;
  GifColorType c = palette->Colors[index];
  return ((int32_t)c.Red << 16) | ((int32_t)c.Green << 8) | (int32_t)c.Blue;
}

// MARK: - libtiff

/// What libtiff said last about a file (its error and warning handlers write here).
typedef struct {
  char message[256];
  const uint8_t *data;
  uint64_t size;
  uint64_t offset;
} gallery_tiff_source;

static inline int gallery_tiff_error(TIFF *tif, void *user, const char *module,
                                     const char *format, va_list args) {
  (void)tif;
  (void)module;
  gallery_tiff_source *source = (gallery_tiff_source *)user;
  if (source != NULL && source->message[0] == '\0')
    vsnprintf(source->message, sizeof source->message, format, args);
  return 1;  // handled: nothing reaches standard error (the terminal)
}

static inline int gallery_tiff_warning(TIFF *tif, void *user, const char *module,
                                       const char *format, va_list args) {
  (void)tif; (void)user; (void)module; (void)format; (void)args;
  return 1;
}

static inline tmsize_t gallery_tiff_read(thandle_t handle, void *buffer, tmsize_t size) {
  gallery_tiff_source *source = (gallery_tiff_source *)handle;
  if (size <= 0 || source->offset >= source->size) return 0;
  uint64_t left = source->size - source->offset;
  uint64_t count = (uint64_t)size < left ? (uint64_t)size : left;
  memcpy(buffer, source->data + source->offset, (size_t)count);
  source->offset += count;
  return (tmsize_t)count;
}

static inline tmsize_t gallery_tiff_write(thandle_t handle, void *buffer, tmsize_t size) {
  (void)handle; (void)buffer; (void)size;
  return -1;
}

static inline toff_t gallery_tiff_seek(thandle_t handle, toff_t offset, int whence) {
  gallery_tiff_source *source = (gallery_tiff_source *)handle;
  uint64_t base = whence == SEEK_CUR ? source->offset : whence == SEEK_END ? source->size : 0;
  // An offset past the end is allowed (reads there return nothing), as for a file.
  source->offset = base + offset;
  return source->offset;
}

static inline int gallery_tiff_close(thandle_t handle) { (void)handle; return 0; }

static inline toff_t gallery_tiff_size(thandle_t handle) {
  return ((gallery_tiff_source *)handle)->size;
}

static inline int gallery_tiff_map(thandle_t handle, void **base, toff_t *size) {
  (void)handle; (void)base; (void)size;
  return 0;  // no mapping: libtiff reads through gallery_tiff_read
}

static inline void gallery_tiff_unmap(thandle_t handle, void *base, toff_t size) {
  (void)handle; (void)base; (void)size;
}

/// Opens the TIFF in `source` for reading, with errors and warnings kept in
/// `source->message` and no single allocation past `max_allocation` bytes.
static inline TIFF *gallery_tiff_open(gallery_tiff_source *source, int64_t max_allocation) {
  // Some libtiff paths report through the process-wide handlers, which print to
  // standard error; the terminal belongs to the gallery.
  TIFFSetErrorHandler(NULL);
  TIFFSetWarningHandler(NULL);
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (options == NULL) return NULL;
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)max_allocation);
  TIFFOpenOptionsSetErrorHandlerExtR(options, gallery_tiff_error, source);
  TIFFOpenOptionsSetWarningHandlerExtR(options, gallery_tiff_warning, source);
  TIFF *tif = TIFFClientOpenExt("picture", "rm", (thandle_t)source, gallery_tiff_read,
                                gallery_tiff_write, gallery_tiff_seek, gallery_tiff_close,
                                gallery_tiff_size, gallery_tiff_map, gallery_tiff_unmap,
                                options);
  TIFFOpenOptionsFree(options);
  return tif;
}

/// Width and height of the current directory (TIFFGetField is variadic).
static inline int gallery_tiff_size_of(TIFF *tif, uint32_t *width, uint32_t *height) {
  return TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, width) &&
         TIFFGetField(tif, TIFFTAG_IMAGELENGTH, height);
}

/// The Orientation tag (1-8), 1 when absent.
static inline int gallery_tiff_orientation(TIFF *tif) {
  uint16_t value = ORIENTATION_TOPLEFT;
  TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &value);
  return (value >= 1 && value <= 8) ? value : 1;
}

/// The embedded ICC profile, or 0 when there is none.
static inline uint32_t gallery_tiff_icc(TIFF *tif, const void **data) {
  uint32_t count = 0;
  void *profile = NULL;
  if (!TIFFGetField(tif, TIFFTAG_ICCPROFILE, &count, &profile) || profile == NULL) return 0;
  *data = profile;
  return count;
}

/// An ASCII tag (DateTime, Model), or NULL.
static inline const char *gallery_tiff_text(TIFF *tif, uint32_t tag) {
  const char *text = NULL;
  if (!TIFFGetField(tif, tag, &text)) return NULL;
  return text;
}

/// The bytes libtiff's RGBA reader holds beside the raster while it reads the current
/// directory: one strip (or tile) at a time, of every plane when planes are stored
/// apart (its `gtStripSeparate` and `gtTileSeparate` read up to four at once).
static inline uint64_t gallery_tiff_read_buffer_bytes(TIFF *tif) {
  uint16_t planar = PLANARCONFIG_CONTIG;
  TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &planar);
  uint64_t unit = TIFFIsTiled(tif) ? TIFFTileSize64(tif) : TIFFStripSize64(tif);
  return planar == PLANARCONFIG_SEPARATE ? unit * 4 : unit;
}

/// Reads the current directory as RGBA into `raster` (`width`×`height` 32-bit
/// pixels, top row first) in the order the pixels are stored: the Orientation tag
/// is left to the caller, which applies all eight (libtiff's reader only flips).
/// Returns 1 when the whole picture was read, 0 when part was, -1 when none.
static inline int gallery_tiff_read_rgba(TIFF *tif, uint32_t *raster, uint32_t width,
                                         uint32_t height, char error[1024]) {
  TIFFRGBAImage image;
  if (!TIFFRGBAImageOK(tif, error) || !TIFFRGBAImageBegin(&image, tif, 0, error)) return -1;
  image.req_orientation = image.orientation;
  int ok = TIFFRGBAImageGet(&image, raster, width, height);
  TIFFRGBAImageEnd(&image);
  return ok ? 1 : 0;
}

// MARK: - libjxl

/// The payload of a JPEG XL container's first `Exif` box into `out` (`capacity` bytes),
/// a Brotli-compressed one (`brob`, as cjxl writes a JPEG's EXIF) unpacked by libjxl;
/// its length, 0 when there is none, -1 when the file cannot be read or the box is larger
/// than `capacity`. Only the boxes are read: no frame is decoded.
static inline long gallery_jxl_exif(const uint8_t *data, size_t size, uint8_t *out,
                                    size_t capacity) {
  JxlDecoder *decoder = JxlDecoderCreate(NULL);
  if (decoder == NULL) return -1;
  long result = -1;
  int collecting = 0;
  if (JxlDecoderSubscribeEvents(decoder, JXL_DEC_BOX) == JXL_DEC_SUCCESS &&
      JxlDecoderSetDecompressBoxes(decoder, JXL_TRUE) == JXL_DEC_SUCCESS &&
      JxlDecoderSetInput(decoder, data, size) == JXL_DEC_SUCCESS) {
    JxlDecoderCloseInput(decoder);
    for (;;) {
      JxlDecoderStatus status = JxlDecoderProcessInput(decoder);
      if (status == JXL_DEC_BOX && !collecting) {
        JxlBoxType type;
        if (JxlDecoderGetBoxType(decoder, type, JXL_TRUE) != JXL_DEC_SUCCESS) break;
        if (memcmp(type, "Exif", 4) == 0) {
          if (JxlDecoderSetBoxBuffer(decoder, out, capacity) != JXL_DEC_SUCCESS) break;
          collecting = 1;
        }
        continue;
      }
      if (collecting && status != JXL_DEC_BOX_NEED_MORE_OUTPUT && status != JXL_DEC_ERROR) {
        // The box ended (the next one began, or the file did): what the buffer holds.
        result = (long)(capacity - JxlDecoderReleaseBoxBuffer(decoder));
      } else if (!collecting && status == JXL_DEC_SUCCESS) {
        result = 0;
      }
      break;
    }
  }
  JxlDecoderDestroy(decoder);
  return result;
}

/// The sRGB colour encoding (JxlColorEncodingSetToSRGB's fields, without the
/// separate jxl_cms library).
static inline JxlColorEncoding gallery_jxl_srgb(void) {
  JxlColorEncoding encoding;
  memset(&encoding, 0, sizeof encoding);
  encoding.color_space = JXL_COLOR_SPACE_RGB;
  encoding.white_point = JXL_WHITE_POINT_D65;
  encoding.primaries = JXL_PRIMARIES_SRGB;
  encoding.transfer_function = JXL_TRANSFER_FUNCTION_SRGB;
  encoding.rendering_intent = JXL_RENDERING_INTENT_PERCEPTUAL;
  return encoding;
}

// MARK: - lcms2

/// A transform from the RGB profile `source` to sRGB on 8-bit RGBA (alpha copied),
/// made without lcms2's cache so threads may share it; closes `source`. NULL when
/// the profile is not RGB or lcms2 refuses it.
static inline cmsHTRANSFORM gallery_lcms_transform_closing(cmsHPROFILE source) {
  cmsHTRANSFORM transform = NULL;
  cmsHPROFILE srgb = cmsCreate_sRGBProfile();
  if (srgb != NULL && cmsGetColorSpace(source) == cmsSigRgbData)
    transform = cmsCreateTransform(source, TYPE_RGBA_8, srgb, TYPE_RGBA_8,
                                   INTENT_PERCEPTUAL, cmsFLAGS_COPY_ALPHA | cmsFLAGS_NOCACHE);
  if (srgb != NULL) cmsCloseProfile(srgb);
  cmsCloseProfile(source);
  return transform;
}

/// A transform from the RGB profile `icc` to sRGB on 8-bit RGBA (alpha copied),
/// safe to share between threads (no cache). NULL when the profile is not RGB or
/// lcms2 rejects it. `description` receives the profile's description (UTF-8 from
/// its ASCII form), empty when it has none.
static inline cmsHTRANSFORM gallery_lcms_transform_to_srgb(const void *icc, uint32_t size,
                                                           char *description,
                                                           uint32_t description_size) {
  if (description_size > 0) description[0] = '\0';
  cmsHPROFILE source = cmsOpenProfileFromMem(icc, size);
  if (source == NULL) return NULL;
  if (description_size > 0)
    cmsGetProfileInfoASCII(source, cmsInfoDescription, "en", "US", description,
                           description_size);
  return gallery_lcms_transform_closing(source);
}

/// The description of the profile `icc`, or "" (into `description`).
static inline void gallery_lcms_description(const void *icc, uint32_t size, char *description,
                                            uint32_t description_size) {
  if (description_size == 0) return;
  description[0] = '\0';
  cmsHPROFILE profile = cmsOpenProfileFromMem(icc, size);
  if (profile == NULL) return;
  cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", description, description_size);
  cmsCloseProfile(profile);
}

/// The profile's red, green and blue colorants (D50 XYZ, nine numbers) and its red
/// curve at 0.5 (the tenth), for telling an sRGB profile from others; 0 when it has
/// none (not a matrix/TRC profile).
static inline int gallery_lcms_colorants(const void *icc, uint32_t size, double out[10]) {
  cmsHPROFILE profile = cmsOpenProfileFromMem(icc, size);
  if (profile == NULL) return 0;
  const cmsCIEXYZ *r = (const cmsCIEXYZ *)cmsReadTag(profile, cmsSigRedColorantTag);
  const cmsCIEXYZ *g = (const cmsCIEXYZ *)cmsReadTag(profile, cmsSigGreenColorantTag);
  const cmsCIEXYZ *b = (const cmsCIEXYZ *)cmsReadTag(profile, cmsSigBlueColorantTag);
  const cmsToneCurve *curve = (const cmsToneCurve *)cmsReadTag(profile, cmsSigRedTRCTag);
  int ok = r != NULL && g != NULL && b != NULL && curve != NULL;
  if (ok) {
    out[0] = r->X; out[1] = r->Y; out[2] = r->Z;
    out[3] = g->X; out[4] = g->Y; out[5] = g->Z;
    out[6] = b->X; out[7] = b->Y; out[8] = b->Z;
    out[9] = cmsEvalToneCurveFloat(curve, 0.5f);
  }
  cmsCloseProfile(profile);
  return ok;
}

/// An RGB profile from primaries given as CIE xy (red, green, blue, white) and a
/// transfer curve: 0 the sRGB curve, 1 the BT.709 curve, 2 linear. NULL on failure.
static inline cmsHPROFILE gallery_lcms_rgb_profile(const double xy[8], int curve) {
  cmsCIExyY white = {xy[6], xy[7], 1.0};
  cmsCIExyYTRIPLE primaries = {{xy[0], xy[1], 1.0}, {xy[2], xy[3], 1.0}, {xy[4], xy[5], 1.0}};
  cmsToneCurve *tone = NULL;
  if (curve == 0) {
    double p[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
    tone = cmsBuildParametricToneCurve(NULL, 4, p);
  } else if (curve == 1) {
    double p[5] = {1.0 / 0.45, 1.0 / 1.099, 0.099 / 1.099, 1.0 / 4.5, 0.081};
    tone = cmsBuildParametricToneCurve(NULL, 4, p);
  } else {
    tone = cmsBuildGamma(NULL, 1.0);
  }
  if (tone == NULL) return NULL;
  cmsToneCurve *curves[3] = {tone, tone, tone};
  cmsHPROFILE profile = cmsCreateRGBProfile(&white, &primaries, curves);
  cmsFreeToneCurve(tone);
  return profile;
}

/// A transform to sRGB (8-bit RGBA, alpha copied, thread-safe) from primaries and a
/// curve as in `gallery_lcms_rgb_profile`: for nclx colour descriptions (HEIF,
/// AVIF). NULL on failure.
static inline cmsHTRANSFORM gallery_lcms_transform_from_primaries(const double xy[8], int curve) {
  cmsHPROFILE source = gallery_lcms_rgb_profile(xy, curve);
  if (source == NULL) return NULL;
  return gallery_lcms_transform_closing(source);
}

/// Writes an RGB profile (see `gallery_lcms_rgb_profile`) described as `description`
/// into `out` (`size` bytes); returns the bytes it takes (call with `out` NULL to
/// ask), 0 on failure. For making profiled test pictures.
static inline uint32_t gallery_lcms_save_rgb_profile(const double xy[8], int curve,
                                                     const char *description, void *out,
                                                     uint32_t size) {
  cmsHPROFILE profile = gallery_lcms_rgb_profile(xy, curve);
  if (profile == NULL) return 0;
  cmsMLU *text = cmsMLUalloc(NULL, 1);
  if (text != NULL) {
    cmsMLUsetASCII(text, "en", "US", description);
    cmsWriteTag(profile, cmsSigProfileDescriptionTag, text);
    cmsMLUfree(text);
  }
  cmsUInt32Number needed = 0;
  if (!cmsSaveProfileToMem(profile, NULL, &needed) || (out != NULL && needed > size)) {
    cmsCloseProfile(profile);
    return 0;
  }
  if (out != NULL && !cmsSaveProfileToMem(profile, out, &needed)) needed = 0;
  cmsCloseProfile(profile);
  return needed;
}
#endif
